// Package similarity compares a class's Common Lisp submissions with each
// other, on what survives renaming and reformatting: it is `arena
// similarity`, and the check `arena intake` runs after its probes.
//
// Each file is read with the lenient source reader of referee/sexp, so
// comments and whitespace are gone; docstrings are dropped, and every
// symbol that the submission defines or binds is replaced by its role (FN,
// VAR, PARAM, PKG, TYPE: see normalise.go), while the standard symbols and
// the names that the course's base files define stay as they are. The
// tokens of each top-level form are fingerprinted by winnowing their
// k-grams (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
// document fingerprinting", SIGMOD 2003, what MOSS uses), and each form is
// also fingerprinted whole, so that reordered functions still match.
// Fingerprints of the base files, and those found in more than a share of
// the class (common idioms), are left out. A pair's score is the share of
// the smaller submission's fingerprints that the other has; a pair is
// flagged when its score is an outlier of the class's own distribution
// (see Rule). A flag is evidence for a person to read, never a verdict.
//
// Intake is the comparison arena intake makes (intake.Class's Similar).
//
// similarity reads submissions listed by course/intake and files with
// referee/sexp; it runs nothing and sends nothing anywhere. It must not
// import cmd, web or arena's league runner.
package similarity
