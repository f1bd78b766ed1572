;;;; jogo.lisp - grupo P7: estado (tabuleiro jogador pontos-brancas
;;;; pontos-pretas) where jogador is its knight's code, -1 (white) or -2
;;;; (black). Told 1 or 2 it finds no knight and returns NIL.

(defpackage :p7 (:use :common-lisp) (:export :jogar))
(in-package :p7)

(load "C:\\lisp\\regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab cavalo brancas pretas) estado
    (let ((jogador (case cavalo (-1 1) (-2 2))))
      (when jogador
        (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 2)
          (list (list (first jogada) (second jogada))
                (list novo (- (outro jogador)) (first novos) (second novos))))))))
