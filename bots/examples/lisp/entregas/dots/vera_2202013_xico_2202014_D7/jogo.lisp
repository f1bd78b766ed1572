;;;; jogo.lisp - grupo D7: searches deeper and deeper (negamax with
;;;; alpha-beta, a box closed giving another turn) until 60% of tempo has
;;;; passed by GET-INTERNAL-REAL-TIME, as most course projects budget their
;;;; time, and answers the best arc of the deepest search finished: its
;;;; answers depend on how much it could search in that time. Returns two
;;;; values, (values arco novo-estado), one arc; when it closes a box it is
;;;; asked again.

(defpackage :pd7 (:use :common-lisp) (:export :jogar))
(in-package :pd7)

(load "regras.lisp")

(defvar *limite* 0 "The internal time at which the search stops.")

(defun negamax (tabuleiro prof alfa beta)
  "The boxes the player to move gains over the other within PROF arcs;
throws to TEMPO once *LIMITE* has passed."
  (when (> (get-internal-real-time) *limite*)
    (throw 'tempo nil))
  (let ((livres (arcos-livres tabuleiro)))
    (if (or (zerop prof) (null livres))
        0
        (let ((melhor -1000))
          (dolist (a livres melhor)
            (let* ((n (fecha tabuleiro a))
                   (novo (desenhar tabuleiro a))
                   (v (if (plusp n)
                          (+ n (negamax novo (1- prof) (- alfa n) (- beta n)))
                          (- (negamax novo (1- prof) (- beta) (- alfa))))))
              (setf melhor (max melhor v)
                    alfa (max alfa v))
              (when (>= alfa beta)
                (return melhor))))))))

(defun procura (tabuleiro prof)
  "The best arc at depth PROF, or NIL when the time ran out first."
  (catch 'tempo
    (let ((melhor nil) (valor -1000))
      (dolist (a (arcos-livres tabuleiro) melhor)
        (let* ((n (fecha tabuleiro a))
               (novo (desenhar tabuleiro a))
               (v (if (plusp n)
                      (+ n (negamax novo (1- prof) -1000 1000))
                      (- (negamax novo (1- prof) -1000 1000)))))
          (when (or (null melhor) (> v valor))
            (setf melhor a valor v)))))))

(defun jogar (estado tempo)
  (destructuring-bind (tabuleiro (c1 c2)) estado
    (setf *limite* (+ (get-internal-real-time)
                      (floor (* tempo 6 internal-time-units-per-second) 10000)))
    (let ((arco (escolher tabuleiro)))
      (loop for prof from 1 to 8
            for a = (procura tabuleiro prof)
            while a
            do (setf arco a))
      (if (null arco)
          (values nil estado)
          (values arco (list (desenhar tabuleiro arco) (list (+ c1 (fecha tabuleiro arco)) c2)))))))
