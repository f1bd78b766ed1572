(defpackage :psyntax (:use :cl) (:export :jogar))
(in-package :psyntax)

(defun jogar (estado tempo)
  (list "A1" estado tempo)
