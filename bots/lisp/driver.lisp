;;;; driver.lisp - the SBCL side of arena's Lisp adapter (package bots/lisp).
;;;;
;;;; The Go adapter starts one SBCL per bot, loads this file from a string
;;;; and calls ARENA-DRIVER:MAIN. Requests arrive on file descriptor 3 and
;;;; answers leave on file descriptor 4, so nothing a bot prints, to any
;;;; stream, can corrupt the protocol; what it prints while loading or
;;;; playing is captured and sent along with the answer as its log.
;;;;
;;;; Requests, one s-expression each:
;;;;   (LOAD id ("/abs/file.lisp" ...) "PACKAGE-or-NIL" "/abs/root/-or-NIL")
;;;;   (JOGAR id estado tempo-ms)          arena charges the call its wall time
;;;;   (JOGAR id estado tempo-ms :CPU)     arena charges the call its CPU time:
;;;;     while jogar runs, the bot's clock readings advance with it (ON-CPU-CLOCK)
;;;;   (SAVE id "/abs/file.core")   saves the loaded image and exits
;;;; Answers:
;;;;   (:READY id "PACKAGE" "log")
;;;;   (:ANSWER id value "log" microseconds)
;;;;   (:FAIL id kind "text" "log")
;;;; where kind is :LOAD, :PACKAGE, :ERROR, :DEBUGGER, :EXIT, :INTERRUPTED,
;;;; :ANSWER, :REQUEST or :IMAGE (SAVE refused: what loading left that an
;;;; image cannot keep). Answers are written with EMIT: integers, "strings",
;;;; |symbols| (keywords with a leading colon) and lists, which the Go
;;;; reader (referee/sexp) reads.
;;;;
;;;; SIGINT means "time is up": while jogar runs it unwinds jogar, which is
;;;; answered with :INTERRUPTED; at any other time it is ignored.

