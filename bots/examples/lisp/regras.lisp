;;;; regras.lisp - the rules of Jogo do Cavalo and an alpha-beta search,
;;;; shared by the sample bots. It has no IN-PACKAGE on purpose: each bot
;;;; loads it from inside its own package with (load "../regras.lisp"), a
;;;; path relative to the bot's file, so every bot gets its own copy.
;;;;
;;;; Terms used here:
;;;;   tabuleiro  a list of 10 rows (row 1 first) of 10 cells: a number,
;;;;              NIL (empty), -1 (white knight) or -2 (black knight);
;;;;              linha and coluna count from 0, as nth does
;;;;   jogador    1 (white) or 2 (black); its knight is (- jogador)
;;;;   pontos     (white-points black-points)
;;;;   jogada     (linha coluna removida): where the knight lands, and the
;;;;              (linha coluna) of the double it removes, or NIL

(defparameter *profundidade* 3 "Plies searched by MELHOR-JOGADA.")

(defparameter *saltos* '((-2 -1) (-2 1) (-1 -2) (-1 2) (1 -2) (1 2) (2 -1) (2 1))
  "The eight knight jumps, as (linhas colunas).")

(defun celula (tab linha coluna)
  (nth coluna (nth linha tab)))

(defun numero-p (x)
  (and (integerp x) (>= x 0)))

(defun outro (jogador)
  (- 3 jogador))

(defun posicao (tab valor)
  "The (linha coluna) of the cell holding VALUE, or NIL."
  (loop for linha in tab
        for l from 0
        for c = (position valor linha)
        when c return (list l c)))

(defun ataca-p (origem linha coluna)
  "Whether a knight on ORIGEM attacks (LINHA COLUNA)."
  (and origem
       (some (lambda (s)
               (and (= (+ (first origem) (first s)) linha)
                    (= (+ (second origem) (second s)) coluna)))
             *saltos*)))

(defun destinos (tab jogador)
  "The squares JOGADOR's knight may land on: the highest number of its home
row before it is placed, else the numbered squares a jump away that the
other knight does not attack."
  (let ((origem (posicao tab (- jogador)))
        (inimigo (posicao tab (- (outro jogador)))))
    (if (null origem)
        (let* ((linha (if (= jogador 1) 0 9))
               (numeros (remove-if-not #'numero-p (nth linha tab))))
          (when numeros
            (list (list linha (position (reduce #'max numeros) (nth linha tab))))))
        (loop for (dl dc) in *saltos*
              for l = (+ (first origem) dl)
              for c = (+ (second origem) dc)
              when (and (<= 0 l 9) (<= 0 c 9)
                        (numero-p (celula tab l c))
                        (not (ataca-p inimigo l c)))
                collect (list l c)))))

(defun duplo-p (n)
  (zerop (mod n 11)))

(defun simetrico (n)
  (+ (* 10 (mod n 10)) (floor n 10)))

(defun duplos (tab)
  "The doubles on the board as (numero linha coluna), highest first."
  (loop for n from 99 downto 0 by 11
        for p = (posicao tab n)
        when p collect (cons n p)))

(defun jogadas (tab jogador)
  "JOGADOR's legal jogadas: one per double it may remove when it lands on a
double and another remains."
  (loop for (l c) in (destinos tab jogador)
        for n = (celula tab l c)
        for outros = (and (duplo-p n) (remove n (duplos tab) :key #'first))
        append (if outros
                   (mapcar (lambda (d) (list l c (rest d))) outros)
                   (list (list l c nil)))))

(defun substituir (tab linha coluna valor)
  "A copy of TAB with VALUE at (LINHA COLUNA)."
  (loop for row in tab
        for i from 0
        collect (if (= i linha)
                    (loop for x in row for j from 0 collect (if (= j coluna) valor x))
                    row)))

(defun aplicar (tab pontos jogador jogada)
  "Plays JOGADA: returns (values novo-tabuleiro novos-pontos)."
  (destructuring-bind (l c removida) jogada
    (let* ((n (celula tab l c))
           (origem (posicao tab (- jogador)))
           (novo (if origem (substituir tab (first origem) (second origem) nil) tab))
           (novo (substituir novo l c (- jogador)))
           (sim (and (/= n (simetrico n)) (posicao novo (simetrico n))))
           (novo (if sim (substituir novo (first sim) (second sim) nil) novo))
           (novo (if removida (substituir novo (first removida) (second removida) nil) novo)))
      (values novo
              (if (= jogador 1)
                  (list (+ (first pontos) n) (second pontos))
                  (list (first pontos) (+ (second pontos) n)))))))

(defun avaliar (pontos jogador)
  "The score difference, from JOGADOR's side."
  (if (= jogador 1)
      (- (first pontos) (second pontos))
      (- (second pontos) (first pontos))))

(defun negamax (tab pontos jogador prof alfa beta)
  "The value of the position for JOGADOR, searched PROF plies deep with
alpha-beta pruning. A side without moves passes; the game ends when neither
can move."
  (let ((js (and (plusp prof) (jogadas tab jogador))))
    (cond ((zerop prof) (avaliar pontos jogador))
          ((null js)
           (if (jogadas tab (outro jogador))
               (- (negamax tab pontos (outro jogador) (1- prof) (- beta) (- alfa)))
               (avaliar pontos jogador)))
          (t (let ((melhor -100000))
               (dolist (j js melhor)
                 (multiple-value-bind (t2 p2) (aplicar tab pontos jogador j)
                   (let ((v (- (negamax t2 p2 (outro jogador) (1- prof) (- beta) (- alfa)))))
                     (setf melhor (max melhor v)
                           alfa (max alfa v))
                     (when (>= alfa beta)
                       (return melhor))))))))))

(defun melhor-jogada (tab pontos jogador &optional (prof *profundidade*))
  "The best jogada for JOGADOR by a PROF-ply search: returns (values jogada
novo-tabuleiro novos-pontos), or NIL when JOGADOR cannot move."
  (let ((melhor nil) (valor -100000) novo novos)
    (dolist (j (jogadas tab jogador))
      (multiple-value-bind (t2 p2) (aplicar tab pontos jogador j)
        (let ((v (- (negamax t2 p2 (outro jogador) (1- prof) -100000 (- valor)))))
          (when (or (null melhor) (> v valor))
            (setf melhor j valor v novo t2 novos p2)))))
    (values melhor novo novos)))

(defun nome-casa (linha coluna)
  "The name of a square, e.g. \"J10\" for (9 9)."
  (format nil "~c~d" (code-char (+ (char-code #\A) coluna)) (1+ linha)))
