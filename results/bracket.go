package results

import (
	"fmt"
	"io"
	"strings"
)

// Bracket is a knockout's draw and how far it has got: its rounds, first
// to final, each a list of ties in bracket order, the winners of ties 2k
// and 2k+1 meeting in tie k of the next round.
type Bracket struct {
	Rounds [][]Tie `json:"rounds"`
	// Winner is the bot that won the final; "" until then.
	Winner string `json:"winner,omitempty"`
}

// Tie is one match of a knockout: two bots, the higher seed first, over a
// mini-match of board pairs.
type Tie struct {
	// Seeds of the two bots, 1 the top seed; 0 where the bot is not known
	// yet (a tie of an earlier round is still playing) or where Bye is set.
	Seeds [2]int    `json:"seeds"`
	Bots  [2]string `json:"bots"`
	// Points are each bot's game points in the tie: 1 a win, 1/2 a draw.
	Points [2]float64 `json:"points"`
	Games  int        `json:"games"`  // games played
	Boards int        `json:"boards"` // boards scheduled, both colours each
	// Bye is set when the first bot had no opponent: it goes through
	// without playing.
	Bye bool `json:"bye,omitempty"`
	// Winner is the bot that went through; "" while the tie plays.
	Winner string `json:"winner,omitempty"`
	// Tiebreaks counts the boards the tie added because it was level.
	Tiebreaks int `json:"tiebreak_boards,omitempty"`
	// OnSeed is set when the tie was level after its last tie-break board:
	// the higher seed went through.
	OnSeed bool `json:"on_seed,omitempty"`
}

// ComputeKnockout returns the standings of a knockout whose bracket is b:
// Compute's, with the rows ranked by how far each bot went (the winner,
// then the final's loser, then the semi-finals' losers, and so on; a bot
// still in play counts as through its last tie played), then by points,
// then by score difference, then by name (see order). Bots that went out
// in the same round share a rank only when level on points and score
// difference too.
func ComputeKnockout(games []Entry, bots []string, sc Scoring, b *Bracket) Standings {
	s := Compute(games, bots, sc)
	s.Bracket = b
	reached := make(map[string]int) // rounds won, the final's winner len(b.Rounds)
	for r, round := range b.Rounds {
		for _, t := range round {
			for _, bot := range t.Bots {
				if bot != "" {
					reached[bot] = max(reached[bot], r)
				}
			}
			if t.Winner != "" {
				reached[t.Winner] = max(reached[t.Winner], r+1)
			}
		}
	}
	s.orderBy([]criterion{
		more(ByRound, func(r Row) float64 { return float64(reached[r.Bot]) }),
		byPoints(), byScoreDiff(),
	})
	for i := range s.Rows {
		s.Rows[i].LOS = 0
	}
	s.Prior = rate(s.Rows, games) // LOS is over the next row down: rows moved
	return s
}

// roundName names round r (1-based) of a knockout of n rounds: "final",
// "semi-finals", "quarter-finals", else "round r".
func roundName(r, n int) string {
	switch n - r {
	case 0:
		return "final"
	case 1:
		return "semi-finals"
	case 2:
		return "quarter-finals"
	}
	return fmt.Sprintf("round %d", r)
}

// writeMarkdown writes the bracket as a Markdown table, one row per tie.
func (b *Bracket) writeMarkdown(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("\n**Knockout bracket**\n\n| round | higher seed | score | lower seed | through |\n|---|---|:---:|---|---|\n")
	for r, round := range b.Rounds {
		for _, t := range round {
			esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
			fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s%s |\n", roundName(r+1, len(b.Rounds)), esc(t.entrant(0)), t.score(), esc(t.entrant(1)), esc(t.Winner), t.note())
		}
	}
	fmt.Fprintf(&sb, "\nwinner: %s\n", b.winner())
	_, err := io.WriteString(w, sb.String())
	return err
}

// winner is the bracket's winner, or "(still playing)".
func (b *Bracket) winner() string {
	if b.Winner == "" {
		return "(still playing)"
	}
	return b.Winner
}

// entrant is bot k of t with its seed, "bye", or "?" when not known yet.
func (t Tie) entrant(k int) string {
	switch {
	case k == 1 && t.Bye:
		return "bye"
	case t.Bots[k] == "":
		return "?"
	}
	return fmt.Sprintf("(%d) %s", t.Seeds[k], t.Bots[k])
}

// mark is ">" before the bot of t that went through, else a space.
func (t Tie) mark(k int) string {
	if t.Winner != "" && t.Winner == t.Bots[k] {
		return ">"
	}
	return " "
}

// score is t's points, "-" for a bye or a tie not started.
func (t Tie) score() string {
	if t.Bye || t.Games == 0 {
		return "    -    "
	}
	return fmt.Sprintf("%4s-%-4s", num(t.Points[0]), num(t.Points[1]))
}

// note says how a tie ended when it was not plainly won, or how far it
// is.
func (t Tie) note() string {
	switch {
	case t.OnSeed:
		return "  (level after " + plural(t.Boards, "board") + ": the higher seed goes through)"
	case t.Tiebreaks > 0:
		return "  (after " + plural(t.Tiebreaks, "tie-break board") + ")"
	case t.Winner == "" && t.Games > 0:
		return fmt.Sprintf("  (playing: %d of %d games)", t.Games, 2*t.Boards)
	}
	return ""
}

// plural returns "n thing" or "n things".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
