;;; A bot that prints at each call both ways: to its standard output,
;;; which the driver captures, and to SBCL's own stdout, outside the
;;; capture, as a thread or the runtime would; it answers A1.
(defpackage :prawprint (:use :cl) (:export :jogar))
(in-package :prawprint)

(defvar *calls* 0)

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  (incf *calls*)
  (format t "captured-~d~%" *calls*)
  (format sb-sys:*stdout* "raw-~d~%" *calls*)
  (finish-output sb-sys:*stdout*)
  (list "A1" nil))
