(in-package :pdois-ficheiros)
(defun ajuda () nil)
