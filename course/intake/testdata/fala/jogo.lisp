;;;; jogo.lisp - a bot that talks: it prints while it loads and while it
;;;; thinks, then signals an error on every call. The probe keeps what it
;;;; printed while loading apart from what it wrote in its calls, and the
;;;; position it failed on.
(defpackage :pfala (:use :common-lisp) (:export :jogar))
(in-package :pfala)

(format t "a carregar as regras~%")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (format t "a pensar em ~a linhas~%" (length (first estado)))
  (error "tabuleiro estragado"))
