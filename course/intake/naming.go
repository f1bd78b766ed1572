package intake

import (
	"regexp"
	"slices"
	"strings"
)

// Student is one of a group's students, as its entry's name gives them.
type Student struct {
	Name   string `json:"name"`
	Number string `json:"number"`
}

// GroupName is what an entry's name says of its group: the course names
// a hand-in nome1_numero1_nome2_numero2_Pn (Pn its group's code).
type GroupName struct {
	// ID is the bot's name in the league, its stable id: the group's code
	// in lower case (p13), else the entry's name made a bot name.
	ID string
	// Display is the name standings and reports show: "P13 nome1/nome2",
	// else the entry's name.
	Display string
	// Students are the names and numbers in the entry's name.
	Students []Student
}

var (
	// groupCode is a group's code: a few letters and a number (P13, D2, G07).
	groupCode = regexp.MustCompile(`^[A-Za-z]{1,3}[0-9]{1,4}$`)
	// studentNumber is a student's number.
	studentNumber = regexp.MustCompile(`^[0-9]{4,}$`)
	// notName is what a bot's name may not hold.
	notName = regexp.MustCompile(`[^a-z0-9_-]+`)
)

// ParseGroup reads the name of a class folder's entry (a folder, or an
// archive's name without its extension): nome1_2201234_nome2_2205678_P13
// is the group P13 of nome1 (2201234) and nome2 (2205678), "P13
// nome1/nome2", bot p13.
//
// A code that comes first, P2_nome1_2201234_nome2_2205678 (Solitário 2's
// statement, 2025/26), is the project's number, the same for every group:
// the group is told apart by its students' numbers, bot p2201234-2205678
// (the package that statement asks for), shown "nome1/nome2". Students
// may be written name first or number first (P2_2201234_nome1_...).
//
// Names in other shapes keep the students found (a name followed by a
// number) and are shown as they are. A code that comes last is a group's,
// unless every entry of the class ends with it (see projectNumbers).
func ParseGroup(entry string) GroupName { return parseGroup(entry, false) }

// nameWords splits an entry's name into its words.
func nameWords(entry string) []string {
	return strings.FieldsFunc(entry, func(r rune) bool { return r == '_' || r == ' ' || r == '-' })
}

// parseGroup is ParseGroup; lastIsProject reads a code that comes last,
// before students' numbers, as the project's number too.
func parseGroup(entry string, lastIsProject bool) GroupName {
	words := nameWords(entry)
	var g GroupName
	code, project := "", false
	hasNumbers := func(ws []string) bool { return slices.ContainsFunc(ws, studentNumber.MatchString) }
	switch n := len(words); {
	case n > 1 && lastIsProject && groupCode.MatchString(words[n-1]) && hasNumbers(words[:n-1]):
		project = true
		words = words[:n-1]
	case n > 0 && groupCode.MatchString(words[n-1]):
		code = strings.ToUpper(words[n-1])
		words = words[:n-1]
	case n > 1 && groupCode.MatchString(words[0]) && hasNumbers(words[1:]):
		project = true
		words = words[1:]
	}
	g.Students = students(words)
	g.ID = strings.Trim(notName.ReplaceAllString(strings.ToLower(entry), "-"), "-_")
	g.Display = entry
	if project {
		var names, numbers []string
		for _, s := range g.Students {
			numbers = append(numbers, s.Number)
			if s.Name != "" {
				names = append(names, s.Name)
			}
		}
		g.ID = "p" + strings.Join(numbers, "-")
		if len(names) > 0 {
			g.Display = strings.Join(names, "/")
		}
	}
	if code != "" {
		g.ID = strings.ToLower(code)
		var names []string
		for _, s := range g.Students {
			if s.Name != "" {
				names = append(names, s.Name)
			}
		}
		g.Display = strings.TrimSpace(code + " " + strings.Join(names, "/"))
	}
	if g.ID == "" {
		g.ID = "bot"
	}
	return g
}

// students reads the students of words: each number with the name before
// it, or, when the first word is a number, with the name after it.
func students(words []string) []Student {
	var out []Student
	numberFirst := len(words) > 0 && studentNumber.MatchString(words[0])
	for i, w := range words {
		if !studentNumber.MatchString(w) {
			continue
		}
		j := i - 1
		if numberFirst {
			j = i + 1
		}
		name := ""
		if j >= 0 && j < len(words) && !studentNumber.MatchString(words[j]) {
			name = words[j]
		}
		out = append(out, Student{Name: name, Number: w})
	}
	return out
}

// lastCode returns the code an entry's name ends with, in upper case, or
// "".
func lastCode(entry string) string {
	words := nameWords(entry)
	if n := len(words); n > 0 && groupCode.MatchString(words[n-1]) {
		return strings.ToUpper(words[n-1])
	}
	return ""
}

// projectNumbers renames the groups of rs, a class's results, when every
// entry whose name ends with a code ends with the same one, two entries
// or more (ana_2203001_rui_2203002_P2, bia_2203003_eva_2203004_P2): that
// code is the project's number, not a group's, and each group that names
// its students is named by their numbers, as when the code comes first
// (see ParseGroup), rather than P2, P2-2, P2-3...
func projectNumbers(rs []Result) {
	code, n := "", 0
	for _, r := range rs {
		switch c := lastCode(r.Group); {
		case c == "":
		case code == "" || c == code:
			code, n = c, n+1
		default:
			return
		}
	}
	if n < 2 {
		return
	}
	for i := range rs {
		if lastCode(rs[i].Group) != "" {
			g := parseGroup(rs[i].Group, true)
			rs[i].Name, rs[i].Display, rs[i].Students = g.ID, g.Display, g.Students
		}
	}
}
