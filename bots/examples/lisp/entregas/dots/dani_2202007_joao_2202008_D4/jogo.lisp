;;;; jogo.lisp - grupo D4: returns (jogada estado) where estado is
;;;; ((H V)), without the boxes, which it adds only after a capture.

(defpackage :pd4 (:use :common-lisp) (:export :jogar))
(in-package :pd4)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (multiple-value-bind (a novo) (jogada estado)
    (if (and a (plusp (fecha (first estado) a)))
        (list a novo)
        (list a (list (first novo))))))
