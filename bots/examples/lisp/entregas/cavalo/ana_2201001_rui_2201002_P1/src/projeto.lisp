;;;; projeto.lisp - grupo P1: carrega o jogador e os testes.
;;;; The entry: it loads jogo.lisp, which defines jogar, and the tests of a
;;;; folder beside its own, ../t/testes.lisp (visible because the bot sees
;;;; its whole submission folder, root:).

(load "jogo.lisp")
(load "../t/testes.lisp")
