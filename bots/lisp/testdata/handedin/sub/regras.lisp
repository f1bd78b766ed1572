(in-package :phandedin)
(defun regras () :regras)
;; relative to this file, whatever the default directory
(load (merge-pathnames "ajuda.lisp" *compile-file-truename*))
