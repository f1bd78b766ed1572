package sexp

// MoveCandidates returns where a bot's answer may write its move, in the
// order a game's Lisp form reads them: the answer x itself and, when x is
// a list, its first item (a move followed by the state it leads to).
func MoveCandidates(x Value) []Value {
	c := []Value{x}
	if x.Kind == KindList && len(x.Items) > 0 {
		c = append(c, x.Items[0])
	}
	return c
}

// IsPair reports whether x is a list of two integers, such as (row col).
func IsPair(x Value) bool {
	return x.Kind == KindList && len(x.Items) == 2 && x.Items[0].Kind == KindInt && x.Items[1].Kind == KindInt
}
