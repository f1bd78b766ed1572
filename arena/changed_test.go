package arena

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
)

// TestRunRefusesAChangedConfig checks that a league run into the results
// of another config says which keys changed and how to start over.
func TestRunRefusesAChangedConfig(t *testing.T) {
	out := t.TempDir()
	parse := func(tempo string) *league.Config {
		t.Helper()
		cfg, _, err := league.Parse("l.yaml", []byte("out: "+out+"\nsandbox: off\ntempo_ms: "+tempo+"\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	if err := os.WriteFile(filepath.Join(out, resultsdir.ConfigFile), parse("100").Resolved(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&Runner{Config: parse("200")}).Run(context.Background())
	if !errors.Is(err, ErrConfigChanged) {
		t.Fatalf("Run = %v, want ErrConfigChanged", err)
	}
	for _, want := range []string{"(tempo_ms: 100 -> 200)", "--restart to discard the old results"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "hash") {
		t.Errorf("error %q shows hashes instead of the keys", err)
	}
}
