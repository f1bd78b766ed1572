;;;; A sample arena bot in Lisp: board, player and points, as they are,
;;;; answering ((row col) new-state) with rows and columns from 1.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/jogador/jogo.lisp],
;;;;          state: board-player-scores, answer: move-and-state,
;;;;          perspective: absolute, index_base: 1}
;;;;
;;;; estado is (board player white-points black-points); player is 1 (white)
;;;; or 2 (black). jogar returns ((row col) (new-board next-player white
;;;; black)), (1 1) being A1. A double's removal is read from the new board.

(defpackage :pjogador
  (:use :common-lisp)
  (:export :jogar))

(in-package :pjogador)

(load "../regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador)
      (list (list (1+ (first jogada)) (1+ (second jogada)))
            (list novo (outro jogador) (first novos) (second novos))))))
