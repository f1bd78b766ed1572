;;;; Jogo do Quatro rules for the sample course bots of
;;;; bots/examples/lisp/entregas/quatro, loaded by each bot inside its own
;;;; package with (load "regras.lisp").
;;;;
;;;; estado is (tabuleiro reserva): tabuleiro, 4 lists (row 1 first) of 4
;;;; cells, each 0 or a piece; reserva, the pieces not played. A piece is
;;;; the list of its four attributes: (BRANCA|PRETA QUADRADA|REDONDA
;;;; ALTA|BAIXA CHEIA|OCA). A move (l c peca) places peca on row l, column
;;;; c, counted from 0.

(defun celula (tabuleiro l c) "The cell of row L, column C." (nth c (nth l tabuleiro)))

(defun linhas-do-quatro ()
  "The 10 lines of the board, each a list of (l c): rows, columns, diagonals."
  (append
   (loop for l below 4 collect (loop for c below 4 collect (list l c)))
   (loop for c below 4 collect (loop for l below 4 collect (list l c)))
   (list (loop for i below 4 collect (list i i))
         (loop for i below 4 collect (list i (- 3 i))))))

(defun atributo-comum-p (pecas)
  "Whether the pieces share a value of some attribute."
  (loop for i below 4
        thereis (every (lambda (p) (eq (nth i p) (nth i (first pecas)))) pecas)))

(defun quatro-em-linha-p (tabuleiro)
  "Whether some line holds four pieces that share an attribute value."
  (some (lambda (linha)
          (let ((pecas (mapcar (lambda (p) (celula tabuleiro (first p) (second p))) linha)))
            (and (notany #'numberp pecas) (atributo-comum-p pecas))))
        (linhas-do-quatro)))

(defun substituir (lista n valor)
  (loop for x in lista for k from 0 collect (if (= k n) valor x)))

(defun colocar-peca (tabuleiro l c peca)
  "The board with PECA on row L, column C."
  (substituir tabuleiro l (substituir (nth l tabuleiro) c peca)))

(defun retirar-da-reserva (peca reserva)
  (remove peca reserva :test #'equal))

(defun jogadas-possiveis (estado)
  "Every move (l c peca) of ESTADO."
  (destructuring-bind (tabuleiro reserva) estado
    (loop for l below 4
          nconc (loop for c below 4
                      when (eql (celula tabuleiro l c) 0)
                        nconc (mapcar (lambda (p) (list l c p)) reserva)))))

(defun aplicar-jogada (estado jogada)
  "The estado after JOGADA."
  (destructuring-bind (tabuleiro reserva) estado
    (destructuring-bind (l c peca) jogada
      (list (colocar-peca tabuleiro l c peca) (retirar-da-reserva peca reserva)))))

(defun vitoria-na-reserva-p (estado)
  "Whether some piece of the reserve completes a line of three pieces
that share an attribute value: the player to move can win."
  (destructuring-bind (tabuleiro reserva) estado
    (some (lambda (linha)
            (let* ((pecas (mapcar (lambda (p) (celula tabuleiro (first p) (second p))) linha))
                   (postas (remove-if #'numberp pecas)))
              (and (= (length postas) 3)
                   (some (lambda (r) (atributo-comum-p (cons r postas))) reserva))))
          (linhas-do-quatro))))

(defun jogada-vencedora (estado)
  "A move that completes a line, or NIL."
  (find-if (lambda (j) (quatro-em-linha-p (first (aplicar-jogada estado j))))
           (jogadas-possiveis estado)))

(defun jogada-segura-p (estado jogada)
  "Whether JOGADA leaves the opponent no winning move."
  (not (vitoria-na-reserva-p (aplicar-jogada estado jogada))))

(defun escolher-jogada (estado &optional (ordem #'identity))
  "A winning move, else a safe one (the first in ORDER of the moves), else
the first."
  (let ((jogadas (funcall ordem (jogadas-possiveis estado))))
    (or (jogada-vencedora estado)
        (find-if (lambda (j) (jogada-segura-p estado j)) jogadas)
        (first jogadas))))
