;;;; jogo.lisp - grupo Beta. Tabuleiro numa matriz 10x10, procura em
;;;; profundidade iterativa com limite de tempo e ordenacao das jogadas.

(defpackage :pbeta (:use :common-lisp) (:export :jogar))
(in-package :pbeta)

(defstruct no
  matriz
  (vez 1)
  (pontos (list 0 0))
  (jogada nil))

(defconstant +saltos+ #((-2 . -1) (-2 . 1) (-1 . -2) (-1 . 2) (1 . -2) (1 . 2) (2 . -1) (2 . 1)))

(defvar *fim* 0 "Instante em que a procura tem de parar.")

(defun lista->matriz (tab)
  (make-array '(10 10) :initial-contents tab))

(defun matriz->lista (m)
  (loop for i below 10
        collect (loop for j below 10 collect (aref m i j))))

(defun procurar-peca (m peca)
  (loop for i below 10
        do (loop for j below 10
                 when (eql (aref m i j) peca)
                   do (return-from procurar-peca (cons i j)))))

(defun simetrico (n)
  (multiple-value-bind (d u) (floor n 10)
    (+ (* u 10) d)))

(defun sucessores (no)
  "Os nos que resultam de cada salto legal do jogador a jogar."
  (let* ((m (no-matriz no))
         (vez (no-vez no))
         (pos (procurar-peca m (- vez)))
         (alvos '()))
    (if pos
        (loop for k across +saltos+
              for i = (+ (car pos) (car k))
              for j = (+ (cdr pos) (cdr k))
              when (and (< -1 i 10) (< -1 j 10) (integerp (aref m i j)))
                do (push (cons i j) alvos))
        (let ((i (if (= vez 1) 0 9)))
          (dotimes (j 10)
            (when (integerp (aref m i j))
              (push (cons i j) alvos)))))
    (mapcar (lambda (alvo) (saltar no pos alvo)) alvos)))

(defun saltar (no pos alvo)
  (let* ((m (alexandria-copy (no-matriz no)))
         (vez (no-vez no))
         (n (aref m (car alvo) (cdr alvo)))
         (pontos (copy-list (no-pontos no))))
    (when pos
      (setf (aref m (car pos) (cdr pos)) nil))
    (setf (aref m (car alvo) (cdr alvo)) (- vez))
    (incf (nth (1- vez) pontos) n)
    (let ((s (procurar-peca m (simetrico n))))
      (when (and s (/= n (simetrico n)))
        (setf (aref m (car s) (cdr s)) nil)))
    (make-no :matriz m :vez (- 3 vez) :pontos pontos :jogada alvo)))

(defun alexandria-copy (m)
  (let ((c (make-array (array-dimensions m))))
    (dotimes (i (array-total-size m) c)
      (setf (row-major-aref c i) (row-major-aref m i)))))

(defun heuristica (no quem)
  (let ((p (no-pontos no)))
    (- (nth (1- quem) p) (nth (- 2 quem) p))))

(defun alfabeta (no prof a b quem)
  (when (> (get-internal-real-time) *fim*)
    (throw 'tempo nil))
  (let ((filhos (sucessores no)))
    (cond ((or (= prof 0) (null filhos)) (heuristica no quem))
          ((= (no-vez no) quem)
           (dolist (f (sort filhos #'> :key (lambda (x) (heuristica x quem))) a)
             (setq a (max a (alfabeta f (1- prof) a b quem)))
             (when (>= a b) (return b))))
          (t
           (dolist (f filhos b)
             (setq b (min b (alfabeta f (1- prof) a b quem)))
             (when (<= b a) (return a)))))))

(defun melhor-filho (no prof)
  (let ((quem (no-vez no)) (melhor nil) (v -1000000))
    (dolist (f (sucessores no) melhor)
      (let ((x (alfabeta f (1- prof) v 1000000 quem)))
        (when (or (null melhor) (> x v))
          (setq v x melhor f))))))

(defun jogar (estado tempo)
  (setf *fim* (+ (get-internal-real-time)
                 (floor (* 0.7 tempo internal-time-units-per-second) 1000)))
  (let* ((raiz (make-no :matriz (lista->matriz (first estado)) :vez (second estado)
                        :pontos (list (third estado) (fourth estado))))
         (escolha nil))
    (catch 'tempo
      (loop for prof from 1 to 20
            do (setq escolha (or (melhor-filho raiz prof) escolha))))
    (when escolha
      (list (list (car (no-jogada escolha)) (cdr (no-jogada escolha)))
            (list (matriz->lista (no-matriz escolha)) (no-vez escolha)
                  (first (no-pontos escolha)) (second (no-pontos escolha)))))))
