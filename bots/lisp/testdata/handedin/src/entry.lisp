;;; A submission as handed in: it loads its other files as on its
;;; author's Windows PC. Loaded with root: testdata/handedin.
(defpackage :phandedin (:use :cl) (:export :jogar))
(in-package :phandedin)

(compile-file "C:/Users/aluno/Desktop/projeto/Procura.lisp") ; -> ../procura.lisp (case)
(load "C:/Users/aluno/Desktop/projeto/procura.64ofasl")       ; already loaded by compile-file
(load "C:\\lisp\\SUB\\REGRAS.LISP")                           ; \ separators, case -> ../sub/regras.lisp
(load "../t/testes.lisp")                                      ; beside the folder of this file
(load "latin.ofasl")                                           ; LispWorks' compiled file -> ../latin.lisp
(load (merge-pathnames "vizinho.lisp" *compile-file-pathname*)) ; beside this file

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  (list (casa) (list (procura) (regras) (testes) (acentos) (vizinho) (ajuda))))
