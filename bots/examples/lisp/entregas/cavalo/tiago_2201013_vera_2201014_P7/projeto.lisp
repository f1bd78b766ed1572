;;;; projeto.lisp - grupo P7, as it ran on the author's PC under LispWorks:
;;;; absolute Windows paths and a compiled .ofasl. jogo.lisp is in the
;;;; submission; arena loads it in their place.

(compile-file "C:/lisp/jogo.lisp")
(load "C:/lisp/jogo.ofasl")
