;;;; jogo.lisp - grupo P10: jogar is the project's interactive menu: it
;;;; asks the keyboard what to do. A bot reads an empty standard input, so
;;;; it cannot take part.

(defpackage :p10 (:use :common-lisp) (:export :jogar))
(in-package :p10)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (format t "~%1 - Jogada do computador~%2 - Sair~%> ")
  (let ((opcao (read)))
    (if (eql opcao 1)
        (destructuring-bind (tab jogador brancas pretas) estado
          (melhor-jogada tab (list brancas pretas) jogador 2))
        'adeus)))
