;;;; jogo.lisp - grupo P14: jogar is a stub, its body only its
;;;; documentation string, which it returns: it cannot take part.

(defpackage :p14 (:use :common-lisp) (:export :jogar))
(in-package :p14)

(load "regras.lisp")

(defun jogar (estado tempo)
  "Recebe o estado e o tempo limite e devolve a jogada e o novo estado.")
