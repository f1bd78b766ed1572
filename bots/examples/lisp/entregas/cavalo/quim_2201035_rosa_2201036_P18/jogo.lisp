;;;; jogo.lisp - grupo P18: jogar takes no parameters; it reads the
;;;; position from a global. The championship calls (jogar estado
;;;; tempo): it cannot take part.

(defpackage :p18 (:use :common-lisp) (:export :jogar))
(in-package :p18)

(load "regras.lisp")

(defvar *estado* nil)

(defun jogar ()
  (let ((tabuleiro (car *estado*))
        (quem (cadr *estado*)))
    (setf *estado* (cons tabuleiro (cons (outro quem) (cddr *estado*))))
    (values (nome-casa 1 1) *estado*)))
