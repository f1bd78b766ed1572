;;;; jogo.lisp - grupo P8: loads its other files relative to
;;;; *compile-file-pathname*, and writes log.dat beside its sources at
;;;; every call, as the course asks.

(defpackage :p8 (:use :common-lisp) (:export :jogar))
(in-package :p8)

(defparameter *pasta* (directory-namestring *compile-file-pathname*))

(load (concatenate 'string *pasta* "regras.lisp"))

(defun escrever-log (jogada tempo)
  (with-open-file (s (concatenate 'string *pasta* "log.dat")
                     :direction :output :if-exists :append :if-does-not-exist :create)
    (format s "~a em ~d ms~%" jogada tempo)))

(defun jogar (estado tempo)
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
      (escrever-log jogada tempo)
      (list (list (first jogada) (second jogada))
            (list novo (outro jogador) (first novos) (second novos))))))
