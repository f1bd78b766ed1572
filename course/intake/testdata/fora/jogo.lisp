;;;; Loads a file beside its folder, outside its root: the sandbox hides it.
(load "../quarenta.lisp")
