;;;; jogo.lisp - grupo A2 (2024/25): the estado is (tabuleiro (pontos-j1
;;;; pontos-j2)); the bot is always player 1 (row 0) and returns
;;;; ((linha coluna) novo-estado), 0-based.

(defpackage :pa2 (:use :common-lisp) (:export :jogar))
(in-package :pa2)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tabuleiro pontos) estado
    (let ((j (melhor-jogada tabuleiro pontos 3)))
      (list j (jogada-adji tabuleiro pontos (first j) (second j) 0)))))
