;;;; algoritmo.lisp - grupo P11: the search jogar calls.

(in-package :p11)

(defun procurar (tab pontos jogador)
  "The best jogada for JOGADOR, 2 plies deep."
  (melhor-jogada tab pontos jogador 2))
