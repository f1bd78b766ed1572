;;;; jogo.lisp - grupo P2, written for LispWorks: tempo (milliseconds) is
;;;; compared with get-internal-real-time, which LispWorks counts in
;;;; milliseconds (1000 units a second) and SBCL in microseconds. Under
;;;; SBCL it would think for 1/1000 of its time; arena intake finds that
;;;; and gives it tempo_scale 1000.
;;;; estado: (tabuleiro jogador brancas pretas); jogar devolve (jogada
;;;; novo-estado), jogada um simbolo como E5 ou C4XH8.

(defpackage :p2 (:use :common-lisp) (:export :jogar))
(in-package :p2)

(load "regras.lisp")

(defun nome-jogada (jogada)
  (destructuring-bind (l c removida) jogada
    (intern (format nil "~a~@[X~a~]" (nome-casa l c)
                    (and removida (nome-casa (first removida) (second removida))))
            :keyword)))

(defun jogar (estado tempo)
  "Searches again and again until 80% of tempo has passed on the internal
clock, then answers."
  (let ((inicio (get-internal-real-time))
        (limite (floor (* tempo 8) 10)))
    (destructuring-bind (tab jogador brancas pretas) estado
      (let (jogada novo novos)
        (loop
          (multiple-value-setq (jogada novo novos)
            (melhor-jogada tab (list brancas pretas) jogador 1))
          (when (>= (- (get-internal-real-time) inicio) limite)
            (return)))
        (list (nome-jogada jogada)
              (list novo (outro jogador) (first novos) (second novos)))))))
