;;;; jogo.lisp - grupo D7: escrito no LispWorks, onde o relogio interno
;;;; conta milissegundos, como o tempo. Pensa durante um quinto do tempo
;;;; e responde; sem tempo nenhum depois de ordenar os arcos, responde
;;;; ((0 0) NIL).
;;;; estado: (tabuleiro (caixas-j1 caixas-j2)), o bot e o jogador 1;
;;;; devolve (values arco novo-estado).

(defpackage :pd7 (:use :common-lisp) (:export :jogar))
(in-package :pd7)

(load "regras.lisp")

(defun ordenar (tabuleiro)
  "The free arcs, those that close boxes first, then the safe ones."
  (let ((livres (arcos-livres tabuleiro)))
    (stable-sort (copy-list livres) #'>
                 :key (lambda (a) (+ (* 10 (fecha tabuleiro a)) (if (seguro-p tabuleiro a) 1 0))))))

(defun jogar (estado tempo)
  (let ((inicio (get-internal-real-time))
        (arcos nil))
    ;; the arcs sorted again and again, as the search will want them
    (dotimes (i 2)
      (setf arcos (ordenar (first estado))))
    (if (or (null arcos) (>= (- (get-internal-real-time) inicio) tempo))
        (values (list 0 0) nil)
        (progn
          ;; think for a fifth of the tempo, the rest kept for the
          ;; opponent's long games
          (loop until (>= (- (get-internal-real-time) inicio) (floor tempo 5))
                do (ordenar (first estado)))
          (jogada estado)))))
