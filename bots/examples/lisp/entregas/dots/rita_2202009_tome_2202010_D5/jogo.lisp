;;;; jogo.lisp - grupo D5: the bare board: sent the board alone, it returns
;;;; the board with one arc more.

(defpackage :pd5 (:use :common-lisp) (:export :jogar))
(in-package :pd5)

(load "regras.lisp")

(defun jogar (tabuleiro tempo)
  (declare (ignore tempo))
  (let ((a (escolher tabuleiro)))
    (if a (desenhar tabuleiro a) tabuleiro)))
