;;;; A sample course bot for Dots and Boxes that returns (jogada novo-estado)
;;;; with one arc; when it closes a box it is asked again.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/dots/jogada/jogo.lisp],
;;;;          reads: [bots/examples/lisp/dots/regras.lisp]}

(defpackage :pjogada (:use :common-lisp) (:export :jogar))
(in-package :pjogada)

(load "../regras.lisp")

(defun jogar (estado tempo)
  "estado is (tabuleiro (caixas-j1 caixas-j2)); returns (arc new-estado)."
  (declare (ignore tempo))
  (multiple-value-bind (a novo) (jogada estado)
    (list a novo)))
