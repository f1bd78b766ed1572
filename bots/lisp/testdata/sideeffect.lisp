;;; Loaded after bots/examples/lisp/jogador/jogo.lisp: its loading writes
;;; dados.txt in $TMPDIR (the bot's scratch, in its sandbox), which its
;;; jogar reads at every move. A saved image would not find the file in a
;;; game's fresh scratch: arena plays this bot by loading it, and says why.
(in-package :pjogador)

(defun dados ()
  (let ((dir (or (sb-ext:posix-getenv "TMPDIR") "/tmp")))
    (pathname (concatenate 'string (string-right-trim "/" dir) "/dados.txt"))))

(with-open-file (s (dados) :direction :output :if-exists :supersede)
  (print :pronto s))

(let ((jogar #'jogar))
  (setf (fdefinition 'jogar)
        (lambda (estado tempo)
          (with-open-file (s (dados))
            (unless (eq (read s) :pronto)
              (error "dados.txt does not say :pronto")))
          (funcall jogar estado tempo))))
