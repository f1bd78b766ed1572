;;;; jogo.lisp - grupo Q3: jogar takes no parameters, it plays the game it
;;;; keeps in a global variable. The championship calls (jogar estado
;;;; tempo): it cannot take part.

(defpackage :q3 (:use :common-lisp) (:export :jogar))
(in-package :q3)

(load "regras.lisp")

(defvar *estado* (list (make-list 4 :initial-element (make-list 4 :initial-element 0)) nil))

(defun jogar ()
  (let ((j (escolher-jogada *estado*)))
    (setf *estado* (aplicar-jogada *estado* j))
    (list (list (first j) (second j)) *estado*)))
