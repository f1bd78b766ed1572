;;;; jogo.lisp - grupo P3: always the first player. Its knight is -1, its
;;;; home row is row 1 and its points come first: arena intake finds that it
;;;; wants perspective: white.
;;;; estado: (tabuleiro (meus-pontos pontos-dele)); jogar devolve (jogada
;;;; novo-estado), jogada um simbolo como E5.

(defpackage :p3 (:use :common-lisp) (:export :jogar))
(in-package :p3)

(load "regras.lisp")

(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab pontos) estado
    (multiple-value-bind (jogada novo novos) (melhor-jogada tab pontos 1 2)
      (destructuring-bind (l c removida) jogada
        (list (intern (format nil "~a~@[X~a~]" (nome-casa l c)
                              (and removida (nome-casa (first removida) (second removida)))))
              (list novo novos))))))
