;;;; A sample arena bot in Lisp: the board alone, always white.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/tabuleiro/jogo.lisp],
;;;;          state: board, answer: state, perspective: white}
;;;;
;;;; estado is the board alone. The bot always believes it is white (-1, home
;;;; row 1): arena mirrors the board and swaps the knights when it is black.
;;;; jogar returns the new board; arena finds the move by comparing boards.

(defpackage :ptabuleiro
  (:use :common-lisp)
  (:export :jogar))

(in-package :ptabuleiro)

;; A relative load: arena loads this file with its own directory as
;; *default-pathname-defaults*.
(load "../regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (format t "ptabuleiro: searching ~d plies~%" *profundidade*)
  ;; The board does not say the points: the search counts them from zero,
  ;; which changes no comparison between moves.
  (nth-value 1 (melhor-jogada estado (list 0 0) 1)))
