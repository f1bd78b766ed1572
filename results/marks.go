package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// MarksFile is the name of the file of a results directory that records
// the course's marks on its bots: the pairs the similarity check flagged
// and the bots the lecturer annulled (arena grades --annul). It is written
// whole by arena grades, never edited by hand, and read by the pages, the
// report and the grades.
const MarksFile = "marks.json"

// Marks are the course's marks on a league's bots, by bot name.
type Marks struct {
	// Similar are the pairs of bots the similarity check flagged: evidence
	// for a person, not a verdict.
	Similar [][2]string `json:"similar,omitempty"`
	// Annulled are the bots whose results the lecturer annulled, with the
	// decision's reason: their rows keep their games but lose their places,
	// which go to the bots below.
	Annulled []Annulment `json:"annulled,omitempty"`
}

// Annulment is one bot's results annulled, and why.
type Annulment struct {
	Bot    string `json:"bot"`
	Reason string `json:"reason"`
}

// ReadMarks reads the marks of the results directory dir; a directory
// without its MarksFile has none.
func ReadMarks(dir string) (Marks, error) {
	path := filepath.Join(dir, MarksFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Marks{}, nil
	}
	if err != nil {
		return Marks{}, err
	}
	var m Marks
	if err := json.Unmarshal(data, &m); err != nil {
		return Marks{}, fmt.Errorf("%s: %w: write it again with arena grades --intake", path, err)
	}
	return m, nil
}

// WriteMarks replaces the marks of the results directory dir with m.
func WriteMarks(dir string, m Marks) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, MarksFile), append(data, '\n'))
}

// AnnulledReason returns the reason bot's results were annulled, and
// whether they were.
func (m Marks) AnnulledReason(bot string) (string, bool) {
	for _, a := range m.Annulled {
		if a.Bot == bot {
			return a.Reason, true
		}
	}
	return "", false
}

// SimilarTo returns the bots flagged as similar to bot, in the order of
// the pairs.
func (m Marks) SimilarTo(bot string) []string {
	var out []string
	for _, p := range m.Similar {
		switch bot {
		case p[0]:
			out = append(out, p[1])
		case p[1]:
			out = append(out, p[0])
		}
	}
	return out
}

// Mark applies m's annulments to the standings: an annulled bot's row
// says why (Row.Annulled), loses its rank (0) and its tie-break and goes
// last, and the bots it stood above move up by one place each.
func (s *Standings) Mark(m Marks) {
	var annulled []int // the ranks of the annulled rows
	for i := range s.Rows {
		r := &s.Rows[i]
		if why, ok := m.AnnulledReason(r.Bot); ok {
			r.Annulled = why
			if r.Rank > 0 {
				annulled = append(annulled, r.Rank)
			}
		}
	}
	if len(annulled) == 0 {
		return
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		if r.Annulled != "" {
			r.Rank, r.Tiebreak, r.Playoff = 0, "", ""
			continue
		}
		above := 0
		for _, k := range annulled {
			if k < r.Rank {
				above++
			}
		}
		r.Rank -= above
	}
	slices.SortStableFunc(s.Rows, func(a, b Row) int {
		switch {
		case a.Annulled != "" && b.Annulled == "":
			return 1
		case a.Annulled == "" && b.Annulled != "":
			return -1
		}
		return 0
	})
}
