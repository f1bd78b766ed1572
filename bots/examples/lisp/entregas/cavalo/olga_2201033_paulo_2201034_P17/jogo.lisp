;;;; jogo.lisp - grupo P17: jogar is a stub, its body only its
;;;; documentation string, which it returns: it cannot take part.

(defpackage :p17 (:use :common-lisp) (:export :jogar))
(in-package :p17)

(load "regras.lisp")

(defun jogar (estado tempo)
  "Recebe o estado e o tempo limite e devolve a jogada e o novo estado.")
