(defpackage :pum (:use :cl) (:export :jogar))
(defpackage :pdois (:use :cl) (:export :jogar))
(defun pum:jogar (estado tempo) (declare (ignore estado tempo)) (list "A1" nil))
(defun pdois:jogar (estado tempo) (declare (ignore estado tempo)) (list "B1" nil))
