package results

import (
	"fmt"
	"strconv"
	"strings"
)

// AddSPRT sets s.SPRT to the state of match m after games.
func (s *Standings) AddSPRT(m SPRTMatch, games []Entry) {
	r := m.Result(games)
	s.SPRT = &r
}

// Verdict says in words what the match found: H1, H0, inconclusive or
// still running.
func (r SPRTResult) Verdict() string {
	switch r.Result {
	case AcceptH1:
		return fmt.Sprintf("H1, %s is better than %s", r.Bot, r.Opponent)
	case AcceptH0:
		return fmt.Sprintf("H0, %s is not better than %s by %s nElo", r.Bot, r.Opponent, num(r.Test.Elo1))
	case Inconclusive:
		return "inconclusive, no bound reached"
	}
	return "running"
}

// lines returns the match's state for people, in three or four lines: the
// verdict, the LLR against its bounds and the test's settings, the
// estimates and pentanomial counts, and the games recorded after the
// decision.
func (r SPRTResult) lines() []string {
	e := r.Estimate
	lines := []string{
		fmt.Sprintf("SPRT %s vs %s: %s (%d of at most %d pairs)", r.Bot, r.Opponent, r.Verdict(), r.Round, r.Rounds),
		fmt.Sprintf("SPRT LLR %.2f in [%.2f, %.2f]: nElo H0 %s, H1 %s; alpha %s, beta %s",
			r.LLR, r.Lower, r.Upper, num(r.Test.Elo0), num(r.Test.Elo1), num(r.Test.Alpha), num(r.Test.Beta)),
		fmt.Sprintf("SPRT Elo %s, nElo %s; pairs 0 to 2: %s", signed(e.Elo, e.EloMargin, e.Pairs), signed(e.NElo, e.NEloMargin, e.Pairs), pentaString(r.Pentanomial)),
	}
	if r.After > 0 {
		lines = append(lines, fmt.Sprintf("SPRT: %d games in play at the decision count in the standings, not in the test", r.After))
	}
	return lines
}

// Line returns the match's state in one line, for a progress display.
func (r SPRTResult) Line() string {
	return fmt.Sprintf("SPRT %s: LLR %.2f [%.2f, %.2f], nElo %s, pairs %s",
		r.Result, r.LLR, r.Lower, r.Upper, signed(r.Estimate.NElo, r.Estimate.NEloMargin, r.Estimate.Pairs), pentaString(r.Pentanomial))
}

// signed formats an estimate with its margin, "+12.3 ± 4.5", or "-" when
// there is no pair.
func signed(x, margin float64, pairs int) string {
	if pairs == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f ± %.1f", round1(x), round1(margin))
}

// pentaString returns pentanomial counts separated by spaces.
func pentaString(p [5]int) string { return strings.Trim(fmt.Sprint(p), "[]") }

// sprtColumns are the CSV columns of an SPRT match, filled in the tested
// bot's row and empty in the other rows.
var sprtColumns = []string{"sprt", "sprt_llr", "sprt_lower", "sprt_upper", "sprt_pairs", "sprt_elo", "sprt_elo_margin", "sprt_nelo", "sprt_nelo_margin"}

// addSPRTColumns adds the SPRT columns to t, the CSV table of s.
func (s Standings) addSPRTColumns(t *table) {
	t.header = append(t.header, sprtColumns...)
	for range sprtColumns {
		t.right = append(t.right, true)
	}
	r := s.SPRT
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for i := range t.rows {
		cells := make([]string, len(sprtColumns))
		if s.Rows[i].Bot == r.Bot {
			e := r.Estimate
			cells = []string{string(r.Result), f(r.LLR), f(r.Lower), f(r.Upper), strconv.Itoa(e.Pairs), f(e.Elo), f(e.EloMargin), f(e.NElo), f(e.NEloMargin)}
		}
		t.rows[i] = append(t.rows[i], cells...)
	}
}
