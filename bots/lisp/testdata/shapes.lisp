;;; A Cavalo bot for the adapter's tests that answers in every shape course
;;; bots use. The tests send tempo scaled by 1000: tempo (in µs, then)
;;; selects the shape. estado is (board player white black), the player
;;; 1/2, or its knight's code -1/-2 under side: knight.
(defpackage :pshapes (:use :cl) (:export :jogar))
(in-package :pshapes)

(load "../../examples/lisp/regras.lisp")

(defun jogar (estado tempo)
  (destructuring-bind (tab jogador brancas pretas) estado
    (let ((jogador (abs jogador)))
      (multiple-value-bind (jogada novo novos) (melhor-jogada tab (list brancas pretas) jogador 1)
        (let ((casa (nome-casa (first jogada) (second jogada)))
              (novo-estado (list novo (outro jogador) (first novos) (second novos))))
          (case tempo
            (1000 (list novo))                                      ; (board)
            (2000 (list novo-estado 3 -5 950 2000 5000 7))          ; (new-state depth value time expanded generated cuts)
            (3000 (list 'jogada (list (list novo))))                ; (jogada ((board)))
            (4000 (values casa (list novo novos)))                  ; (values move (board (points)))
            (5000 (list (if (string= casa "J10") "A1" "J10") novo-estado)) ; a move in notation that differs
            (6000 42)                                               ; no board
            (7000 (list estado 3 -5))                               ; the board before: the knight did not move
            (8000 (list tab novo-estado))                           ; two boards, the first before the move
            (t (list casa novo-estado))))))))
