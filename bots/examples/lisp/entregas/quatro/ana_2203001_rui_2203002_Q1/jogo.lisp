;;;; jogo.lisp - grupo Q1: answers ((linha coluna) novo-estado), counted
;;;; from 0; the piece played is the one the new estado holds.
;;;; estado: (tabuleiro reserva).

(defpackage :q1 (:use :common-lisp) (:export :jogar))
(in-package :q1)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let ((j (escolher-jogada estado)))
    (list (list (first j) (second j)) (aplicar-jogada estado j))))
