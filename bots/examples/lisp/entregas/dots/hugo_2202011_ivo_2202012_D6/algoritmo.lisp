;;;; algoritmo.lisp - grupo D6: the search. Its depth is computed when the
;;;; file loads, by puzzle.lisp's PROFUNDIDADE-INICIAL: puzzle.lisp must be
;;;; loaded first.

(in-package :p2202011)

(defparameter *profundidade* (profundidade-inicial))

(defun alfabeta (estado profundidade)
  "One arc: the rules' choice (the search is for another day)."
  (declare (ignore profundidade))
  (jogada estado))
