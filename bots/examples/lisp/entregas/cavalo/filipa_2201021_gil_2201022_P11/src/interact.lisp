;;;; interact.lisp - grupo P11, the project of the course manual: it
;;;; defines the packages, then loads the game, the search and the tests.
;;;; The tests load this file back (t/testes.lisp, RECARREGAR): a cycle of
;;;; loads, of which this file is the entry, as `sbcl --load
;;;; src/interact.lisp` shows.

(defpackage :p11 (:use :common-lisp) (:export :jogar))
(defpackage :testes (:use :common-lisp))

(load "jogo.lisp")
(load "algoritmo.lisp")
(load "../t/testes.lisp")
