(in-package :phandedin)
(defvar *loads* 0 "How many times this file was loaded.")
(incf *loads*)
(defun procura () *loads*)
