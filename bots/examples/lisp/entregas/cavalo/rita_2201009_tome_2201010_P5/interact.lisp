;;;; interact.lisp - grupo P5: the project's menu. Loading it starts the
;;;; menu, which reads the keyboard: arena intake loads what it loads
;;;; (jogo.lisp) instead of it.

(load "jogo.lisp")

(defun menu ()
  (format t "~%1 - Jogar contra o computador~%2 - Sair~%> ")
  (let ((opcao (read)))
    (case opcao
      (1 (format t "Ainda nao.~%") (menu))
      (t 'adeus))))

(menu)
