;;;; jogo.lisp - grupo P11: the rules and the championship's jogar. Its
;;;; package is defined by interact.lisp: loaded alone, it stops at
;;;; IN-PACKAGE.
;;;; estado: (tabuleiro jogador brancas pretas); jogar devolve ((linha
;;;; coluna) novo-estado), linhas e colunas a partir de 0.

(in-package :p11)

(load "../regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador brancas pretas) estado
    (multiple-value-bind (jogada novo novos) (procurar tab (list brancas pretas) jogador)
      (list (list (first jogada) (second jogada))
            (list novo (outro jogador) (first novos) (second novos))))))
