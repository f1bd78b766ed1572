;;;; p55.lisp - o ficheiro do campeonato, como o enunciado pede: o pacote
;;;; p55 e a funcao jogar. O grupo acrescentou o jogador como terceiro
;;;; argumento.

(defpackage :p55 (:use :common-lisp) (:export :jogar))
(in-package :p55)

(load "regras.lisp")

(defun jogar (estado tempo jogador)
  (declare (ignore tempo))
  (let ((j (melhor-jogada estado '(0 0) 3)))
    (list (list jogador (first j) (second j))
          (first (jogada-adji estado '(0 0) (first j) (second j) 0)))))
