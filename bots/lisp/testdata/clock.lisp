;;; A bot that budgets by the wall clock, as most course projects do: it
;;; sleeps 300 ms, then computes until GET-INTERNAL-REAL-TIME says 400 ms
;;; passed since jogar began, and prints how far its clocks advanced and the
;;; CPU time it used (timing_test.go's TestBotReadsTheChargedClock).
(defpackage :pclock (:use :cl) (:export :jogar))
(in-package :pclock)

(defun ms (units) (round (* 1000 units) internal-time-units-per-second))

(defun jogar (estado tempo)
  (declare (ignore estado tempo))
  (let ((real (get-internal-real-time))
        (run (get-internal-run-time))
        (universal (get-universal-time))
        (x 0))
    (sleep 0.3)
    (loop until (>= (ms (- (get-internal-real-time) real)) 400)
          do (setf x (mod (+ (* x 7) 3) 1000003)))
    (format t "clock ~d run ~d universal ~d x ~d~%"
            (ms (- (get-internal-real-time) real))
            (ms (- (get-internal-run-time) run))
            (- (get-universal-time) universal)
            x)
    (list "A1" nil)))
