package main

// sprtLines returns what the progress says of the league's SPRT match
// after the games seen so far, when it changed since the last call: the
// match's line each time the test counts a pair, and its verdict once it
// is decided. It returns nothing for a league that is not an SPRT match.
// The caller holds pr.mu.
func (pr *progress) sprtLines() []string {
	if pr.sprt == nil {
		return nil
	}
	r := pr.sprt.Result(pr.games)
	if r.Round == pr.sprtRound {
		return nil
	}
	pr.sprtRound = r.Round
	lines := []string{r.Line()}
	if r.Decided() {
		lines = append(lines, "SPRT decided: "+r.Verdict()+"; the games in play end and are recorded, no other starts")
	}
	return lines
}

// sprtLine returns the SPRT match's line for the live display under the
// bar, or "" for a league that is not an SPRT match. The caller holds
// pr.mu.
func (pr *progress) sprtLine() string {
	if pr.sprt == nil {
		return ""
	}
	return "  " + pr.sprt.Result(pr.games).Line() + "\n"
}
