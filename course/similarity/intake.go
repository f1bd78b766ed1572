package similarity

import (
	"context"
	"io"

	"github.com/arenabots/arena/course/intake"
)

// Intake compares the submissions intake took in with each other, records
// in each result those it is flagged with, writes the side-by-side report
// to path and returns the pairs flagged, named as the tables show them:
// intake.Class's Similar.
func Intake(ctx context.Context, subs []intake.Submission, results []intake.Result, path string) ([]intake.Flagged, error) {
	entries := Entries(subs, false)
	r, err := Compare(ctx, entries, Options{})
	if err != nil {
		return nil, err
	}
	for i := range results {
		results[i].Similar = r.Similar(i)
	}
	err = intake.WriteFile(path, func(w io.Writer) error {
		return WriteHTML(w, r, HTMLOptions{Title: "arena intake: similarity"})
	})
	name := func(entry string) string {
		for i, e := range entries {
			if e.Name == entry && i < len(results) {
				return results[i].DisplayName()
			}
		}
		return entry
	}
	var flagged []intake.Flagged
	for _, p := range r.Flagged() {
		flagged = append(flagged, intake.Flagged{A: name(p.A), B: name(p.B), Score: p.Score})
	}
	return flagged, err
}
