;;;; A sample course bot for Dots and Boxes that returns the new estado
;;;; after its WHOLE turn: every box it can take, then one more arc.
;;;; Its package is never defined: arena creates it (using CL) because the
;;;; entry names it.
;;;;
;;;; League entry:
;;;;   lisp: {files: [bots/examples/lisp/dots/estado/jogo.lisp],
;;;;          reads: [bots/examples/lisp/dots/regras.lisp], package: pestado}

(in-package :pestado)

(load "../regras.lisp")

(defun jogar (estado tempo)
  "estado is (tabuleiro (caixas-j1 caixas-j2)); returns the estado after
the turn."
  (declare (ignore tempo))
  (loop
    (multiple-value-bind (a novo) (jogada estado)
      (when (null a) (return estado))
      (let ((fechou (/= (first (second novo)) (first (second estado)))))
        (setf estado novo)
        (unless fechou (return estado))))))
