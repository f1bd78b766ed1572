package intake

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// nameAll names the bots of rs, a class's results: by the project's
// numbers where every code is the same (projectNumbers), unique
// (uniqueNames), each result of two that claim one group or one student
// told so (claims).
func nameAll(rs []Result) {
	projectNumbers(rs)
	claimed := claims(rs)
	uniqueNames(rs)
	noteClaims(rs, claimed)
}

// claim is a name that more than one hand-in claims: a group's (its bot's
// name) or a student's number, with the indexes of the results claiming it.
type claim struct {
	what string // "group P5", "student 2203001"
	who  []int
}

// claims returns what two hand-ins or more claim among rs: one bot name (two
// entries ending _P5; a pair's numbers in another pair's archive, named by
// them), or one student's number. A group's twins (the same entry handed in
// twice, see Submission.Twins) claim nothing of each other: twinsNote says
// what they are.
func claims(rs []Result) []claim {
	var out []claim
	collect := func(what func(r Result) []string, label func(string) string) {
		by := map[string][]int{}
		var keys []string
		for i, r := range rs {
			for _, k := range what(r) {
				if !slices.ContainsFunc(by[k], func(j int) bool { return rs[j].Group == r.Group }) {
					if by[k] == nil {
						keys = append(keys, k)
					}
					by[k] = append(by[k], i)
				}
			}
		}
		for _, k := range keys {
			if len(by[k]) > 1 {
				out = append(out, claim{what: label(k), who: by[k]})
			}
		}
	}
	collect(func(r Result) []string { return []string{r.Name} }, func(k string) string { return "the name " + k })
	collect(func(r Result) []string {
		var numbers []string
		for _, s := range r.Students {
			if !slices.Contains(numbers, s.Number) {
				numbers = append(numbers, s.Number)
			}
		}
		return numbers
	}, func(k string) string { return "student " + k })
	return out
}

// noteClaims tells each result of every claim of cs (see claims), rs's
// names made unique since, that another hand-in claims the same: a note
// naming every archive of the claim with its bot, and a warning where the
// result is eligible. Neither is renamed in silence, and neither is
// dropped: the lecturer decides which is the group's.
func noteClaims(rs []Result, cs []claim) {
	for _, c := range cs {
		var who []string
		for _, i := range c.who {
			who = append(who, fmt.Sprintf("%s (bot %s)", filepath.Base(rs[i].Source), rs[i].Name))
		}
		note := fmt.Sprintf("%s is claimed by %d hand-ins: %s; each is a row and a bot of its own: check which is the group's", c.what, len(who), strings.Join(who, ", "))
		for _, i := range c.who {
			rs[i].Notes = append(rs[i].Notes, note)
			if rs[i].Eligible {
				rs[i].Warnings = append(rs[i].Warnings, note)
			}
		}
	}
}
