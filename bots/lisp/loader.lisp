;;;; loader.lisp - how arena's Lisp driver loads a submission as handed in
;;;; (package bots/lisp; loaded after driver.lisp, in its package).
;;;;
;;;; Sources are read by the driver itself, not by SBCL's LOAD: the bytes
;;;; are decoded as UTF-8, or as Latin-1 when they are not UTF-8, with CRLF
;;;; and CR line ends made newlines; each form is read with the line it
;;;; starts on known, so that a failure names the file and the line; then it
;;;; is evaluated, as LOAD does. *LOAD-PATHNAME*, *LOAD-TRUENAME*,
;;;; *COMPILE-FILE-PATHNAME* and *COMPILE-FILE-TRUENAME* are the file's.
;;;;
;;;; CL:LOAD and CL:COMPILE-FILE are encapsulated, so that the bot's own
;;;; loads go the same way, and a load of a file that is not there (a path
;;;; of the author's PC, \ separators, another case, a compiled file of
;;;; another Lisp) is retried with the file of the same base name in the
;;;; submission folder (*ROOT*), the source for a compiled file. Each retry
;;;; is written to the bot's log as one line:
;;;;
;;;;   lisp: load retried: OP "AS-WRITTEN" -> "/ABSOLUTE/PATH/USED"
;;;;
;;;; OP is load or compile-file, both paths are Lisp strings (\ and " are
;;;; escaped with \), and " (already loaded by compile-file)" ends the line
;;;; of a load that was skipped because a compile-file had loaded the same
;;;; source. COMPILE-FILE loads the source instead of compiling it (the
;;;; submission folder is read-only, and a compiled file is only ever loaded
;;;; next) and returns the source's truename.

