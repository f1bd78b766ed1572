;;;; jogo.lisp - grupo P4: the bare board, always the first player.
;;;; estado: o tabuleiro; jogar devolve o novo tabuleiro.

(defpackage :p4 (:use :common-lisp) (:export :jogar))
(in-package :p4)

(load "regras.lisp")

(defun jogar (tabuleiro tempo)
  (declare (ignore tempo))
  (nth-value 1 (melhor-jogada tabuleiro (list 0 0) 1 2)))
