package league

import (
	"strings"
	"testing"
)

func TestChanges(t *testing.T) {
	parse := func(s string) *Config {
		t.Helper()
		cfg, _, err := Parse("l.yaml", []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	old := parse("tempo_ms: 100\nconcurrency: 1\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: classic, options: {depth: 2}}\n  - {name: c, builtin: random}\n")
	now := parse("tempo_ms: 200\nconcurrency: 2\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: classic, options: {depth: 3}}\n  - {name: d, builtin: random}\n")
	got, err := now.Changes(old.Resolved())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"tempo_ms: 100 -> 200",
		"bots.b.options.depth: 2 -> 3",
		"bots.d.name: (none) -> d",
		"bots.d.builtin: (none) -> random",
		"bots.c.name: c -> (none)",
		"bots.c.builtin: random -> (none)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Changes =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A config.yaml of an older arena wrote empty fields and zero limits.
	older := strings.Replace(string(old.Resolved()), "    builtin: greedy\n", "    builtin: greedy\n    registered: \"\"\n    args: []\n    lisp: null\n", 1)
	if got, _ := old.Changes([]byte(older)); len(got) != 0 {
		t.Errorf("Changes from a config with empty fields = %q, want none", got)
	}
	if same, _ := old.Changes(old.Resolved()); len(same) != 0 {
		t.Errorf("Changes of a config from itself = %q, want none", same)
	}
}
