(in-package :pnested)
(defparameter *tabuleiro* (car 5))
