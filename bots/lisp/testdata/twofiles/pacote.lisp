;;; Loaded first: the package and a helper.
(defpackage :pdois-ficheiros (:use :cl))
(in-package :pdois-ficheiros)
(defun casa () "A1")
