;;;; projeto.lisp - Projeto 2 (Solitário 2), grupo de 2203009 e 2203010.
;;;; O grupo escreveu as suas regras: os operadores tem o nome do enunciado
;;;; (c b e d cc cb ce cd) e um predicado, e-captura-p, diz se um operador
;;;; come uma peca do adversario.
;;;; estado: (tabuleiro jogador); jogar devolve ((op linha coluna) novo),
;;;; linhas e colunas a partir de 1.

(defpackage :p2203009-2203010 (:use :common-lisp) (:export :jogar))
(in-package :p2203009-2203010)

(defparameter *ops*
  '((c -1 0) (b 1 0) (e 0 -1) (d 0 1) (cc -1 0) (cb 1 0) (ce 0 -1) (cd 0 1)))

(defun e-captura-p (op)
  "Whether OP jumps over an opponent's peg."
  (member op '(cc cb ce cd)))

(defun casa (tab l c)
  (and (<= 0 l 6) (<= 0 c 6) (nth c (nth l tab))))

(defun pos (tab l c v)
  (loop for row in tab for i from 0
        collect (if (= i l) (loop for x in row for j from 0 collect (if (= j c) v x)) row)))

(defun inicio-p (tab j)
  "Whether J's six pegs are still on its start holes."
  (let ((linhas (if (= j 1) '(0 1) '(5 6))))
    (and (= 6 (loop for row in tab sum (count j row)))
         (loop for l in linhas always (loop for c from 2 to 4 always (eql (casa tab l c) j))))))

(defun aplicar (tab j op l c)
  "The board after J applies OP to its peg on (L C), or NIL."
  (destructuring-bind (dl dc) (rest (assoc op *ops*))
    (let ((o (- 3 j)))
      (if (e-captura-p op)
          (and (eql (casa tab l c) j) (eql (casa tab (+ l dl) (+ c dc)) o)
               (eql (casa tab (+ l dl dl) (+ c dc dc)) 0)
               (pos (pos (pos tab l c 0) (+ l dl) (+ c dc) 0) (+ l dl dl) (+ c dc dc) j))
          (and (eql (casa tab l c) j) (eql (casa tab (+ l dl) (+ c dc)) 0)
               (pos (pos tab l c 0) (+ l dl) (+ c dc) j))))))

(defun sucessores (tab j)
  (if (inicio-p tab j)
      (loop for c from 2 to 4
            for op = (if (= j 1) 'b 'c)
            for l = (if (= j 1) 1 5)
            for novo = (aplicar tab j op l c)
            when novo collect (list op l c novo))
      (loop for l from 0 to 6
            append (loop for c from 0 to 6
                         append (loop for (op) in *ops*
                                      for novo = (aplicar tab j op l c)
                                      when novo collect (list op l c novo))))))

(defun valor (jogada j)
  "Captures first, then the move that goes furthest toward the opponent."
  (destructuring-bind (op l c novo) jogada
    (declare (ignore c novo))
    (+ (if (e-captura-p op) 100 0)
       (let ((dl (second (assoc op *ops*))))
         (if (= j 1) (* dl 10) (* dl -10)))
       (if (= j 1) (- l) l))))

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab j) estado
    (let* ((js (sucessores tab j))
           (melhor (first (sort (copy-list js) #'> :key (lambda (x) (valor x j))))))
      (when melhor
        (list (list (first melhor) (1+ (second melhor)) (1+ (third melhor)))
              (fourth melhor))))))
