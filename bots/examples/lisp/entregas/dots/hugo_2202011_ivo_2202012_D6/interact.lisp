;;;; interact.lisp - grupo D6: the interactive program. It asks for the
;;;; project's folder on the keyboard, then loads the compiled puzzle and
;;;; algoritmo (LispWorks' .64ofasl) from it: never loaded by arena.

(defpackage :p2202011 (:use :common-lisp) (:export :jogar))
(in-package :p2202011)

(defun diretoria ()
  (format t "Diretoria do projeto? ")
  (read-line))

(defun iniciar ()
  (let ((d (diretoria)))
    (load (concatenate 'string d "\\puzzle.64ofasl"))
    (load (concatenate 'string d "\\algoritmo.64ofasl"))
    (format t "Pronto.~%")))

(iniciar)
