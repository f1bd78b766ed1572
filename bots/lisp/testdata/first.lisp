;;; A trivial bot for tests and the overhead benchmark: it answers A1
;;; without looking at the position (answer: move-and-state, no state).
(defpackage :ptrivial (:use :cl) (:export :jogar))
(in-package :ptrivial)

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  (list "A1" nil))
