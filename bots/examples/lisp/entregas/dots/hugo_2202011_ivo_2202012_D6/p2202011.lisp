;;;; p2202011.lisp - grupo D6: the championship file, jogar alone. The
;;;; functions it calls are in puzzle.lisp and algoritmo.lisp beside it,
;;;; which only the interactive interact.lisp loads (after asking for a
;;;; folder): arena intake loads them itself, in an order that works.
;;;; estado: (tabuleiro (caixas-j1 caixas-j2)); jogar devolve (values arco
;;;; novo-estado).

(defpackage :p2202011 (:use :common-lisp) (:export :jogar))
(in-package :p2202011)

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (if (terminal estado)
      (values nil estado)
      (alfabeta estado *profundidade*)))
