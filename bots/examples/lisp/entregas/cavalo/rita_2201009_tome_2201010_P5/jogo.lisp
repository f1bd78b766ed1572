;;;; jogo.lisp - grupo P5: board, player and points, as they are; jogar
;;;; returns two values, (values (linha coluna) novo-estado), from 0.

(defpackage :p5 (:use :common-lisp) (:export :jogar))
(in-package :p5)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
      (values (list (first jogada) (second jogada))
              (list novo (outro jogador) (first novos) (second novos))))))
