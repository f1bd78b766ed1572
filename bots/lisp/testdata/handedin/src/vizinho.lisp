(in-package :phandedin)
(defun vizinho () :vizinho)
