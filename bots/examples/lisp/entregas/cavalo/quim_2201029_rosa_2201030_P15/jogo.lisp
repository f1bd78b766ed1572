;;;; jogo.lisp - grupo P15: jogar takes no parameters; it reads the
;;;; position from a global. The championship calls (jogar estado
;;;; tempo): it cannot take part.

(defpackage :p15 (:use :common-lisp) (:export :jogar))
(in-package :p15)

(load "regras.lisp")

(defvar *estado* nil)

(defun jogar ()
  (destructuring-bind (tab jogador brancas pretas) *estado*
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
      (list (list (first jogada) (second jogada))
            (list novo (outro jogador) (first novos) (second novos))))))
