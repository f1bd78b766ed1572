package intake

import (
	"fmt"
	"strings"
)

// Admit admits on purpose the submissions of results that names name and
// that are not eligible (`arena intake --admit P5`): the lecturer's
// decision, which the league file says. An admitted submission plays with
// the closest settings the probe found (the defaults where it found none),
// and its games decide. A name is a group's code (P5, any case), its bot's
// name or its entry as handed in. Admit returns, one line each, the names
// that name no submission or more than one (each named, and none
// admitted) and the submissions that cannot be admitted (nothing to load).
func Admit(results []Result, names []string) (problems []string) {
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		var named []int
		for i := range results {
			if results[i].names(name) {
				named = append(named, i)
			}
		}
		if len(named) > 1 {
			var who []string
			for _, i := range named {
				who = append(who, fmt.Sprintf("%s (bot %s)", results[i].Group, results[i].Name))
			}
			problems = append(problems, fmt.Sprintf("--admit %s: %d submissions are called so, %s: admit one by its bot's name or its entry", name, len(named), strings.Join(who, ", ")))
			continue
		}
		if len(named) == 0 {
			problems = append(problems, fmt.Sprintf("--admit %s: no submission is called so", name))
			continue
		}
		switch r := &results[named[0]]; {
		case r.Eligible:
		case len(r.Config.Files) == 0:
			problems = append(problems, fmt.Sprintf("--admit %s: %s has nothing to load (%s)", name, r.Group, r.Reason))
		default:
			r.Admitted = true
		}
	}
	return problems
}

// names reports whether name is r's group code, bot name or entry.
func (r Result) names(name string) bool {
	g := ParseGroup(r.Group)
	for _, n := range []string{r.Name, g.ID, r.Group} {
		if n != "" && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// Plays reports whether r has an entry in the league: it is eligible, or
// admitted on purpose.
func (r Result) Plays() bool { return r.Eligible || r.Admitted }

// Unadmittable returns, one line each, the names of names (as Admit takes
// them) that name none of subs: checked before the probes, so that a
// mistyped --admit costs no intake.
func Unadmittable(subs []Submission, names []string) (problems []string) {
	for _, name := range names {
		name = strings.TrimSpace(name)
		found := name == ""
		for _, s := range subs {
			if (Result{Submission: s, Name: ParseGroup(s.Group).ID}).names(name) {
				found = true
			}
		}
		if !found {
			problems = append(problems, fmt.Sprintf("--admit %s: no submission is called so", name))
		}
	}
	return problems
}

// Names reports whether name is e's group code (P5, any case), bot name,
// group or entry: a submission of intake.json named as --admit names one.
func (e SubmissionEntry) Names(name string) bool {
	for _, n := range []string{e.Bot, ParseGroup(e.Entry).ID, ParseGroup(e.Group).ID, e.Group, e.Entry} {
		if n != "" && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}
