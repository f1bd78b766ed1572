;;; A Dots and Boxes bot for the adapter's tests. Its package is never
;;; defined (the adapter creates it). The tests send tempo scaled by 1000:
;;; tempo (in µs, then) selects the answer; an unscaled tempo gets 42.
(in-package :pdotsmodes)

(load "../../examples/lisp/dots/regras.lisp")

(defun jogar (estado tempo)
  (let ((tabuleiro (first estado)))
    (case tempo
      (1000 42)                                          ; no board
      (2000 estado)                                      ; no arc drawn
      (3000 (desenhar (desenhar tabuleiro '(:h 2 0)) '(:h 2 1))) ; two arcs, not one turn
      (4000 (list (list (substituir (first tabuleiro) 0 (mapcar (lambda (x) (declare (ignore x)) 0)
                                                              (first (first tabuleiro))))
                        (second tabuleiro))
                  (second estado)))                      ; erases arcs
      (5000 (list 'jogada (list (desenhar tabuleiro '(:v 1 0)) (second estado))))
      (6000 (if (probe-file "dotsmodes.lisp")              ; from the first file's directory
                (desenhar tabuleiro '(:v 1 0))
                42))
      (t 42))))
