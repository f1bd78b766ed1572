;;;; solitario.lisp - grupo de 2203003 e 2203004.
;;;; estado: o tabuleiro apenas. O nosso jogador e sempre o jogador 1: o
;;;; campeonato mostra-lhe o tabuleiro do seu lado.
;;;; jogar devolve (("b" linha coluna) novo-tabuleiro), linhas a partir de 1.

(defpackage :p2203003-2203004 (:use :common-lisp) (:export :jogar))
(in-package :p2203003-2203004)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let ((j (melhor-jogada estado 1 2)))
    (list (list (string-downcase (symbol-name (first j))) (1+ (second j)) (1+ (third j)))
          (fourth j))))
