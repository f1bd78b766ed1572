;;;; testes.lisp - grupo P1: testes (only definitions: loading runs none).

(in-package :p1)

(defun teste-outro ()
  (and (= (outro 1) 2) (= (outro 2) 1)))

(defun teste-simetrico ()
  (= (simetrico 12) 21))
