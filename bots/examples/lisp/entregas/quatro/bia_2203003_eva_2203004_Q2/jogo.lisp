;;;; jogo.lisp - grupo Q2: answers (B3 novo-estado), the cell as a symbol
;;;; (column letter, row from 1), its reserve newest piece first; it tries
;;;; the moves from the last cell back.
;;;; estado: (tabuleiro reserva).

(defpackage :q2 (:use :common-lisp) (:export :jogar))
(in-package :q2)

(load "regras.lisp")

(defun nome-da-casa (l c)
  (intern (format nil "~A~A" (char "ABCD" c) (1+ l))))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (let* ((j (escolher-jogada estado #'reverse))
         (novo (aplicar-jogada estado j)))
    (list (nome-da-casa (first j) (second j))
          (list (first novo) (reverse (second novo))))))
