;;;; Adji-boto rules for the sample course bots of entregas/adji, loaded by
;;;; each bot inside its own package with (load "regras.lisp").
;;;;
;;;; tabuleiro is ((r0c0 ... r0c5) (r1c0 ... r1c5)); player 1 owns row 0,
;;;; player 2 row 1 (a player is written by its row, 0 or 1). Seeds are
;;;; sown counter-clockwise: along row 0 toward column 0, down to (1 0),
;;;; along row 1 toward column 5, up to (0 5); the emptied hole is skipped.
;;;; The last seed captures when it falls on the other row and leaves 1, 3
;;;; or 5 seeds there. pontos is (pontos-j1 pontos-j2).

(defun sementes (tabuleiro l c)
  "The seeds in hole (L C)."
  (nth c (nth l tabuleiro)))

(defun posicao-anel (l c)
  "The place of hole (L C) in the sowing order."
  (if (= l 0) (- 5 c) (+ 6 c)))

(defun cavidade-anel (i)
  "The hole at place I of the sowing order."
  (if (< i 6) (list 0 (- 5 i)) (list 1 (- i 6))))

(defun semear (tabuleiro l c)
  "Sows hole (L C): (novo-tabuleiro linha-final coluna-final)."
  (let* ((novo (mapcar #'copy-list tabuleiro))
         (n (sementes tabuleiro l c))
         (origem (posicao-anel l c))
         (i origem)
         (ultima nil))
    (setf (nth c (nth l novo)) 0)
    (loop while (> n 0)
          do (setf i (mod (1+ i) 12))
             (unless (= i origem)
               (let ((h (cavidade-anel i)))
                 (incf (nth (second h) (nth (first h) novo)))
                 (setf ultima h)
                 (decf n))))
    (list novo (first ultima) (second ultima))))

(defun captura (jogador linha k)
  "Whether a last seed on LINHA that leaves K seeds captures for JOGADOR."
  (and (/= linha jogador) (member k '(1 3 5))))

(defun jogada-adji (tabuleiro pontos l c jogador)
  "JOGADOR sows (L C): (novo-tabuleiro novos-pontos)."
  (destructuring-bind (novo ul uc) (semear tabuleiro l c)
    (let ((k (sementes novo ul uc)))
      (if (captura jogador ul k)
          (let ((p (copy-list pontos)))
            (setf (nth uc (nth ul novo)) 0)
            (incf (nth jogador p) k)
            (list novo p))
          (list novo pontos)))))

(defun cavidades-jogaveis (tabuleiro jogador)
  "The holes JOGADOR may sow, (l c)."
  (loop for c from 0 below 6
        when (> (sementes tabuleiro jogador c) 0)
          collect (list jogador c)))

(defun negamax-adji (tabuleiro pontos jogador prof alfa beta)
  "The value, for JOGADOR to move, of the captures difference PROF plies on."
  (let ((jogadas (cavidades-jogaveis tabuleiro jogador)))
    (if (or (= prof 0) (null jogadas))
        (let ((v (- (first pontos) (second pontos))))
          (if (= jogador 0) v (- v)))
        (dolist (j jogadas alfa)
          (destructuring-bind (novo p) (jogada-adji tabuleiro pontos (first j) (second j) jogador)
            (let ((v (- (negamax-adji novo p (- 1 jogador) (1- prof) (- beta) (- alfa)))))
              (when (> v alfa) (setf alfa v))
              (when (>= alfa beta) (return alfa))))))))

(defun melhor-jogada (tabuleiro pontos prof)
  "Player 1's best hole, (0 c), by a negamax PROF plies deep."
  (let ((melhor nil) (valor most-negative-fixnum))
    (dolist (j (cavidades-jogaveis tabuleiro 0) melhor)
      (destructuring-bind (novo p) (jogada-adji tabuleiro pontos (first j) (second j) 0)
        (let ((v (- (negamax-adji novo p 1 (1- prof) -1000 1000))))
          (when (> v valor) (setf valor v melhor j)))))))
