(defpackage :pmissing (:use :cl) (:export :jogar))
(in-package :pmissing)
(load "C:/lisp/nada.lisp")
(defun jogar (estado tempo) (declare (ignore estado tempo)) (list "A1" nil))
