(in-package :phandedin)
(defparameter *ajuda* (pathname-name *compile-file-pathname*))
(defun ajuda () *ajuda*)
