package similarity

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/results/csvout"
)

// CSVHeader is the header of WriteCSV's table.
var CSVHeader = []string{"a", "b", "score", "flagged", "shared", "fingerprints_a", "fingerprints_b", "longest_run"}

// WriteCSV writes one row per pair, the most similar first: the two
// submissions as handed in, the score from 0 to 1, whether it is flagged,
// the fingerprints they share and each one's, and their longest shared
// run in normalised tokens. A name that a spreadsheet would read as a
// formula is written with a ' before it (see results/csvout).
func WriteCSV(w io.Writer, r *Report) error {
	cw := csvout.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, p := range r.Pairs {
		row := []string{p.A, p.B, strconv.FormatFloat(p.Score, 'f', 3, 64), strconv.FormatBool(p.Flagged),
			strconv.Itoa(p.Shared), strconv.Itoa(r.Submissions[p.a].Fingerprints), strconv.Itoa(r.Submissions[p.b].Fingerprints),
			strconv.Itoa(p.Longest)}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// WriteJSON writes the report as indented JSON: the submissions, every
// pair, the threshold and how it was chosen, and the settings.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// Flagged returns the pairs flagged.
func (r *Report) Flagged() []Pair {
	var out []Pair
	for _, p := range r.Pairs {
		if p.Flagged {
			out = append(out, p)
		}
	}
	return out
}

// Similar returns, for the submission number i of the entries compared,
// the others it was flagged with, the most similar first: what intake
// records of each submission.
func (r *Report) Similar(i int) []intake.Similar {
	var out []intake.Similar
	for _, p := range r.Pairs {
		if !p.Flagged || p.a != i && p.b != i {
			continue
		}
		with := p.B
		if p.b == i {
			with = p.A
		}
		out = append(out, intake.Similar{With: with, Score: p.Score, Flagged: true})
	}
	return out
}
