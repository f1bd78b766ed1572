// Package inert makes text that a bot wrote safe to show to people: its
// output, its answers, the error text of its faults and what its Info says
// of it. A terminal obeys control characters (ESC starts sequences that
// clear the screen or set the window title, CR returns to the start of the
// line to overwrite it, BEL rings) and a terminal or a browser reorders text
// between Unicode bidirectional controls (U+202E shows what follows right to
// left), so a bot could otherwise spoof what the organiser reads: a fake
// "probe wins 2-0" line, a cleared screen. Text and Line show every such
// character as an escape, `\x1b`, `\r` or `\u202e`, as Go writes them in a
// quoted string.
//
// Escaping is for display only, done where text is shown (replay, log.dat,
// progress lines, tables, the web page): the journal and the move logs keep
// the bytes a bot wrote, in JSON strings.
//
// inert imports nothing of arena: any package may use it.
package inert
