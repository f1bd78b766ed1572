;;;; jogo.lisp - grupo de 2203007 e 2203008: the search was never written;
;;;; jogar is the stub of the statement's skeleton and returns NIL.

(defpackage :p2203007-2203008 (:use :common-lisp) (:export :jogar))
(in-package :p2203007-2203008)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  nil)
