;;;; jogo.lisp - grupo A3 (2024/25): jogar takes the node, the time and the
;;;; player, whose row it sows, and returns ((linha coluna) novo-estado).

(defpackage :pa3 (:use :common-lisp) (:export :jogar))
(in-package :pa3)

(load "regras.lisp")

(defun jogar (no tempo jogador)
  (declare (ignore tempo))
  (destructuring-bind (tabuleiro pontos) no
    (let ((j (first (cavidades-jogaveis tabuleiro jogador))))
      (list j (jogada-adji tabuleiro pontos (first j) (second j) jogador)))))