(defpackage #:arena-driver
  (:use #:common-lisp)
  (:export #:main))

(in-package #:arena-driver)

(defparameter *log-cap* 16384
  "Characters of a bot's output kept per request; the rest is counted.")

(defparameter *emit-budget* 200000
  "Conses and atoms an answer may hold; more is taken as a circular answer.")

(defvar *requests* nil "The stream requests are read from (fd 3).")
(defvar *answers* nil "The stream answers are written to (fd 4).")
(defvar *jogar* nil "The symbol whose function is the bot's jogar.")
(defvar *from-core* nil
  "True in an image saved by SAVE: the bot's files are loaded already, and
LOAD only answers READY.")
(defvar *written* nil
  "The first file the bot's loading opened for output, or NIL (loader.lisp).")
(defvar *opened* nil "The streams of the files opened while loading (loader.lisp).")
(defvar *load-log* ""
  "What the bot's loading printed: kept in a saved image, whose LOAD answers
READY with it, as the loading did.")
(defvar *budget* 0 "What is left of *EMIT-BUDGET* while emitting.")

;;; Capturing output

(defclass capture (sb-gray:fundamental-character-output-stream)
  ((text :initform (make-string-output-stream) :reader capture-text)
   (count :initform 0 :accessor capture-count)
   (column :initform 0 :accessor capture-column))
  (:documentation "An output stream that keeps the first *LOG-CAP*
characters written to it and counts the others."))

(defmethod sb-gray:stream-write-char ((s capture) char)
  (when (< (capture-count s) *log-cap*)
    (write-char char (capture-text s)))
  (incf (capture-count s))
  (setf (capture-column s) (if (char= char #\Newline) 0 (1+ (capture-column s))))
  char)

(defmethod sb-gray:stream-line-column ((s capture))
  (capture-column s))

(defun capture-string (s)
  "What was written to the capture S, with a note when some was dropped."
  (let ((text (get-output-stream-string (capture-text s))))
    (if (> (capture-count s) *log-cap*)
        (format nil "~a~%...(~d characters in all)" text (capture-count s))
        text)))

(defun call-captured (capture thunk)
  "Calls THUNK with every standard stream writing to CAPTURE and reading
from an empty stream."
  (let* ((empty (make-string-input-stream ""))
         (io (make-two-way-stream empty capture))
         (*standard-output* capture)
         (*error-output* capture)
         (*trace-output* capture)
         (*terminal-io* io)
         (*query-io* io)
         (*debug-io* io)
         (*standard-input* empty))
    (funcall thunk)))

;;; Writing answers

(defun emit-escaped (text quote stream)
  "Writes TEXT between QUOTE characters, escaping QUOTE and backslash."
  (write-char quote stream)
  (loop for ch across text
        do (when (or (char= ch quote) (char= ch #\\))
             (write-char #\\ stream))
           (write-char ch stream))
  (write-char quote stream))

(defun emit (x stream)
  "Writes X in the syntax the Go reader reads: integers, strings, symbols
between bars and lists; other objects are written as their printed text
in a string."
  (when (minusp (decf *budget*))
    (error "the answer holds more than ~d conses and atoms, or is circular" *emit-budget*))
  (typecase x
    (null (write-string "NIL" stream))
    (integer (format stream "~d" x))
    (string (emit-escaped x #\" stream))
    (symbol (when (keywordp x) (write-char #\: stream))
            (emit-escaped (symbol-name x) #\| stream))
    (cons (write-char #\( stream)
          (loop for tail = x then (cdr tail)
                for first = t then nil
                while (consp tail)
                do (unless first (write-char #\Space stream))
                   (emit (car tail) stream)
                finally (when tail
                          (write-string " . " stream)
                          (emit tail stream)))
          (write-char #\) stream))
    (vector (emit (coerce x 'list) stream))
    (character (emit-escaped (string x) #\" stream))
    (t (emit-escaped (or (ignore-errors (prin1-to-string x)) "#<unprintable>") #\" stream))))

(defun send (&rest items)
  "Writes the answer ITEMS to the answer stream in one piece."
  (let ((text (let ((*budget* *emit-budget*))
                (with-output-to-string (s) (emit items s)))))
    (sb-sys:without-interrupts
      (write-string text *answers*)
      (terpri *answers*)
      (finish-output *answers*))))

;;; Running bot code

(define-condition load-problem (error)
  ((text :initarg :text :reader load-problem-text))
  (:report (lambda (c s) (write-string (load-problem-text c) s)))
  (:documentation "A failure of loading described by the driver itself
(loader.lisp): its report is the whole message."))

(defun condition-text (c &optional where)
  "The type and report of the condition C, with WHERE (the function that
signalled it) when known, never signalling."
  (or (and (typep c 'load-problem) (ignore-errors (princ-to-string c)))
      (ignore-errors (format nil "~a~@[ in ~a~]: ~a" (type-of c) where c))
      (ignore-errors (format nil "~a (its report failed)" (type-of c)))
      "an unprintable condition"))

(defun frame-home (name)
  "The symbol a frame's function NAME belongs to: NAME itself, or the
function a (LAMBDA ... :IN F) or (FLET G :IN F) is in; NIL if none."
  (cond ((symbolp name) name)
        ((consp name)
         (let ((in (member :in name)))
           (cond ((and in (symbolp (second in))) (second in))
                 (in nil)
                 ((symbolp (second name)) (second name)))))))

(defun system-symbol-p (symbol)
  "Whether SYMBOL is Common Lisp's, SBCL's or this driver's."
  (let ((p (symbol-package symbol)))
    (or (null p)
        (member (package-name p) '("COMMON-LISP" "KEYWORD" "ARENA-DRIVER") :test #'string=)
        (let ((name (package-name p)))
          (and (> (length name) 3) (string= "SB-" name :end2 3))))))

(defun signalling-function ()
  "The name of the innermost function of the bot's code on the stack, as
text, or NIL."
  (ignore-errors
   (sb-debug::map-backtrace
    (lambda (frame)
      (let ((name (sb-debug::frame-call frame)))
        (let ((home (frame-home name)))
          (unless (and home (system-symbol-p home))
            (return-from signalling-function
              (let ((*package* (find-package "COMMON-LISP-USER"))
                    (*print-pretty* nil) (*print-length* 6) (*print-level* 3))
                (prin1-to-string name)))))))
    :count 60)
   nil))

(defun backtrace-text ()
  "The frames of the bot's code on the stack, innermost first, as text; NIL
if there are none. Frames of SBCL's signalling machinery and of this driver
are left out, and long frames are cut."
  (ignore-errors
   (let* ((sb-debug:*debug-print-variable-alist*
            '((*print-length* . 6) (*print-level* . 3) (*print-pretty* . nil)))
          (text (with-output-to-string (s)
                  (sb-debug:print-backtrace :count 60 :stream s)))
          (frames '()))
     (with-input-from-string (in text)
       (loop for line = (read-line in nil)
             while (and line (< (length frames) 12))
             do (cond ((search "(LAMBDA NIL :IN ARENA-DRIVER::CALL-PROTECTED)" line)
                       (loop-finish))
                      ((or (zerop (length line))
                           (not (digit-char-p (char line 0)))
                           (search "ARENA-DRIVER::" line)
                           (search "SB-KERNEL::%SIGNAL" line)))
                      (t (push (if (> (length line) 160)
                                   (concatenate 'string (subseq line 0 157) "...")
                                   line)
                               frames)))))
     (when frames
       (format nil "Backtrace (innermost first):~%~{  ~a~%~}" (nreverse frames))))))

(defun cancel-exit ()
  "Undoes what SB-EXT:EXIT did before unwinding, so that the process can go
on after a bot called (quit) or (exit). Returns NIL when this SBCL is not
known to allow it."
  (let ((flag (find-symbol "*EXIT-IN-PROGRESS*" "SB-IMPL"))
        (lock (find-symbol "*EXIT-LOCK*" "SB-IMPL")))
    (when (and flag lock (boundp flag) (boundp lock))
      (setf (symbol-value flag) nil)
      (let ((mutex (symbol-value lock)))
        (when (and (typep mutex 'sb-thread:mutex) (sb-thread:holding-mutex-p mutex))
          (sb-thread:release-mutex mutex)))
      t)))

(defun call-protected (id thunk &key backtrace-p)
  "Calls THUNK with its output captured and returns (values status value
log microseconds): status :OK with the list of THUNK's values, or :ERROR,
:DEBUGGER, :INTERRUPTED or :EXIT with a text saying why. When BACKTRACE-P,
the text of an error or of the debugger names the function of the bot that
signalled it, and the log ends with the backtrace of an error."
  (let ((capture (make-instance 'capture))
        (status :exit)
        (value "arena stopped the non-local exit and kept SBCL running")
        (backtrace nil)
        (where nil)
        (start (get-internal-real-time)))
    (flet ((result ()
             (values status
                     value
                     (if (and backtrace (eq status :error))
                         (format nil "~a~&lisp: ~a" (capture-string capture) backtrace)
                         (capture-string capture))
                     (round (* 1000000 (- (get-internal-real-time) start))
                            internal-time-units-per-second))))
      (block call
        (unwind-protect
             (setf (values status value)
                   (catch 'bot-failed
                     (call-captured
                      capture
                      (lambda ()
                        (let ((sb-ext:*invoke-debugger-hook*
                                (lambda (c hook)
                                  (declare (ignore hook))
                                  (throw 'bot-failed
                                    (values :debugger
                                            (condition-text c (and backtrace-p (signalling-function)))))))
                              (*debugger-hook* nil))
                          (handler-case
                              (handler-bind ((error (lambda (c)
                                                      (declare (ignore c))
                                                      (when (and backtrace-p (not backtrace))
                                                        (setf backtrace (backtrace-text)
                                                              where (signalling-function))))))
                                (values :ok (multiple-value-list (funcall thunk))))
                            (sb-sys:interactive-interrupt ()
                              (values :interrupted "interrupted: the time was up"))
                            (serious-condition (c)
                              (values :error (condition-text c where)))))))))
          ;; A non-local exit through here is a bot calling (quit) or
          ;; (exit): stop it when this SBCL allows, else say why we die.
          (when (or (not (eq status :exit)) (cancel-exit))
            (return-from call (result)))
          (ignore-errors (send :fail id :exit value (capture-string capture))))))))

;;; Requests

(defun user-packages ()
  "The names of the packages that are neither SBCL's nor this driver's."
  (loop for p in (list-all-packages)
        for name = (package-name p)
        unless (or (eq p (find-package "ARENA-DRIVER"))
                   (eq p (find-package "KEYWORD"))
                   (eq p (find-package "COMMON-LISP"))
                   (eq p (find-package "COMMON-LISP-USER"))
                   (and (> (length name) 3) (string= "SB-" name :end2 3))
                   (member name '("SB-ALIEN" "SB-DEBUG" "SB-EXT" "SB-GRAY" "SB-PROFILE" "UIOP" "ASDF")
                           :test #'string=))
          collect name))

(defun find-jogar (package-name)
  "The symbol naming the bot's jogar, or a string saying why none is."
  (flet ((usable (s) (and s (fboundp s) (not (macro-function s)))))
    (if package-name
        (let ((p (or (find-package package-name) (find-package (string-upcase package-name)))))
          (cond ((null p)
                 (format nil "package ~a not found after loading the files (packages they define: ~:[none~;~:*~{~a~^, ~}~])"
                         package-name (user-packages)))
                ((usable (find-symbol "JOGAR" p)) (find-symbol "JOGAR" p))
                (t (format nil "package ~a has no function JOGAR" (package-name p)))))
        (let ((exported '()) (others '()))
          (dolist (p (list-all-packages))
            (multiple-value-bind (s status) (find-symbol "JOGAR" p)
              (when (usable s)
                (if (eq status :external) (pushnew s exported) (pushnew s others)))))
          (setf others (set-difference others exported))
          (flet ((names (symbols)
                   (mapcar (lambda (s) (package-name (symbol-package s))) symbols)))
            (cond ((= (length exported) 1) (first exported))
                  ((> (length exported) 1)
                   (format nil "several packages export a function JOGAR (~{~a~^, ~}): set package in the bot's entry" (names exported)))
                  ((= (length others) 1) (first others))
                  ((null others) "no package defines a function JOGAR")
                  (t (format nil "several packages define a function JOGAR (~{~a~^, ~}): set package in the bot's entry" (names others)))))))))

;;; The clock a bot reads

(defvar *clock-start* nil
  "While jogar runs on the CPU clock, (real run universal): the readings of
the three clocks when it started. Global, not bound, so that the bot's
threads see it too.")

(defun cpu-used ()
  "The CPU time this SBCL used since jogar started, all its threads, in
internal time units."
  (- (get-internal-run-time) (second *clock-start*)))

(defun real-time-on-cpu (original)
  "GET-INTERNAL-REAL-TIME, encapsulated while jogar runs on the CPU clock:
its reading at jogar's start plus the CPU time used since."
  (declare (ignore original))
  (+ (first *clock-start*) (cpu-used)))

(defun universal-time-on-cpu (original)
  "GET-UNIVERSAL-TIME, encapsulated while jogar runs on the CPU clock (and so
GET-DECODED-TIME): its reading at jogar's start plus the whole seconds of
CPU time used since."
  (declare (ignore original))
  (+ (third *clock-start*) (floor (cpu-used) internal-time-units-per-second)))

(defun on-cpu-clock (thunk)
  "Calls THUNK with the bot's clock readings advancing with the CPU time
this SBCL uses, the time arena charges under clock: cpu: a bot that stops at
its tempo minus a margin by GET-INTERNAL-REAL-TIME stops there in charged
time, whatever else the machine runs."
  (setf *clock-start* (list (get-internal-real-time) (get-internal-run-time) (get-universal-time)))
  (sb-int:encapsulate 'get-internal-real-time 'arena-clock #'real-time-on-cpu)
  (sb-int:encapsulate 'get-universal-time 'arena-clock #'universal-time-on-cpu)
  (unwind-protect (funcall thunk)
    (sb-int:unencapsulate 'get-universal-time 'arena-clock)
    (sb-int:unencapsulate 'get-internal-real-time 'arena-clock)
    (setf *clock-start* nil)))

(defun handle-jogar (id estado tempo &optional clock)
  (if (null *jogar*)
      (send :fail id :request "JOGAR before LOAD")
      (multiple-value-bind (status value log micros)
          (call-protected id (if (and clock (string= clock "CPU"))
                                 (lambda () (on-cpu-clock (lambda () (funcall *jogar* estado tempo))))
                                 (lambda () (funcall *jogar* estado tempo)))
                          :backtrace-p t)
        (if (not (eq status :ok))
            (send :fail id status value log)
            (let ((answer (if (rest value) value (first value))))
              (handler-case (send :answer id answer log micros)
                (error (c) (send :fail id :answer (condition-text c) log))))))))

(defun handle-save (id path)
  "Answers (SAVE id path): after a LOAD that succeeded, saves the image, the
bot's files loaded, as the core PATH and exits; it answers only on failure.
Later SBCLs started on the core run CORE-MAIN."
  (cond
    ((null *jogar*) (send :fail id :request "SAVE before LOAD"))
    ((unsaveable) (send :fail id :image (unsaveable) ""))
    (t
     (setf *from-core* t *opened* nil)
     ;; SBCL's start cannot make its streams with MAIN's
     ;; (:utf-8 :replacement #\?): MAIN sets it again.
     (setf sb-ext:*default-external-format* :utf-8)
     (sb-ext:save-lisp-and-die path :toplevel #'core-main :executable nil))))

(defun core-main ()
  "The toplevel of a saved image: serves requests as MAIN does, then exits."
  (sb-ext:disable-debugger)
  (main)
  (sb-ext:exit :code 0))

(defun handle (request)
  "Answers one request."
  (let ((id (if (and (consp request) (consp (cdr request)) (integerp (second request)))
                (second request)
                0)))
    (handler-case
        (destructuring-bind (op id &rest args) request
          (cond ((string= op "LOAD") (destructuring-bind (files package root) args
                                       (handle-load id files package root)))
                ((string= op "SAVE") (destructuring-bind (path) args
                                       (handle-save id path)))
                ((string= op "JOGAR") (destructuring-bind (estado tempo &optional clock) args
                                        (handle-jogar id estado tempo clock)))
                (t (send :fail id :request (format nil "unknown request ~a" op)))))
      (error (c) (send :fail id :request (condition-text c))))))

(defun read-request ()
  "The next request, or :EOF when the adapter closed the stream."
  (handler-case
      (with-standard-io-syntax
        (let ((*read-eval* nil)
              (*package* (find-package "ARENA-DRIVER")))
          (read *requests* nil :eof)))
    (end-of-file () :eof)))

(defun idle-debugger-hook (condition hook)
  "Outside bot code: ignores SIGINT, and dies loudly on anything else."
  (declare (ignore hook))
  (when (typep condition 'sb-sys:interactive-interrupt)
    (let ((r (find-restart 'continue condition)))
      (when r (invoke-restart r))))
  (ignore-errors
   (format *error-output* "~&arena driver: internal error: ~a~%" (condition-text condition))
   (finish-output *error-output*))
  (sb-ext:exit :code 70 :abort t))

(defun main ()
  "Serves requests until the adapter closes the request stream."
  ;; Course projects are often saved in Latin-1 (comments like ;; funcao
  ;; with accents): read sources as UTF-8, but turn bytes that are not
  ;; UTF-8 into ? instead of failing the load.
  (ignore-errors
   (setf sb-ext:*default-external-format* '(:utf-8 :replacement #\?)))
  (let ((*requests* (sb-sys:make-fd-stream 3 :input t :external-format :utf-8 :buffering :full))
        (*answers* (sb-sys:make-fd-stream 4 :output t :external-format :utf-8 :buffering :full))
        (sb-ext:*invoke-debugger-hook* #'idle-debugger-hook))
    (unless *from-core* (encapsulate-loading))
    (loop for request = (read-request)
          until (eq request :eof)
          do (handle request))))
