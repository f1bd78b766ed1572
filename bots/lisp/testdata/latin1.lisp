;;; A bot saved in Latin-1, as course projects often are: função de avaliação.
(defpackage :platin (:use :cl) (:export :jogar))
(in-package :platin)
(defun avaliação () "A1")
(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  (format t "jogada escolhida: ~a~%" (avaliação))
  (list (avaliação) nil))
