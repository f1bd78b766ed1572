;;;; A bot whose jogar answers 42: no convention reads a move from it.
(defpackage :pquarenta (:use :common-lisp))
(in-package :pquarenta)
(defun jogar (estado tempo) (declare (ignore estado tempo)) 42)
