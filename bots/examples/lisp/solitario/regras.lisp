;;;; regras.lisp - the rules of Solitário 2 and an alpha-beta search,
;;;; shared by the sample bots of bots/examples/lisp/entregas/solitario. It
;;;; has no IN-PACKAGE on purpose: each bot loads it from inside its own
;;;; package with (load "regras.lisp"), so every bot gets its own copy.
;;;;
;;;; Terms used here:
;;;;   tabuleiro  a list of 7 rows (row 1 first) of 7 cells: NIL off the
;;;;              board, 0 an empty hole, 1 or 2 a peg of that player;
;;;;              linha and coluna count from 0, as nth does
;;;;   jogador    1 (moves first, starts on rows 1-2) or 2 (rows 6-7)
;;;;   jogada     (operador linha coluna novo-tabuleiro): the peg's origin
;;;;              and the board after it moves

(defparameter *operadores*
  '((c cima) (b baixo) (e esquerda) (d direita)
    (cc salto-cima) (cb salto-baixo) (ce salto-esquerda) (cd salto-direita))
  "The operators of the statement and the functions that apply them.")

(defun celula (tab linha coluna)
  (and (<= 0 linha 6) (<= 0 coluna 6) (nth coluna (nth linha tab))))

(defun outro (jogador)
  (- 3 jogador))

(defun substituir (tab linha coluna valor)
  "A copy of TAB with VALUE at (LINHA COLUNA)."
  (loop for row in tab
        for i from 0
        collect (if (= i linha)
                    (loop for x in row for j from 0 collect (if (= j coluna) valor x))
                    row)))

(defun casa-partida-p (jogador linha coluna)
  "Whether (LINHA COLUNA) is one of JOGADOR's six start holes."
  (and (<= 2 coluna 4)
       (if (= jogador 1) (<= linha 1) (>= linha 5))))

(defun primeira-jogada-p (tab jogador)
  "Whether JOGADOR has not moved yet: its six pegs on its start holes."
  (let ((n 0))
    (loop for row in tab for l from 0
          do (loop for x in row for c from 0
                   when (eql x jogador)
                     do (if (casa-partida-p jogador l c) (incf n) (return-from primeira-jogada-p nil))))
    (= n 6)))

(defun mover (tab jogador linha coluna dl dc)
  "The board after JOGADOR's peg on (LINHA COLUNA) steps by (DL DC), or NIL."
  (let ((l (+ linha dl)) (c (+ coluna dc)))
    (and (eql (celula tab linha coluna) jogador)
         (eql (celula tab l c) 0)
         (substituir (substituir tab linha coluna 0) l c jogador))))

(defun saltar (tab jogador linha coluna dl dc)
  "The board after JOGADOR's peg on (LINHA COLUNA) jumps over an opponent's
peg by (DL DC), capturing it, or NIL."
  (let ((l (+ linha dl dl)) (c (+ coluna dc dc)))
    (and (eql (celula tab linha coluna) jogador)
         (eql (celula tab (+ linha dl) (+ coluna dc)) (outro jogador))
         (eql (celula tab l c) 0)
         (substituir (substituir (substituir tab linha coluna 0) (+ linha dl) (+ coluna dc) 0) l c jogador))))

(defun cima (tab j l c) (mover tab j l c -1 0))
(defun baixo (tab j l c) (mover tab j l c 1 0))
(defun esquerda (tab j l c) (mover tab j l c 0 -1))
(defun direita (tab j l c) (mover tab j l c 0 1))
(defun salto-cima (tab j l c) (saltar tab j l c -1 0))
(defun salto-baixo (tab j l c) (saltar tab j l c 1 0))
(defun salto-esquerda (tab j l c) (saltar tab j l c 0 -1))
(defun salto-direita (tab j l c) (saltar tab j l c 0 1))

(defun jogadas-solitario (tab jogador)
  "JOGADOR's legal jogadas. The first move of each side is forced: player
1 steps down from row 2, player 2 up from row 6."
  (if (primeira-jogada-p tab jogador)
      (let ((linha (if (= jogador 1) 1 5)) (op (if (= jogador 1) 'b 'c)))
        (loop for c from 2 to 4
              for novo = (funcall (second (assoc op *operadores*)) tab jogador linha c)
              when novo collect (list op linha c novo)))
      (loop for l from 0 to 6
            append (loop for c from 0 to 6
                         when (eql (celula tab l c) jogador)
                           append (loop for (op f) in *operadores*
                                        for novo = (funcall f tab jogador l c)
                                        when novo collect (list op l c novo))))))

(defun vitoria-p (tab jogador)
  "Whether a peg of JOGADOR stands on one of the opponent's start holes."
  (loop for row in tab for l from 0
        thereis (loop for x in row for c from 0
                      thereis (and (eql x jogador) (casa-partida-p (outro jogador) l c)))))

(defun pecas (tab jogador)
  (loop for row in tab sum (count jogador row)))

(defun distancia (tab jogador)
  "The rows JOGADOR's most advanced peg still has to go."
  (loop for row in tab for l from 0
        when (member jogador row)
          minimize (if (= jogador 1) (- 5 l) (- l 1))))

(defun avaliar (tab jogador)
  "Pegs and advance, from JOGADOR's side."
  (let ((o (outro jogador)))
    (cond ((vitoria-p tab jogador) 1000)
          ((vitoria-p tab o) -1000)
          (t (+ (* 10 (- (pecas tab jogador) (pecas tab o)))
                (- (or (distancia tab o) 9) (or (distancia tab jogador) 9)))))))

(defun negamax (tab jogador prof alfa beta)
  (let ((js (and (plusp prof)
                 (not (vitoria-p tab 1)) (not (vitoria-p tab 2))
                 (jogadas-solitario tab jogador))))
    (if (null js)
        (avaliar tab jogador)
        (let ((melhor -100000))
          (dolist (j js melhor)
            (let ((v (- (negamax (fourth j) (outro jogador) (1- prof) (- beta) (- alfa)))))
              (setf melhor (max melhor v)
                    alfa (max alfa v))
              (when (>= alfa beta)
                (return melhor))))))))

(defun melhor-jogada (tab jogador prof)
  "The best jogada of JOGADOR by a PROF-ply search, or NIL when it has none."
  (let ((melhor nil) (valor -100000))
    (dolist (j (jogadas-solitario tab jogador) melhor)
      (let ((v (- (negamax (fourth j) (outro jogador) (1- prof) -100000 (- valor)))))
        (when (or (null melhor) (> v valor))
          (setf melhor j valor v))))))
