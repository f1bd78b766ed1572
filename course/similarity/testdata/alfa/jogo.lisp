;;;; jogo.lisp - grupo Alfa: Jogo do Cavalo, negamax com cortes alfa-beta.
;;;; O estado e (tabuleiro jogador pontos-brancas pretas).

(defpackage :palfa (:use :common-lisp) (:export :jogar))
(in-package :palfa)

(defvar *saltos-cavalo* '((1 2) (2 1) (-1 2) (-2 1) (1 -2) (2 -1) (-1 -2) (-2 -1))
  "Os oito saltos do cavalo.")

(defparameter *infinito* 100000)

;;; Tabuleiro

(defun casa (tabuleiro linha coluna)
  "O valor da casa (linha coluna)."
  (nth coluna (nth linha tabuleiro)))

(defun dentro-p (linha coluna)
  (and (>= linha 0) (< linha 10) (>= coluna 0) (< coluna 10)))

(defun substituir (tabuleiro linha coluna valor)
  "Um novo tabuleiro com VALOR na casa (linha coluna)."
  (let ((nova-linha (nth linha tabuleiro)))
    (append (subseq tabuleiro 0 linha)
            (list (append (subseq nova-linha 0 coluna)
                          (list valor)
                          (nthcdr (1+ coluna) nova-linha)))
            (nthcdr (1+ linha) tabuleiro))))

(defun onde-esta (tabuleiro peca)
  (let ((resultado nil))
    (dotimes (l 10 resultado)
      (dotimes (c 10)
        (when (eql (casa tabuleiro l c) peca)
          (setf resultado (list l c)))))))

(defun inverso (numero)
  (if (< numero 10)
      (* numero 10)
      (+ (* (mod numero 10) 10) (floor numero 10))))

(defun duplo-p (numero)
  (and (> numero 10) (= (mod numero 10) (floor numero 10))))

;;; Jogadas

(defun saltos-possiveis (tabuleiro jogador)
  (let ((origem (onde-esta tabuleiro (- jogador))))
    (if (null origem)
        (let ((linha (if (= jogador 1) 0 9)))
          (remove-if-not (lambda (p) (numberp (casa tabuleiro (first p) (second p))))
                         (loop for c from 0 below 10 collect (list linha c))))
        (remove-if-not
         (lambda (p)
           (and (dentro-p (first p) (second p))
                (numberp (casa tabuleiro (first p) (second p)))))
         (mapcar (lambda (s) (list (+ (first origem) (first s)) (+ (second origem) (second s))))
                 *saltos-cavalo*)))))

(defun aplicar-salto (tabuleiro jogador destino)
  "Move o cavalo de JOGADOR para DESTINO; devolve (novo-tabuleiro pontos)."
  (let* ((origem (onde-esta tabuleiro (- jogador)))
         (valor (casa tabuleiro (first destino) (second destino)))
         (sem-origem (if origem (substituir tabuleiro (first origem) (second origem) nil) tabuleiro))
         (novo (substituir sem-origem (first destino) (second destino) (- jogador)))
         (par (onde-esta novo (inverso valor))))
    (when (and par (not (duplo-p valor)))
      (setf novo (substituir novo (first par) (second par) nil)))
    (list novo valor)))

;;; Procura

(defun avaliar (pontos jogador)
  (if (= jogador 1)
      (- (first pontos) (second pontos))
      (- (second pontos) (first pontos))))

(defun somar-pontos (pontos jogador ganho)
  (if (= jogador 1)
      (list (+ (first pontos) ganho) (second pontos))
      (list (first pontos) (+ (second pontos) ganho))))

(defun negamax (tabuleiro pontos jogador profundidade alfa beta)
  (let ((saltos (saltos-possiveis tabuleiro jogador)))
    (if (or (zerop profundidade) (null saltos))
        (avaliar pontos jogador)
        (let ((melhor (- *infinito*)))
          (dolist (destino saltos melhor)
            (destructuring-bind (novo ganho) (aplicar-salto tabuleiro jogador destino)
              (let ((valor (- (negamax novo (somar-pontos pontos jogador ganho) (- 3 jogador)
                                       (1- profundidade) (- beta) (- alfa)))))
                (setf melhor (max melhor valor)
                      alfa (max alfa valor))
                (when (>= alfa beta)
                  (return melhor)))))))))

(defun escolher (tabuleiro pontos jogador profundidade)
  (let ((melhor-valor (- *infinito*))
        (melhor-destino nil))
    (dolist (destino (saltos-possiveis tabuleiro jogador) melhor-destino)
      (destructuring-bind (novo ganho) (aplicar-salto tabuleiro jogador destino)
        (let ((valor (- (negamax novo (somar-pontos pontos jogador ganho) (- 3 jogador)
                                 (1- profundidade) (- *infinito*) *infinito*))))
          (when (> valor melhor-valor)
            (setf melhor-valor valor
                  melhor-destino destino)))))))

(defun jogar (estado tempo)
  "Escolhe a jogada com uma procura de profundidade fixa."
  (declare (ignore tempo))
  (destructuring-bind (tabuleiro jogador brancas pretas) estado
    (let ((destino (escolher tabuleiro (list brancas pretas) jogador 3)))
      (when destino
        (destructuring-bind (novo ganho) (aplicar-salto tabuleiro jogador destino)
          (let ((pontos (somar-pontos (list brancas pretas) jogador ganho)))
            (list destino (list novo (- 3 jogador) (first pontos) (second pontos)))))))))
