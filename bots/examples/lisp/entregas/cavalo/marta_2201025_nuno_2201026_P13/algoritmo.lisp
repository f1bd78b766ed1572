;;;; algoritmo.lisp - grupo P13: jogar is defined inside a top-level let
;;;; that keeps the search's counters, and takes a third required
;;;; argument, the search depth. The championship calls (jogar estado
;;;; tempo): it cannot take part.

(defpackage :p13 (:use :common-lisp) (:export :jogar))
(in-package :p13)

(load "regras.lisp")

(let ((nos-expandidos 0)
      (cortes 0))
  (defun estatisticas ()
    (list nos-expandidos cortes))

  ;; jogar: the best move at the given depth.
  (defun jogar (estado tempo profundidade)
    (declare (ignore tempo))
    (setf nos-expandidos 0 cortes 0)
    (destructuring-bind (tab jogador brancas pretas) estado
      (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador profundidade)
        (list (list (first jogada) (second jogada))
              (list novo (outro jogador) (first novos) (second novos)))))))
