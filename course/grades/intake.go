package grades

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/arenabots/arena/course/intake"
)

// IntakeFile is the name of the file `arena intake` writes beside
// intake.md, in its --out directory.
const IntakeFile = "intake.json"

// Intake is what grades reads of an intake.json (intake.Summary): the
// class's submissions. Keys it does not know are ignored.
type Intake = intake.Summary

// Submission is one entry of the class, as intake found it.
type Submission = intake.SubmissionEntry

// Student is one student of a group: a name and a student number.
type Student = intake.Student

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
