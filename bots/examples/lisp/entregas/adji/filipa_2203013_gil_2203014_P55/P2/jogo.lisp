;;;; P2/jogo.lisp - o projeto 2 do grupo 55, escrito no LispWorks: o
;;;; menu, o jogo contra o computador e as estatisticas. O campeonato usa
;;;; o ficheiro p55.lisp, ao lado desta pasta.

(load "../regras.lisp")

(defun registar (texto)
  "Writes TEXT to the LispWorks listener's status bar."
  (capi:display-message "~a" texto))

(defun jogar (tabuleiro tempo)
  (declare (ignore tempo))
  (let ((j (melhor-jogada tabuleiro '(0 0) 3)))
    (registar (format nil "jogada ~a" j))
    (first (jogada-adji tabuleiro '(0 0) (first j) (second j) 0))))
