package arena

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

func TestReadResults(t *testing.T) {
	tests := []struct {
		name, config string // config "": no config.yaml
		wantName     string
		wantBots     []string
		wantScoring  results.Scoring
		wantTotal    int
		wantRules    string
		wantErr      string
	}{
		{name: "no config", wantName: "league", wantScoring: results.DefaultScoring(), wantRules: "cavalo"},
		{name: "names", config: "name: course\nrounds: 2\nbots: [a, b, c]\n", wantName: "course",
			wantBots: []string{"a", "b", "c"}, wantScoring: results.DefaultScoring(), wantTotal: 12, wantRules: "cavalo"},
		{name: "partial scoring", config: "rounds: 1\nscoring: {win: 3}\nbots:\n  - {name: a, builtin: random}\n  - {name: b, builtin: greedy}\n",
			wantName: "league", wantBots: []string{"a", "b"}, wantScoring: results.Scoring{Win: 3, Draw: 0.5}, wantTotal: 2, wantRules: "cavalo"},
		{name: "knockout", config: "format: knockout\ngames_per_tie: 2\ngame: dots\nbots: [a, b, c, d]\n", wantName: "league",
			wantBots: []string{"a", "b", "c", "d"}, wantScoring: results.DefaultScoring(), wantTotal: 12, wantRules: "dots"},
		{name: "bad scoring", config: "name: x\nscoring: three\n", wantErr: "config.yaml:2: scoring: want numbers"},
		{name: "bad game", config: "game: chess\n", wantErr: `config.yaml: unknown game "chess"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "league")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r, err := ReadResults(dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ReadResults = %v, want an error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := r.Config
			var bots []string
			for _, b := range c.Bots {
				bots = append(bots, b.Name)
			}
			if c.Name != tt.wantName || !slices.Equal(bots, tt.wantBots) || c.Scoring != tt.wantScoring ||
				tournament.Total(c.League()) != tt.wantTotal || c.Rules().Name() != tt.wantRules || c.Out != dir {
				t.Errorf("ReadResults = name %q, bots %q, scoring %+v, total %d, rules %s, out %s; want %q, %q, %+v, %d, %s, %s",
					c.Name, bots, c.Scoring, tournament.Total(c.League()), c.Rules().Name(), c.Out, tt.wantName, tt.wantBots, tt.wantScoring, tt.wantTotal, tt.wantRules, dir)
			}
		})
	}
}

func TestOpenResultsErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ dir, want string }{
		{filepath.Join(dir, "none"), "no such results directory"},
		{file, "is not a directory"},
		{dir, "no games.jsonl"},
	} {
		if _, err := OpenResults(tt.dir); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("OpenResults(%s) = %v, want an error containing %q", tt.dir, err, tt.want)
		}
	}
}
