(in-package :phandedin)
(defun testes () :testes)
