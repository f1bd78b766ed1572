package referee

import "strings"

// The lines that mark, in a bot's output (Reply.Log), what it printed
// while loading: a Lisp bot's compiler notes and STYLE-WARNINGs, which
// the move log keeps in a file of its own rather than in a move's log.
const (
	loadBegin = "arena: loading output begins\n"
	loadEnd   = "arena: loading output ends\n"
)

// MarkLoadLog returns text, what a bot printed while loading, between the
// lines that SplitLoadLog finds; "" stays "".
func MarkLoadLog(text string) string {
	if text == "" {
		return ""
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return loadBegin + text + loadEnd
}

// SplitLoadLog returns, of a move's log, what the bot printed while
// loading (marked by MarkLoadLog) and the rest. Output cut off before the
// end mark is all loading output.
func SplitLoadLog(log string) (load, rest string) {
	i := strings.Index(log, loadBegin)
	if i < 0 || i > 0 && log[i-1] != '\n' {
		return "", log
	}
	load = log[i+len(loadBegin):]
	after := ""
	if j := strings.Index(load, loadEnd); j >= 0 {
		load, after = load[:j], load[j+len(loadEnd):]
	}
	return load, log[:i] + after
}
