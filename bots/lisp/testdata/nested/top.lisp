(defpackage :pnested (:use :cl) (:export :jogar))
(in-package :pnested)

(load "bad.lisp")
(defun jogar (estado tempo) (declare (ignore estado tempo)) (list "A1" nil))
