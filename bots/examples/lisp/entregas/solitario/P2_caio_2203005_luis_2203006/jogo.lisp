;;;; jogo.lisp - grupo de 2203005 e 2203006: jogar takes a third required
;;;; argument, the player. The championship calls (jogar estado tempo): it
;;;; cannot take part.

(defpackage :p2203005-2203006 (:use :common-lisp) (:export :jogar))
(in-package :p2203005-2203006)

(load "regras.lisp")

(defun jogar (estado tempo jogador)
  (declare (ignore tempo))
  (let ((j (melhor-jogada estado jogador 2)))
    (list (list (first j) (1+ (second j)) (1+ (third j))) (fourth j))))
