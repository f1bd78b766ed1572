;;; A Cavalo bot whose estado is (board player white black) with the player
;;; given as its knight's code, -1 or -2 (side: knight). Told 1 or 2 it
;;; answers NIL, as the submission it imitates did.
(defpackage :pknight (:use :cl) (:export :jogar))
(in-package :pknight)

(load "../../examples/lisp/regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab codigo brancas pretas) estado
    (when (minusp codigo)
      (let ((jogador (- codigo)))
        (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 1)
          (declare (ignore jogada))
          (list novo (- (outro jogador)) (first novos) (second novos)))))))
