;;;; A sample arena bot in Lisp: the board and the points, always white,
;;;; answering with a symbol.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/pontos/jogo.lisp],
;;;;          state: board-scores, answer: move-and-state, perspective: white}
;;;;
;;;; estado is (board (my-points their-points)): with perspective white the
;;;; bot is always white, so the first points are its own. jogar returns
;;;; (MOVE new-state) where MOVE is a symbol such as E5 or C4XH8 (landing on a
;;;; double at C4 and removing the one at H8).

(defpackage :ppontos
  (:use :common-lisp)
  (:export :jogar))

(in-package :ppontos)

(load "../regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab pontos) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab pontos 1)
      (destructuring-bind (l c removida) jogada
        (list (intern (format nil "~a~@[X~a~]" (nome-casa l c)
                              (and removida (nome-casa (first removida) (second removida))))
                      :keyword)
              (list novo novos))))))
