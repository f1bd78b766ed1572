package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/web"
)

// servedLeague writes a results directory whose recorded config is cfg and
// opens its view.
func servedLeague(t *testing.T, cfg string) *web.League {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, resultsdir.ConfigFile), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := web.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestLeagueBots checks the bots arena serve --play offers from the served
// leagues: each league's own, Lisp groups included, by display name, in
// the leagues' order, those of another game and a name already taken left
// out; each started as its league starts it.
func TestLeagueBots(t *testing.T) {
	lisp := servedLeague(t, "name: turma\ngame: dots\nrounds: 1\nstart_timeout_ms: 30000\nlimits: {memory_mb: 700}\nlang: pt\nbots:\n"+
		"  - {name: p1, display: \"P1 Ana / Rui\", lisp: {files: [/course/p1/jogo.lisp], package: p1}}\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: human, builtin: random}\n")
	other := servedLeague(t, "name: other\ngame: dots\nbots:\n  - {name: p1, builtin: random}\n  - {name: p9, path: /bin/p9}\n")
	cavalo := servedLeague(t, "name: cav\ngame: cavalo\nbots:\n  - {name: c1, builtin: random}\n")
	got := leagueBots([]*web.League{lisp, other, cavalo}, "dots")
	if want := []string{"p1", "greedy", "p9"}; !slices.Equal(got.names, want) {
		t.Errorf("bots %q, want %q", got.names, want)
	}
	if got.display["p1"] != "P1 Ana / Rui" || len(got.display) != 1 {
		t.Errorf("display names %v, want p1's", got.display)
	}
	spec := got.bots["p1"].config.BotSpec("/usr/bin/arena", got.bots["p1"].bot)
	if !slices.Contains(spec.Args, "lisp") || spec.Name != "p1" || spec.Limits.MemoryMB != 700 || spec.StartTimeout.Milliseconds() < 30000 ||
		!slices.Contains(spec.Args, "file=/course/p1/jogo.lisp") {
		t.Errorf("p1 starts as %+v, want its league's Lisp bot, limits and start timeout", spec)
	}
	if playLang([]*web.League{lisp}) != "pt" || playLang(nil) != "" {
		t.Error("the people's page does not take the first league's language")
	}
}
