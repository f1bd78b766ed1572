package intake

import (
	"regexp"
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
// nome1/nome2", bot p13. Names in other shapes keep the students found
// (a name followed by a number) and are shown as they are.
func ParseGroup(entry string) GroupName {
	words := strings.FieldsFunc(entry, func(r rune) bool { return r == '_' || r == ' ' || r == '-' })
	var g GroupName
	code := ""
	if n := len(words); n > 0 && groupCode.MatchString(words[n-1]) {
		code = strings.ToUpper(words[n-1])
		words = words[:n-1]
	}
	for i := 0; i < len(words); i++ {
		if studentNumber.MatchString(words[i]) {
			name := ""
			if i > 0 && !studentNumber.MatchString(words[i-1]) {
				name = words[i-1]
			}
			g.Students = append(g.Students, Student{Name: name, Number: words[i]})
		}
	}
	g.ID = strings.Trim(notName.ReplaceAllString(strings.ToLower(entry), "-"), "-_")
	g.Display = entry
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
