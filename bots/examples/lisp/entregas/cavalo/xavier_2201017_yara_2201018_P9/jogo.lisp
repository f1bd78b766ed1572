;;;; jogo.lisp - grupo P9: jogar takes a third required argument, the
;;;; search depth. The championship calls (jogar estado tempo): it cannot
;;;; take part.

(defpackage :p9 (:use :common-lisp) (:export :jogar))
(in-package :p9)

(load "regras.lisp")

(defun jogar (estado tempo profundidade)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador profundidade)
      (list (list (first jogada) (second jogada))
            (list novo (outro jogador) (first novos) (second novos))))))
