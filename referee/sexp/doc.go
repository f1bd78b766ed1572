// Package sexp reads and writes the small subset of Common Lisp
// s-expressions that the Lisp adapter exchanges with SBCL: proper lists,
// integers, symbols and strings.
//
// The reader is meant for untrusted input (whatever a bot's jogar returns):
// it never panics, bounds nesting depth, atom length and the number of
// values per expression, and reports errors with the byte offset where
// reading stopped. It follows the standard readtable where the subset
// overlaps it: unescaped symbol characters are upcased, |...| and \ escape,
// package prefixes (pkg:x, pkg::x, :x) are dropped, NIL reads as the empty
// list, ; and #|...|# are comments, 'x is (QUOTE x), #'x is (FUNCTION x),
// and #(...) reads as a list. Dotted lists, floats' exponent markers aside,
// and other # syntax are rejected or read as symbols, as documented on
// Parse.
//
// NewSourceDecoder reads Lisp source files with the same reader, leniently
// (backquote, characters, feature expressions, dotted pairs), so that arena
// intake can see which files define jogar and which load the others. Every
// value a Decoder reads records its byte offsets in the input (Start, End),
// so that arena similarity can point at the source of what it matched.
//
// sexp imports nothing outside the standard library.
package sexp
