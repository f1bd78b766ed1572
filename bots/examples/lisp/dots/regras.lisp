;;;; Dots and Boxes rules for the sample course bots of this folder, loaded
;;;; by each bot inside its own package with (load "../regras.lisp").
;;;;
;;;; tabuleiro is (H V): H lists the rows of dots, top to bottom, each with
;;;; its horizontal arcs left to right; V lists the columns of dots, left to
;;;; right, each with its vertical arcs top to bottom. An arc is 0 (empty),
;;;; 1 or 2 (drawn by that player). The bot is always player 1.
;;;; An arc is written (:h i j), H's list i item j, or (:v j i), V's list j
;;;; item i.

(defun linhas (tabuleiro) "Rows of boxes." (length (first (second tabuleiro))))
(defun colunas (tabuleiro) "Columns of boxes." (length (first (first tabuleiro))))

(defun arco (tabuleiro a)
  "The value of arc A."
  (destructuring-bind (tipo x y) a
    (nth y (nth x (if (eq tipo :h) (first tabuleiro) (second tabuleiro))))))

(defun lados (tabuleiro r c)
  "How many sides of box (R C), from 0, are drawn."
  (count-if-not #'zerop
                (mapcar (lambda (a) (arco tabuleiro a))
                        (list (list :h r c) (list :h (1+ r) c)
                              (list :v c r) (list :v (1+ c) r)))))

(defun caixas-de (tabuleiro a)
  "The boxes, (r c), beside arc A."
  (destructuring-bind (tipo x y) a
    (remove-if-not (lambda (b) (and (< -1 (first b) (linhas tabuleiro))
                                    (< -1 (second b) (colunas tabuleiro))))
                   (if (eq tipo :h)
                       (list (list (1- x) y) (list x y))
                       (list (list y (1- x)) (list y x))))))

(defun arcos-livres (tabuleiro)
  "The empty arcs."
  (append
   (loop for linha in (first tabuleiro) for i from 0
         nconc (loop for v in linha for j from 0 when (zerop v) collect (list :h i j)))
   (loop for coluna in (second tabuleiro) for j from 0
         nconc (loop for v in coluna for i from 0 when (zerop v) collect (list :v j i)))))

(defun fecha (tabuleiro a)
  "How many boxes arc A closes."
  (count 3 (caixas-de tabuleiro a)
         :key (lambda (b) (lados tabuleiro (first b) (second b)))))

(defun seguro-p (tabuleiro a)
  "Whether arc A leaves no box with three sides."
  (every (lambda (b) (< (lados tabuleiro (first b) (second b)) 2))
         (caixas-de tabuleiro a)))

(defun substituir (lista n valor)
  (loop for x in lista for k from 0 collect (if (= k n) valor x)))

(defun desenhar (tabuleiro a)
  "The board after player 1 draws arc A."
  (destructuring-bind (tipo x y) a
    (let ((k (if (eq tipo :h) 0 1)))
      (substituir tabuleiro k
                  (substituir (nth k tabuleiro) x
                              (substituir (nth x (nth k tabuleiro)) y 1))))))

(defun escolher (tabuleiro)
  "One arc: one that closes a box, else one that gives none, else the first."
  (let ((livres (arcos-livres tabuleiro)))
    (or (find-if (lambda (a) (plusp (fecha tabuleiro a))) livres)
        (find-if (lambda (a) (seguro-p tabuleiro a)) livres)
        (first livres))))

(defun jogada (estado)
  "One arc played on ESTADO, (tabuleiro (caixas-j1 caixas-j2)): returns the
arc and the new estado."
  (destructuring-bind (tabuleiro (c1 c2)) estado
    (let ((a (escolher tabuleiro)))
      (if (null a)
          (values nil estado)
          (values a (list (desenhar tabuleiro a) (list (+ c1 (fecha tabuleiro a)) c2)))))))
