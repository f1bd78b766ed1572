;;;; jogo.lisp - grupo P14: structured as the championship asks (package,
;;;; jogar of two arguments, legal moves in the opening for both sides),
;;;; with a bug late in a game: once fewer than 40 numbers are left on the
;;;; board it answers the state it was given, no new state. arena intake
;;;; must call it eligible, with a warning naming the late position.
;;;; estado: (tabuleiro jogador brancas pretas); jogar devolve ((linha
;;;; coluna) novo-estado), linhas e colunas a partir de 1.

(defpackage :p14 (:use :common-lisp) (:export :jogar))
(in-package :p14)

(load "regras.lisp")

(defun numeros (tab)
  "How many numbers are left on TAB."
  (loop for row in tab sum (count-if #'numero-p row)))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (if (< (numeros tab) 40)
        estado
        (multiple-value-bind (jogada novo novos)
            (melhor-jogada tab (list brancas pretas) jogador 1)
          (list (list (1+ (first jogada)) (1+ (second jogada)))
                (list novo (outro jogador) (first novos) (second novos)))))))
