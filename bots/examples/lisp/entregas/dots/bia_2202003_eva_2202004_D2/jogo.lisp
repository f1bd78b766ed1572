;;;; jogo.lisp - grupo D2: returns two values, (values arco novo-estado),
;;;; one arc; when it closes a box it is asked again.

(defpackage :pd2 (:use :common-lisp) (:export :jogar))
(in-package :pd2)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (jogada estado))
