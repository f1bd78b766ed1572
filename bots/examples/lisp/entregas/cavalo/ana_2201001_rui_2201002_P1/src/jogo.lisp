;;;; jogo.lisp - grupo P1: o jogador do campeonato.
;;;; estado: (tabuleiro jogador pontos-brancas pontos-pretas), jogador 1 ou 2.
;;;; jogar devolve ((linha coluna) novo-estado), linhas e colunas a partir de 1.

(defpackage :p1 (:use :common-lisp) (:export :jogar))
(in-package :p1)

(load "../regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
      (list (list (1+ (first jogada)) (1+ (second jogada)))
            (list novo (outro jogador) (first novos) (second novos))))))
