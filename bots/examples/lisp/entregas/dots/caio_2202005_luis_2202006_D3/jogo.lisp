;;;; jogo.lisp - grupo D3: returns (tabuleiro), a list holding the new
;;;; board ((H V)), one arc more.

(defpackage :pd3 (:use :common-lisp) (:export :jogar))
(in-package :pd3)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((tabuleiro (first estado))
         (a (escolher tabuleiro)))
    (list (if a (desenhar tabuleiro a) tabuleiro))))
