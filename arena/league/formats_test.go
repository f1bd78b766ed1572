package league

import "testing"

func TestFormatErrors(t *testing.T) {
	const bots = "bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n  - {name: c, builtin: random}\n"
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"unknown format", "format: ladder\n" + bots, 1, `format is "ladder": want round-robin, gauntlet, knockout or swiss`},
		{"format not text", "format: [swiss]\n" + bots, 1, `format: want round-robin, gauntlet, knockout or swiss, e.g. format: swiss, got a list`},
		{"misspelt key", "format: knockout\ngames_per_ties: 2\n" + bots, 2, `unknown key "games_per_ties": did you mean "games_per_tie"?`},
		{"gauntlet without challengers", "format: gauntlet\n" + bots, 1, "a gauntlet needs challengers"},
		{"unknown challenger", "format: gauntlet\nchallengers: [a, zz]\n" + bots, 2, `challenger "zz" is not in bots`},
		{"every bot a challenger", "format: gauntlet\nchallengers: [a, b, c]\n" + bots, 2, "every bot is a challenger"},
		{"challenger twice", "format: gauntlet\nchallengers: [a, a]\n" + bots, 2, `challenger "a" is listed twice`},
		{"key of another format", "challengers: [a]\n" + bots, 1, "challengers is a key of format: gauntlet, and this league's format is round-robin"},
		{"knockout key in a swiss", "format: swiss\ngames_per_tie: 2\n" + bots, 2, "games_per_tie is a key of format: knockout"},
		{"swiss too long", "format: swiss\nrounds: 4\n" + bots, 2, "rounds: a Swiss of 3 bots has at most 3 rounds"},
		{"knockout with rounds", "format: knockout\nrounds: 2\n" + bots, 2, "rounds: a knockout plays games_per_tie boards a tie"},
		{"no boards a tie", "format: knockout\ngames_per_tie: -1\n" + bots, 2, "games_per_tie: want a whole number of boards a knockout tie plays, both colours each, 1 or more, got -1"},
		{"negative tie-breaks", "format: knockout\ntiebreak_boards: -1\n" + bots, 2, "tiebreak_boards: want a whole number of board pairs a level tie may add, 0 or more, got -1"},
		{"qualifiers without seeding", "format: knockout\nqualifiers: 2\n" + bots, 2, "qualifiers is the number of bots taken from each standings of seeding"},
		{"seeding not a list", "format: knockout\nseeding: results/groups\n" + bots, 2, "seeding: want a list of results directories whose standings seed the bracket, e.g. seeding: [results/group-a, results/group-b]"},
		{"seeding of nothing", "format: knockout\nseeding: [no-such-dir]\n" + bots, 2, "no-such-dir has no standings yet: play that league to its end first"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantConfigError(t, tc.yaml, tc.line, tc.want) })
	}
}

func TestPlayoffConfig(t *testing.T) {
	const bots = "bots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"unknown value", "rounds: 1\ntiebreak: coin\n" + bots, 2, `tiebreak is "coin": want "tied" (bots level on every key share a rank) or "playoff" (they play it out)`},
		{"not text", "tiebreak: [playoff]\n" + bots, 1, "tiebreak: want tied or playoff, e.g. tiebreak: playoff, got a list"},
		{"knockout", "format: knockout\ntiebreak: playoff\n" + bots, 2, "tiebreak: playoff is for a round robin, a gauntlet or a Swiss: a knockout decides each tie itself"},
		{"sprt", "sprt: {elo1: 10}\ntiebreak: playoff\n" + bots, 2, "tiebreak: playoff has no place in an SPRT match"},
		{"tie key without a playoff", "games_per_tie: 2\n" + bots, 1, "games_per_tie is a key of format: knockout (or of tiebreak: playoff), and this league's format is round-robin"},
		{"bad tie key", "tiebreak: playoff\ntiebreak_boards: -2\n" + bots, 2, "tiebreak_boards: want a whole number of board pairs a level tie may add, 0 or more, got -2"},
	} {
		t.Run(tc.name, func(t *testing.T) { wantConfigError(t, tc.yaml, tc.line, tc.want) })
	}
	hash := func(head string) string {
		c, _, err := Parse("f.yaml", []byte(head+bots))
		if err != nil {
			t.Fatal(err)
		}
		return c.Hash()
	}
	if hash("tiebreak: tied\n") != hash("") {
		t.Error("tiebreak: tied, the default, changes the hash")
	}
	if hash("tiebreak: playoff\n") == hash("") || hash("tiebreak: playoff\n") == hash("tiebreak: playoff\ngames_per_tie: 2\n") {
		t.Error("a playoff, or its boards, do not change the hash")
	}
	c, _, err := Parse("f.yaml", []byte("tiebreak: playoff\n"+bots))
	if err != nil {
		t.Fatal(err)
	}
	if c.GamesPerTie != 1 || c.TiebreakBoards == nil || *c.TiebreakBoards != 3 {
		t.Errorf("a playoff's ties: games_per_tie %d, tiebreak_boards %v, want the defaults 1 and 3", c.GamesPerTie, c.TiebreakBoards)
	}
}

// TestRestartErrors checks the values of restart, the league's and a bot's.
func TestRestartErrors(t *testing.T) {
	wantConfigError(t, "name: bad\nrestart: never\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy}]", 2, `restart is "never": want "on" or "off"`)
	wantConfigError(t, "name: bad\nbots: [{name: a, builtin: greedy}, {name: b, builtin: greedy, restart: sometimes}]", 2, `bot "b": restart is "sometimes": want "on" or "off"`)
}
