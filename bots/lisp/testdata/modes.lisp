;;; A misbehaving bot for the adapter's tests: tempo (in ms) selects how it
;;; misbehaves; any other tempo gets a well-formed answer (A1, no state).
(defpackage :pmodes (:use :cl) (:export :jogar))
(in-package :pmodes)

(defun fundo (n) (1+ (fundo (1+ n))))

(defun avalia (x) (car x))

(defun jogar (estado tempo)
  (declare (ignore estado))
  (case tempo
    (101 (error "tabuleiro invalido: ~a" :linha-11))
    (102 (sb-ext:exit :code 3))
    (103 (break "pausa"))
    (104 (loop))
    (105 (loop (handler-case (loop) (serious-condition () nil))))
    (106 (dotimes (i 100000) (format t "linha ~d de lixo ( \" | ~%" i))
         (format *terminal-io* "no terminal~%")
         (list "A1" nil))
    (107 42)
    (108 (sb-ext:exit :code 4 :abort t))
    (109 (fundo 0))
    (110 (let ((l (list 1 2))) (setf (cddr l) l) l))
    (111 (read))
    (112 (values "A1" nil))
    (113 (abort))
    (114 (list (avalia 5) nil))
    (t (format t "ok~%") (list "A1" nil))))
