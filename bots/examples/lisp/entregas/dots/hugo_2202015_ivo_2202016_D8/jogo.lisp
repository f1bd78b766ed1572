;;;; jogo.lisp - grupo D8: o menu carrega o puzzle quando e chamado; jogar
;;;; recebe a profundidade da procura, nao o tempo.
;;;; estado: (tabuleiro (caixas-j1 caixas-j2)).

(defpackage :pd8 (:use :common-lisp) (:export :jogar))
(in-package :pd8)

(defun iniciar ()
  "The menu: loads the puzzle and asks for the depth."
  (load "puzzle.lisp")
  (format t "Profundidade? ")
  (let ((p (read)))
    (jogar (estado-inicial) p)))

(load "regras.lisp")

(defun jogar (estado profundidade)
  (let ((melhor nil))
    (dotimes (i profundidade)
      (setf melhor (multiple-value-list (jogada estado))))
    (values-list melhor)))
