(in-package :phandedin)
;;; Latin-1 and CRLF: função de avaliação
(defun acentos ()
  (format nil "a~
              ç~a" "b"))
(defun casa () "A1")