(in-package #:arena-driver)

(defvar *root* nil "The submission folder, where missing files are looked for.")
(defvar *root-files* :unknown "The files under *ROOT*, listed once per LOAD request.")
(defvar *load-stack* nil
  "The files being loaded, innermost first: a list (file line) each, line
being the line of the form being read or evaluated.")
(defvar *failed-at* nil "*LOAD-STACK* when the last error was signalled while loading.")
(defvar *compiled* nil "Truenames of sources that COMPILE-FILE loaded, not loaded since.")

(defparameter *compiled-types*
  '("fasl" "ofasl" "64ofasl" "xfasl" "64xfasl" "ufasl" "64ufasl" "nfasl" "64nfasl"
    "fas" "lib" "dx64fsl" "lx64fsl" "wx64fsl" "dx32fsl" "lx32fsl" "wx32fsl")
  "Types of compiled files, of SBCL, LispWorks, CLISP and CCL: a load of
one is served by its source.")

(defparameter *source-types* '("lisp" "lsp" "cl")
  "Types of source files.")

;;; Reading sources

(defun source-text (truename)
  "The text of the file TRUENAME: UTF-8, or Latin-1 when its bytes are not
UTF-8, with CRLF and lone CR made newlines."
  (let* ((octets (with-open-file (in truename :element-type '(unsigned-byte 8))
                   (let ((v (make-array (file-length in) :element-type '(unsigned-byte 8))))
                     (read-sequence v in)
                     v)))
         (text (handler-case (sb-ext:octets-to-string octets :external-format :utf-8)
                 (error () (sb-ext:octets-to-string octets :external-format :latin-1)))))
    (if (find #\Return text)
        (with-output-to-string (out)
          (loop for i from 0 below (length text)
                for ch = (char text i)
                do (cond ((char/= ch #\Return) (write-char ch out))
                         ((and (< (1+ i) (length text)) (char= (char text (1+ i)) #\Newline)))
                         (t (write-char #\Newline out)))))
        text)))

(defun skip-blank (in)
  "Skips whitespace and ; comments, so that the stream is where the next
form starts."
  (loop for ch = (peek-char t in nil nil)
        while (eql ch #\;)
        do (read-line in nil)))

(defun read-form (in eof)
  "The next form of IN, or EOF; a reader failure is a LOAD-PROBLEM."
  (handler-case (read in nil eof)
    (end-of-file ()
      (error 'load-problem :text "READ error: the form that starts on this line is not closed before the end of the file"))
    (reader-error (c)
      (error 'load-problem :text (format nil "READ error: ~a" (or (ignore-errors (princ-to-string c)) (type-of c)))))))

(defun load-source (pathname truename)
  "Reads and evaluates the forms of the source file TRUENAME, as LOAD does,
keeping the line of each form in *LOAD-STACK*. Returns T."
  (let* ((text (source-text truename))
         (frame (list (namestring truename) 1))
         (counted 0) ; the characters of TEXT whose newlines frame's line counts
         (*load-stack* (cons frame *load-stack*))
         (*package* *package*)
         (*readtable* *readtable*)
         (*load-pathname* pathname)
         (*load-truename* truename)
         (*compile-file-pathname* pathname)
         (*compile-file-truename* truename)
         (eof '#:eof))
    (with-input-from-string (in text)
      (let ((done nil))
        (unwind-protect
             (loop
               (skip-blank in)
               (let ((here (min (file-position in) (length text))))
                 (incf (second frame) (count #\Newline text :start counted :end here))
                 (setf counted here))
               (let ((form (read-form in eof)))
                 (when (eq form eof)
                   (return (setf done t)))
                 (eval form)))
          ;; Left by a non-local exit that no error announced, such as
          ;; (quit): say where, unless an error already did.
          (unless (or done *failed-at*)
            (setf *failed-at* (mapcar #'copy-list *load-stack*))))))))

;;; Finding files

(defun compiled-type-p (type)
  (and (stringp type) (member type *compiled-types* :test #'string-equal)))

(defun source-type-p (type)
  (or (null type) (member type *source-types* :test #'string-equal)))

(defun split (string char)
  (loop with start = 0
        for end = (position char string :start start)
        collect (subseq string start end)
        while end
        do (setf start (1+ end))))

(defun request-parts (spec)
  "The directories, name and type of the file SPEC names, read as its
author meant it: \\ and / both separate, a drive letter is dropped."
  (let* ((text (substitute #\/ #\\ (if (pathnamep spec) (namestring spec) (string spec))))
         (parts (split text #\/))
         (file (car (last parts)))
         (dirs (remove-if (lambda (d) (or (member d '("" "." "..") :test #'string=)
                                          (and (= (length d) 2) (char= (char d 1) #\:))))
                          (butlast parts)))
         (dot (position #\. file :from-end t)))
    (if (and dot (plusp dot))
        (values dirs (subseq file 0 dot) (subseq file (1+ dot)))
        (values dirs file nil))))

(defun root-files ()
  "The files under *ROOT*, listed once per LOAD request."
  (when (eq *root-files* :unknown)
    (setf *root-files*
          (and *root*
               (ignore-errors
                (remove-if-not #'pathname-name
                               (directory (merge-pathnames (make-pathname :directory '(:relative :wild-inferiors)
                                                                          :name :wild :type :wild)
                                                           *root*)
                                          :resolve-symlinks nil))))))
  *root-files*)

(defun matching-dirs (dirs file)
  "How many of DIRS, from the last, are the last directories of FILE."
  (loop for want in (reverse dirs)
        for have in (reverse (rest (pathname-directory file)))
        while (and (stringp have) (string-equal want have))
        count t))

(defun find-in-root (dirs name type)
  "The file of the submission folder named NAME (any case) of type TYPE, or
a source when TYPE is none or a compiled type, the one that shares the most
directories with DIRS first, then the shallowest."
  (let ((found (remove-if-not
                (lambda (f)
                  (and (string-equal (pathname-name f) name)
                       (if (or (null type) (compiled-type-p type))
                           (and (pathname-type f) (source-type-p (pathname-type f)))
                           (and (pathname-type f) (string-equal (pathname-type f) type)))))
                (root-files))))
    (first (sort found
                 (lambda (a b)
                   (let ((ma (matching-dirs dirs a)) (mb (matching-dirs dirs b))
                         (da (length (pathname-directory a))) (db (length (pathname-directory b))))
                     (cond ((/= ma mb) (> ma mb))
                           ((/= da db) (< da db))
                           (t (string< (namestring a) (namestring b))))))))))

(defun existing-file (pathname)
  "The truename of PATHNAME when it names a file that exists, else NIL."
  (let ((true (ignore-errors (probe-file pathname))))
    (and true (pathname-name true) true)))

(defun resolve-file (spec)
  "The truename of the file to load for SPEC, and whether it was found by a
retry; NIL when there is none."
  (let* ((merged (ignore-errors (merge-pathnames spec)))
         (as-is (and merged (existing-file merged))))
    (multiple-value-bind (dirs name type) (request-parts spec)
      (cond ((and as-is (not (compiled-type-p (pathname-type as-is))))
             (values as-is nil))
            ((and merged (null (pathname-type merged))
                  (existing-file (make-pathname :type "lisp" :defaults merged)))
             (values (existing-file (make-pathname :type "lisp" :defaults merged)) nil))
            ((and as-is (existing-file (make-pathname :type "lisp" :defaults as-is)))
             (values (existing-file (make-pathname :type "lisp" :defaults as-is)) t))
            ((and merged (compiled-type-p type)
                  (existing-file (make-pathname :type "lisp" :defaults merged)))
             (values (existing-file (make-pathname :type "lisp" :defaults merged)) t))
            (t (let ((found (and (plusp (length name)) (find-in-root dirs name type))))
                 (cond (found (values (existing-file found) t))
                       (as-is (values as-is nil))
                       (t nil))))))))

(defun note-retry (op spec used &optional (suffix ""))
  (format *error-output* "~&lisp: load retried: ~(~a~) ~s -> ~s~a~%"
          op (if (pathnamep spec) (namestring spec) spec) (namestring used) suffix))

;;; LOAD and COMPILE-FILE

(defun arena-load (real spec &rest args)
  "CL:LOAD, encapsulated: sources are read by LOAD-SOURCE, missing files
retried in the submission folder."
  (if (streamp spec)
      (apply real spec args)
      (multiple-value-bind (file retried) (resolve-file spec)
        (cond ((and (null file) (getf args :if-does-not-exist t))
               (error 'load-problem
                      :text (format nil "(load ~s): no such file~:[~;, and no file of that name in the submission folder ~a~]"
                                    (if (pathnamep spec) (namestring spec) spec) *root* (and *root* (namestring *root*)))))
              ((null file)
               nil)
              ((member file *compiled* :test #'equal)
               (setf *compiled* (remove file *compiled* :test #'equal))
               (note-retry :load spec file " (already loaded by compile-file)")
               t)
              (t (when retried
                   (note-retry :load spec file))
                 (if (compiled-type-p (pathname-type file))
                     (apply real file args)
                     (load-source (if retried file (merge-pathnames spec)) file)))))))

(defun arena-compile-file (real spec &rest args)
  "CL:COMPILE-FILE, encapsulated: the source, found as LOAD finds it, is
loaded instead; returns its truename."
  (multiple-value-bind (file retried) (resolve-file spec)
    (cond ((null file)
           (error 'load-problem
                  :text (format nil "(compile-file ~s): no such file~:[~;, and no file of that name in the submission folder ~a~]"
                                (if (pathnamep spec) (namestring spec) spec) *root* (and *root* (namestring *root*)))))
          ((compiled-type-p (pathname-type file))
           (apply real spec args))
          (t (when retried
               (note-retry :compile-file spec file))
             (load-source (if retried file (merge-pathnames spec)) file)
             (push file *compiled*)
             (values file nil nil)))))

(defun encapsulate-loading ()
  "Routes the bot's LOAD and COMPILE-FILE through ARENA-LOAD and
ARENA-COMPILE-FILE."
  (sb-ext:without-package-locks
    (sb-int:encapsulate 'load 'arena #'arena-load)
    (sb-int:encapsulate 'compile-file 'arena #'arena-compile-file)))

;;; What loading leaves that a saved image cannot keep

(defun file-name (spec)
  "The name of the file SPEC (a pathname designator) for a message."
  (or (ignore-errors (file-namestring (pathname spec)))
      (princ-to-string spec)))

(defun watching-open (real spec &rest args)
  "CL:OPEN, encapsulated while the bot loads: notes a file opened for
output and keeps the stream, to tell whether loading leaves it open."
  (let ((stream (apply real spec args)))
    (when stream
      (push stream *opened*)
      (when (and (null *written*) (member (getf args :direction :input) '(:output :io)))
        (setf *written* (file-name spec))))
    stream))

(defmacro watching-files (&body body)
  "Runs BODY with CL:OPEN encapsulated by WATCHING-OPEN."
  `(progn
     (setf *written* nil *opened* nil)
     (sb-ext:without-package-locks
       (sb-int:encapsulate 'open 'arena-watch #'watching-open))
     (unwind-protect (progn ,@body)
       (sb-ext:without-package-locks
         (sb-int:unencapsulate 'open 'arena-watch)))))

(defun unsaveable ()
  "Why the loaded bot's image cannot be saved and started in place of
loading, or NIL: its loading wrote a file (which a game started from the
image would not find in its fresh scratch), left a file open (a stream
whose descriptor an image does not keep), or left threads running."
  (let ((open (find-if #'open-stream-p *opened*))
        (threads (remove-if (lambda (th)
                              (or (eq th sb-thread:*current-thread*)
                                  (equal (sb-thread:thread-name th) "finalizer")
                                  (not (sb-thread:thread-alive-p th))))
                            (sb-thread:list-all-threads))))
    (cond (*written* (format nil "its loading writes ~a" *written*))
          (open (format nil "its loading leaves ~a open" (file-name open)))
          (threads (format nil "its loading leaves ~d thread~:p running" (length threads))))))

;;; The bot's files

(defun create-missing-package (package-name)
  "A handler of PACKAGE-ERROR that creates the package PACKAGE-NAME, using
COMMON-LISP, when a file's IN-PACKAGE names it but no file defines it."
  (lambda (c)
    (let ((name (ignore-errors (package-error-package c))))
      (when (and package-name (stringp name) (string-equal name package-name)
                 (not (find-package name)) (find-restart 'use-value c))
        (use-value (package-name (make-package (string-upcase name) :use '("COMMON-LISP")))
                   c)))))

(defun load-files (files package-name)
  "Loads FILES in order, each with its directory as *default-pathname-defaults*,
creating PACKAGE-NAME if a file goes in it undefined. Afterwards the default
pathname is the first file's directory, the working directory. On an error,
*FAILED-AT* is where it was signalled."
  (setf *failed-at* nil *compiled* nil)
  (handler-bind ((package-error (create-missing-package package-name))
                 (error (lambda (c)
                          (declare (ignore c))
                          (setf *failed-at* (mapcar #'copy-list *load-stack*)))))
    (dolist (file files)
      (let* ((path (pathname file))
             (*default-pathname-defaults* (make-pathname :name nil :type nil :version nil :defaults path))
             (*package* (find-package "COMMON-LISP-USER"))
             (*readtable* (copy-readtable nil)))
        (load path))))
  (when files
    (setf *default-pathname-defaults*
          (make-pathname :name nil :type nil :version nil :defaults (pathname (first files))))))

(defun handle-load (id files package-name root)
  "Answers (LOAD id files package root): loads FILES with ROOT as the
submission folder, then finds jogar."
  (setf *root* (and root (sb-ext:parse-native-namestring root))
        *root-files* :unknown)
  (when (and *from-core* *jogar*)
    (return-from handle-load (send :ready id (package-name (symbol-package *jogar*)) *load-log*)))
  (multiple-value-bind (status value log)
      (call-protected id (lambda () (watching-files (load-files files package-name))))
    (if (not (eq status :ok))
        (send :fail id (if (eq status :error) :load status)
              (if *failed-at*
                  (format nil "loading ~a, line ~d: ~a~{ (loaded from ~a, line ~d)~}"
                          (first (first *failed-at*)) (second (first *failed-at*)) value
                          (reduce #'append (rest *failed-at*)))
                  value)
              log)
        (let ((jogar (find-jogar package-name)))
          (cond ((stringp jogar) (send :fail id :package jogar log))
                (t (setf *jogar* jogar *load-log* log)
                   (send :ready id (package-name (symbol-package jogar)) log)))))))
