(defpackage :pnojogar (:use :cl))
(in-package :pnojogar)

(defun joga (estado tempo) (list "A1" estado tempo))
