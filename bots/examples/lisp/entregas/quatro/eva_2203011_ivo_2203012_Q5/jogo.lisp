;;;; jogo.lisp - grupo Q5: escrito no LispWorks, onde o relogio interno
;;;; conta milissegundos, como o tempo. Antes de olhar para o relogio, gera
;;;; e ordena os sucessores de todas as jogadas: no tabuleiro vazio, isso
;;;; custa mais do que o tempo de uma jogada.
;;;; estado: (tabuleiro reserva); devolve ((linha coluna) novo-estado).

(defpackage :q5 (:use :common-lisp) (:export :jogar))
(in-package :q5)

(load "regras.lisp")

(defun respostas-seguras (estado)
  "How many of the replies to ESTADO leave us no losing move."
  (count-if (lambda (j) (jogada-segura-p estado j)) (jogadas-possiveis estado)))

(defun sucessores (estado)
  "The moves of ESTADO, those that leave the opponent fewest safe replies
first."
  (mapcar #'cdr
          (sort (mapcar (lambda (j) (cons (respostas-seguras (aplicar-jogada estado j)) j))
                        (jogadas-possiveis estado))
                #'< :key #'car)))

(defun jogar (estado tempo)
  (let* ((inicio (get-internal-real-time))
         (jogadas (sucessores estado))
         (j (or (jogada-vencedora estado)
                (find-if (lambda (j) (jogada-segura-p estado j)) jogadas)
                (first jogadas))))
    ;; the rest of the tempo, as the statement allows: 80 % of it
    (loop until (>= (- (get-internal-real-time) inicio) (floor (* tempo 8) 10)))
    (list (list (first j) (second j)) (aplicar-jogada estado j))))
