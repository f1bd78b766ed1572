;;;; A sample course bot for Dots and Boxes that is sent the bare board and
;;;; returns the bare board with one more arc.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/dots/tabuleiro/jogo.lisp],
;;;;          reads: [bots/examples/lisp/dots/regras.lisp], state: board}

(defpackage :ptabuleiro-dots (:use :common-lisp) (:export :jogar))
(in-package :ptabuleiro-dots)

(load "../regras.lisp")

(defun jogar (tabuleiro tempo)
  "Returns TABULEIRO with one more arc."
  (declare (ignore tempo))
  (let ((a (escolher tabuleiro)))
    (if a (desenhar tabuleiro a) tabuleiro)))
