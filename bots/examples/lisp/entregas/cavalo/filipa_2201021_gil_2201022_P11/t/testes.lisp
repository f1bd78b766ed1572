;;;; testes.lisp - grupo P11: the tests, in their own package, which
;;;; interact.lisp defines: loaded first, it stops at IN-PACKAGE.

(in-package :testes)

(defun recarregar ()
  "Loads the project again, from its entry."
  (load "../src/interact.lisp"))

(defun teste-outro ()
  (and (= (p11::outro 1) 2) (= (p11::outro 2) 1)))
