;;;; jogo.lisp - grupo D1: returns the estado after its WHOLE turn, every
;;;; box it can take and one arc more.
;;;; estado: (tabuleiro (caixas-j1 caixas-j2)), the bot being player 1.

(defpackage :pd1 (:use :common-lisp) (:export :jogar))
(in-package :pd1)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (loop
    (multiple-value-bind (a novo) (jogada estado)
      (when (null a) (return estado))
      (let ((fechou (/= (first (second novo)) (first (second estado)))))
        (setf estado novo)
        (unless fechou (return estado))))))
