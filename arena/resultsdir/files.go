package resultsdir

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/arenabots/arena/results"
)

// File names inside a league's results directory, besides the journal and
// per-move logs named by package results.
const (
	ConfigFile     = "config.yaml"
	StandingsFile  = "standings"  // standings.txt, .md, .csv, .json
	CrosstableFile = "crosstable" // crosstable.txt, .md, .csv
)

// ReadHash returns the hash recorded in a results directory's config.yaml,
// or "" when there is none.
func ReadHash(path string) (string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(sc.Text(), "hash: "); ok {
			return strings.TrimSpace(h), nil
		}
	}
	return "", sc.Err()
}

// CheckDir returns an error that says what dir is unless it is a
// directory.
func CheckDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such results directory", dir)
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory: want a league's results directory", dir)
	}
	return nil
}

// CheckJournal returns an error that says so when the results directory
// dir holds no journal.
func CheckJournal(dir string) error {
	_, err := os.Stat(filepath.Join(dir, results.JournalName))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no %s: not a league's results directory, or no game has finished yet", dir, results.JournalName)
	}
	return err
}

// ReadJournal returns the games of the journal of the results directory
// dir and its damaged lines, which are skipped. No journal is an error
// wrapping fs.ErrNotExist.
func ReadJournal(dir string) ([]results.Entry, []results.DamagedLine, error) {
	return results.ReadJournal(filepath.Join(dir, results.JournalName))
}

// ReadRanking returns the bots of the standings of the results directory
// dir, best first, from the standings.json a league writes at its end.
func ReadRanking(dir string) ([]string, error) {
	path := filepath.Join(dir, StandingsFile+".json")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s has no standings yet: play that league to its end first (arena run)", dir)
	}
	if err != nil {
		return nil, err
	}
	var s results.Standings
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s.Bots(), nil
}

// WriteReports writes st, a league's standings, in every format, and ct,
// its crosstable, in text, Markdown and CSV, to the results directory dir.
func WriteReports(dir string, st results.Standings, ct results.Crosstable) error {
	for _, report := range []struct {
		name  string
		write func(io.Writer, string) error
		exts  []string
	}{
		{StandingsFile, st.Write, []string{"txt", "md", "csv", "json"}},
		{CrosstableFile, ct.Write, []string{"txt", "md", "csv"}},
	} {
		for _, f := range report.exts {
			var b strings.Builder
			if err := report.write(&b, formatName(f)); err != nil {
				return err
			}
			if err := results.WriteFileAtomic(filepath.Join(dir, report.name+"."+f), []byte(b.String())); err != nil {
				return err
			}
		}
	}
	return nil
}

// formatName maps a file extension to a report format name.
func formatName(ext string) string {
	if ext == "txt" {
		return "text"
	}
	return ext
}
