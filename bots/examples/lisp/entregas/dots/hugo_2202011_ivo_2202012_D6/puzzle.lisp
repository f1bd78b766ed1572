;;;; puzzle.lisp - grupo D6: the game, in the package of p2202011.lisp.

(in-package :p2202011)

(load "regras.lisp")

(defun terminal (estado)
  "Whether no arc is left."
  (null (arcos-livres (first estado))))

(defun profundidade-inicial ()
  "The depth the search starts with."
  1)
