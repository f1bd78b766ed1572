package intake

import (
	"cmp"
	"strings"
)

// CompareGroups orders two entries' names (see Submission.Group) as a
// class lists its groups: those named with a group's code first, by the
// code, its number read as a number (P1, P2, P11, P12); then the others,
// by name, numbers read as numbers. Intake's report,
// intake.json and the league file list submissions in this order, and
// grades break ties with it.
func CompareGroups(a, b string) int {
	ga, gb := ParseGroup(a).ID, ParseGroup(b).ID
	coded := func(id string) int {
		if groupCode.MatchString(id) {
			return 0
		}
		return 1
	}
	return cmp.Or(cmp.Compare(coded(ga), coded(gb)), compareNatural(ga, gb), compareNatural(a, b), strings.Compare(a, b))
}

// compareNatural compares a and b case-insensitively, a run of digits in
// one against a run of digits in the other by the numbers they write.
func compareNatural(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Or(cmp.Compare(len(na), len(nb)), strings.Compare(na, nb)); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digits returns the length of the run of ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
