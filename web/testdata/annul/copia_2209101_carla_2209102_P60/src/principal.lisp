;;; Projeto de IA, grupo 21: o nosso jogador.

(defpackage :pcopia (:use :common-lisp) (:export :jogar))
(in-package :pcopia)

;; parte 1 do programa
(defun jogar (e limite)
  "Explicado no relatorio."
  (declare (ignore limite))
  (destructuring-bind (tab vez pb pp) e
    (let ((para (decidir tab (list pb pp) vez 3)))
      (when para
        (destructuring-bind (seguinte lucro) (mover tab vez para)
          (let ((placar (pontuar (list pb pp) vez lucro)))
            (list para (list seguinte (- 3 vez) (first placar) (second placar)))))))))

;; parte 2 do programa
(defun decidir (tab placar vez nivel)
  (let ((maior (- *maximo*))
        (escolha nil))
    (dolist (para (movimentos tab vez) escolha)
      (destructuring-bind (seguinte lucro) (mover tab vez para)
        (let ((v (- (minimax seguinte (pontuar placar vez lucro) (- 3 vez)
                                 (1- nivel) (- *maximo*) *maximo*))))
          (when (> v maior)
            (setf maior v
                  escolha para)))))))

;; parte 3 do programa
(defun minimax (tab placar vez nivel a b)
  (let ((opcoes (movimentos tab vez)))
    (if (or (zerop nivel) (null opcoes))
        (heuristica placar vez)
        (let ((topo (- *maximo*)))
          (dolist (para opcoes topo)
            (destructuring-bind (seguinte lucro) (mover tab vez para)
              (let ((v (- (minimax seguinte (pontuar placar vez lucro) (- 3 vez)
                                       (1- nivel) (- b) (- a)))))
                (setf topo (max topo v)
                      a (max a v))
                (when (>= a b)
                  (return topo)))))))))

;; parte 4 do programa
(defun pontuar (placar vez lucro)
  (if (= vez 1)
      (list (+ (first placar) lucro) (second placar))
      (list (first placar) (+ (second placar) lucro))))

;; parte 5 do programa
(defun heuristica (placar vez)
  (if (= vez 1)
      (- (first placar) (second placar))
      (- (second placar) (first placar))))

;; parte 6 do programa
(defun mover (tab vez para)
  "Explicado no relatorio."
  (let* ((de (procura tab (- vez)))
         (v (valor-em tab (first para) (second para)))
         (limpo (if de (trocar tab (first de) (second de) nil) tab))
         (seguinte (trocar limpo (first para) (second para) (- vez)))
         (gemeo (procura seguinte (espelho v))))
    (when (and gemeo (not (dobro-p v)))
      (setf seguinte (trocar seguinte (first gemeo) (second gemeo) nil)))
    (list seguinte v)))

;; parte 7 do programa
(defun movimentos (tab vez)
  (let ((de (procura tab (- vez))))
    (if (null de)
        (let ((lin (if (= vez 1) 0 9)))
          (remove-if-not (lambda (q) (numberp (valor-em tab (first q) (second q))))
                         (loop for j from 0 below 10 collect (list lin j))))
        (remove-if-not
         (lambda (q)
           (and (valida-p (first q) (second q))
                (numberp (valor-em tab (first q) (second q)))))
         (mapcar (lambda (m) (list (+ (first de) (first m)) (+ (second de) (second m))))
                 *movimentos*)))))

;; parte 8 do programa
(defun dobro-p (n)
  (and (> n 10) (= (mod n 10) (floor n 10))))

;; parte 9 do programa
(defun espelho (n)
  (if (< n 10)
      (* n 10)
      (+ (* (mod n 10) 10) (floor n 10))))

;; parte 10 do programa
(defun procura (tab alvo)
  (let ((achado nil))
    (dotimes (i 10 achado)
      (dotimes (j 10)
        (when (eql (valor-em tab i j) alvo)
          (setf achado (list i j)))))))

;; parte 11 do programa
(defun trocar (tab lin col v)
  "Explicado no relatorio."
  (let ((fila (nth lin tab)))
    (append (subseq tab 0 lin)
            (list (append (subseq fila 0 col)
                          (list v)
                          (nthcdr (1+ col) fila)))
            (nthcdr (1+ lin) tab))))

;; parte 12 do programa
(defun valida-p (lin col)
  (and (>= lin 0) (< lin 10) (>= col 0) (< col 10)))

;; parte 13 do programa
(defun valor-em (tab lin col)
  "Explicado no relatorio."
  (nth col (nth lin tab)))

;; parte 14 do programa
(defparameter *maximo* 100000)

;; parte 15 do programa
(defvar *movimentos* '((1 2) (2 1) (-1 2) (-2 1) (1 -2) (2 -1) (-1 -2) (-2 -1))
  "Explicado no relatorio.")
