package grades

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/arenabots/arena/results"
)

// Flagged returns the pairs of in's submissions that the similarity check
// flagged, by their bots in the league (a pair with a submission that
// does not play is left out: it has no row in the standings), each pair
// once, in the order of the submissions.
func Flagged(in *Intake) [][2]string {
	var pairs [][2]string
	for _, s := range in.Submissions {
		for _, sim := range s.Similar {
			if !sim.Flagged || s.Bot == "" {
				continue
			}
			other := slices.IndexFunc(in.Submissions, func(o Submission) bool { return o.Entry == sim.With })
			if other < 0 || in.Submissions[other].Bot == "" {
				continue
			}
			p := [2]string{s.Bot, in.Submissions[other].Bot}
			if p[0] > p[1] {
				p[0], p[1] = p[1], p[0]
			}
			if !slices.Contains(pairs, p) {
				pairs = append(pairs, p)
			}
		}
	}
	return pairs
}

// Annul returns the annulments of the lecturer's decision: the
// submissions of in that names name (as --admit names them: a group's
// code, its bot, its group or entry), each with reason. Every name must
// name a submission that played; reason must be given.
func Annul(in *Intake, names []string, reason string) ([]results.Annulment, error) {
	reason = strings.TrimSpace(reason)
	var out []results.Annulment
	var problems []string
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(in.Submissions, func(s Submission) bool { return s.Names(name) })
		switch {
		case i < 0:
			problems = append(problems, fmt.Sprintf("--annul %s: no submission of the intake is called so", name))
		case in.Submissions[i].Bot == "":
			problems = append(problems, fmt.Sprintf("--annul %s: %s did not play (%s)", name, cmp.Or(in.Submissions[i].Group, in.Submissions[i].Entry), in.Submissions[i].Reason))
		case !slices.ContainsFunc(out, func(a results.Annulment) bool { return a.Bot == in.Submissions[i].Bot }):
			out = append(out, results.Annulment{Bot: in.Submissions[i].Bot, Reason: reason})
		}
	}
	if len(out) > 0 && reason == "" {
		problems = append(problems, `--annul needs --reason "...": the decision's reason, kept in the grades, the page and the report`)
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "; "))
	}
	return out, nil
}
