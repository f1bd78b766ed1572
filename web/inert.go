package web

import (
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

// The page shows what a bot wrote (its answers, output, error text) with
// textContent, so no markup of it acts; but a browser still obeys the
// Unicode bidirectional controls in it, which can reorder a line to say
// what it does not, and shows other controls as it likes. The views
// therefore carry those texts inert (see package inert), as the terminal
// shows them; the journal and the move logs keep the bytes.

// shownGame returns g with the text a bot wrote made inert.
func shownGame(g results.Entry) results.Entry {
	g.Detail = inert.Line(g.Detail)
	return g
}

// shownGames returns games with the text a bot wrote made inert.
func shownGames(games []results.Entry) []results.Entry {
	out := make([]results.Entry, len(games))
	for i, g := range games {
		out[i] = shownGame(g)
	}
	return out
}

// shownLine returns l with the text a bot wrote made inert; its output
// keeps its lines.
func shownLine(l results.MoveLine) results.MoveLine {
	l.Answer, l.Log, l.Discrepancy = inert.Line(l.Answer), inert.Text(l.Log), inert.Line(l.Discrepancy)
	l.AfterLog = inert.Text(l.AfterLog)
	if len(l.PV) > 0 {
		pv := make([]string, len(l.PV))
		for i, m := range l.PV {
			pv[i] = inert.Line(m)
		}
		l.PV = pv
	}
	return l
}
