;;;; jogo.lisp - grupo A4: the estado is (tabuleiro (pontos-j1 pontos-j2));
;;;; jogar looks for the best hole but forgets to return it.

(defpackage :pa4 (:use :common-lisp) (:export :jogar))
(in-package :pa4)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let ((melhor nil))
    (dolist (j (cavidades-jogaveis (first estado) 0))
      (when (null melhor)
        (setf melhor j)))))
