;;; A bot that uses 99.5 % of tempo, as one real submission does: it finds
;;; its move with the sample bots' search, then keeps searching (consing, so
;;; that SBCL's collector runs as it would) until 99.5 % of tempo is spent.
;;; State board-player-scores, answer move-and-state, index_base 1.
(defpackage :plento (:use :cl) (:export :jogar))
(in-package :plento)

(load "../../examples/lisp/regras.lisp")

(defun jogar (estado tempo)
  (let ((fim (+ (get-internal-real-time)
                (floor (* 0.995 tempo internal-time-units-per-second) 1000))))
    (destructuring-bind (tab jogador brancas pretas) estado
      (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador)
        (loop while (< (get-internal-real-time) fim)
              do (melhor-jogada tab (list brancas pretas) jogador 1))
        (list (list (1+ (first jogada)) (1+ (second jogada)))
              (list novo (outro jogador) (first novos) (second novos)))))))
