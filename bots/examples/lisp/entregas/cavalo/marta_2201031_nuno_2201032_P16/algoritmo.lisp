;;;; algoritmo.lisp - grupo P16: jogar is defined inside a top-level let
;;;; that keeps the search's counters, and takes a third required
;;;; argument, the search depth. The championship calls (jogar estado
;;;; tempo): it cannot take part.

(defpackage :p16 (:use :common-lisp) (:export :jogar))
(in-package :p16)

(load "regras.lisp")

(let ((nos-expandidos 0)
      (cortes 0))
  (defun estatisticas ()
    (list nos-expandidos cortes))

  ;; jogar: the best move at the given depth.
  (defun jogar (estado tempo profundidade)
    (declare (ignore tempo))
    (setf nos-expandidos 0 cortes 0)
    (let* ((tabuleiro (first estado))
           (vez (second estado))
           (resultado (multiple-value-list
                       (melhor-jogada tabuleiro (cddr estado) vez profundidade))))
      (incf nos-expandidos)
      (values (first resultado) (rest resultado)))))
