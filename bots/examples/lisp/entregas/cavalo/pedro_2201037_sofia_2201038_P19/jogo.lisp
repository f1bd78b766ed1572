;;;; jogo.lisp - grupo P19: o jogador do campeonato, com a profundidade da
;;;; pesquisa tirada de uma tabela pelo número de casas vazias.
;;;; Made from P1 to fail one way, as a group's project does: structured
;;;; as the championship asks, it plays the opening, but its table stops at
;;;; 19 empty squares, so once 20 are empty (about ply 12 of a game) AREF
;;;; signals a Lisp error, an index out of bounds. arena intake must call
;;;; it eligible, with a warning naming the late position; its games end
;;;; there, a crash.
;;;; estado: (tabuleiro jogador pontos-brancas pontos-pretas), jogador 1 ou 2.
;;;; jogar devolve ((linha coluna) novo-estado), linhas e colunas a partir de 1.

(defpackage :p19 (:use :common-lisp) (:export :jogar))
(in-package :p19)

(load "regras.lisp")

(defparameter *profundidades*
  (make-array 20 :initial-element 2)
  "A profundidade da pesquisa, pelo número de casas vazias do tabuleiro.")

(defun casas-vazias (tab)
  "Quantas casas de TAB estão vazias (NIL)."
  (loop for linha in tab sum (count nil linha)))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (let ((prof (aref *profundidades* (casas-vazias tab))))
      (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador prof)
        (list (list (1+ (first jogada)) (1+ (second jogada)))
              (list novo (outro jogador) (first novos) (second novos)))))))
