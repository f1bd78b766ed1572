;;;; jogo.lisp - grupo P13, written for LispWorks: searches deeper and
;;;; deeper until 60% of tempo has passed on the internal clock, which it
;;;; reads as LispWorks counts it (1000 units a second), and answers the
;;;; best move of the deepest search finished (from depth 2), or NIL when
;;;; not even the first finished. Under SBCL without tempo_scale 1000 it has 1/1000 of
;;;; its time and answers NIL or whatever it found: its answers depend on
;;;; its search time and on its time base. arena intake must find the same
;;;; conventions, tempo_scale 1000 among them, every time all the same.
;;;; estado: (tabuleiro jogador brancas pretas); jogar devolve ((linha
;;;; coluna) novo-estado), linhas e colunas a partir de 0.

(defpackage :p13 (:use :common-lisp) (:export :jogar))
(in-package :p13)

(load "regras.lisp")

(defvar *limite* 0 "The internal time at which the search stops.")

(defun negamax-tempo (tab pontos jogador prof alfa beta)
  "NEGAMAX that gives up, throwing to TEMPO, once *LIMITE* has passed."
  (when (> (get-internal-real-time) *limite*)
    (throw 'tempo nil))
  (let ((js (and (plusp prof) (jogadas tab jogador))))
    (cond ((zerop prof) (avaliar pontos jogador))
          ((null js)
           (if (jogadas tab (outro jogador))
               (- (negamax-tempo tab pontos (outro jogador) (1- prof) (- beta) (- alfa)))
               (avaliar pontos jogador)))
          (t (let ((melhor -100000))
               (dolist (j js melhor)
                 (multiple-value-bind (t2 p2) (aplicar tab pontos jogador j)
                   (let ((v (- (negamax-tempo t2 p2 (outro jogador) (1- prof) (- beta) (- alfa)))))
                     (setf melhor (max melhor v)
                           alfa (max alfa v))
                     (when (>= alfa beta)
                       (return melhor))))))))))

(defun procura (tab pontos jogador prof)
  "The best jogada at depth PROF, with its board and points, or NIL when
the time ran out first."
  (catch 'tempo
    (let ((melhor nil) (valor -100000) novo novos)
      (dolist (j (jogadas tab jogador))
        (multiple-value-bind (t2 p2) (aplicar tab pontos jogador j)
          (let ((v (- (negamax-tempo t2 p2 (outro jogador) (1- prof) -100000 (- valor)))))
            (when (or (null melhor) (> v valor))
              (setf melhor j valor v novo t2 novos p2)))))
      (list melhor novo novos))))

(defun jogar (estado tempo)
  (destructuring-bind (tab jogador brancas pretas) estado
    ;; LispWorks: 1000 internal time units a second, so TEMPO (ms) is in
    ;; internal units as it is.
    (setf *limite* (+ (get-internal-real-time) (floor (* tempo 6) 10)))
    (let ((feito nil))
      (loop for prof from 2 to 12
            for r = (procura tab (list brancas pretas) jogador prof)
            while r
            do (setf feito r))
      (when feito
        (destructuring-bind (jogada novo novos) feito
          (list (list (first jogada) (second jogada))
                (list novo (outro jogador) (first novos) (second novos))))))))
