;;;; jogo.lisp - grupo de 2203001 e 2203002: o jogador do campeonato.
;;;; estado: (tabuleiro jogador), jogador 1 ou 2.
;;;; jogar devolve ((operador linha coluna) novo-tabuleiro), linhas e
;;;; colunas a partir de 1, como o enunciado.

(defpackage :p2203001-2203002 (:use :common-lisp) (:export :jogar))
(in-package :p2203001-2203002)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador) estado
    (let ((j (melhor-jogada tab jogador 3)))
      (list (list (first j) (1+ (second j)) (1+ (third j)))
            (fourth j)))))
