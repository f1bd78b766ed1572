;;;; jogo.lisp - grupo Q4: jogar was never written: the stub returns its
;;;; own description. It cannot take part.

(defpackage :q4 (:use :common-lisp) (:export :jogar))
(in-package :q4)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  "Escolhe a peca da reserva e a casa onde a colocar; devolve a jogada e o novo estado.")
