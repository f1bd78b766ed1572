;;;; jogo.lisp - grupo A1 (2018/19): the estado is the board alone,
;;;; ((r0c0 ... r0c5) (r1c0 ... r1c5)); the bot is always player 1 (row 0)
;;;; and returns the new board.

(defpackage :pa1 (:use :common-lisp) (:export :jogar))
(in-package :pa1)

(load "regras.lisp")

(defun jogar (tabuleiro tempo)
  (declare (ignore tempo))
  (let ((j (melhor-jogada tabuleiro '(0 0) 4)))
    (first (jogada-adji tabuleiro '(0 0) (first j) (second j) 0))))
