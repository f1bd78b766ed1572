;;;; puzzle.lisp - grupo D8: os operadores do puzzle (projeto 1).

(defun estado-inicial ()
  (list (list (loop repeat 6 collect (loop repeat 6 collect 0))
              (loop repeat 7 collect (loop repeat 5 collect 0)))
        (list 0 0)))

(defparameter *operadores* (operadores))
