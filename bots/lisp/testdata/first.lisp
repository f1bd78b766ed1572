;;; A trivial bot for tests and the overhead benchmark: it plays the first
;;; square of the board that holds a number and that a knight could reach,
;;; without any rules; with answer: move-and-state and no state.
(defpackage :ptrivial (:use :cl) (:export :jogar))
(in-package :ptrivial)

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (format t "trivial bot thinking~%")
  (list (list 0 0) nil))
