package grades

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// IntakeFile is the name of the file `arena intake` writes beside
// intake.md, in its --out directory.
const IntakeFile = "intake.json"

// Intake is what grades reads of an intake.json: the class's submissions.
// Fields grades does not use are ignored.
type Intake struct {
	Game        string       `json:"game"`
	TempoMS     int          `json:"tempo_ms"`
	Title       string       `json:"title"`
	Submissions []Submission `json:"submissions"`
}

// Submission is one entry of the class, as intake found it.
type Submission struct {
	// Entry is the folder, zip or file name as handed in; Group its
	// display name; Bot the league's bot name when eligible, else "".
	Entry    string    `json:"entry"`
	Group    string    `json:"group"`
	Bot      string    `json:"bot"`
	Students []Student `json:"students"`
	Eligible bool      `json:"eligible"`
	Reason   string    `json:"reason"`
	// Similar are the pairs the similarity check found (arena similarity).
	Similar []Similar `json:"similar"`
}

// Student is one student of a group: a name and a student number.
type Student struct {
	Name   string `json:"name"`
	Number string `json:"number"`
}

// Similar is one pair of submissions the similarity check scored: With is
// the other entry, Flagged is true when the score is over the class's
// threshold.
type Similar struct {
	With    string  `json:"with"`
	Score   float64 `json:"score"`
	Flagged bool    `json:"flagged"`
}

// ReadIntake reads dir/intake.json; dir may also name the file itself.
func ReadIntake(dir string) (*Intake, error) {
	path := dir
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		path = filepath.Join(dir, IntakeFile)
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file: give --intake the --out folder of arena intake (default intake/), where it wrote %s", path, IntakeFile)
	}
	if err != nil {
		return nil, err
	}
	var in Intake
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i, s := range in.Submissions {
		if s.Entry == "" && s.Group == "" {
			return nil, fmt.Errorf("%s: submission %d has neither entry nor group", path, i+1)
		}
	}
	return &in, nil
}

// courseName is the course's name for a submission:
// nome1_numero1_nome2_numero2_Pn, one or two students, with an optional
// extension (.zip).
var courseName = regexp.MustCompile(`^([^_]+)_([0-9]+)(?:_([^_]+)_([0-9]+))?_[A-Za-z]*[0-9]+(?:\.[A-Za-z0-9]+)?$`)

// ParseStudents returns the students named by a submission's name when it
// follows the course's nome1_numero1_nome2_numero2_Pn, else none.
func ParseStudents(name string) []Student {
	m := courseName.FindStringSubmatch(name)
	if m == nil {
		return nil
	}
	out := []Student{{Name: m[1], Number: m[2]}}
	if m[3] != "" {
		out = append(out, Student{Name: m[3], Number: m[4]})
	}
	return out
}
