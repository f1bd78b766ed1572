package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// shownSpoof is how arena shows the terminal escapes that the test bot's
// spoofing modes write (see host/internal/testbot): as text.
const shownSpoof = `\x1b[2J\x1b[H\x1b]0;pwned\a\rprobe wins 2-0\u202e 0-2 sniw`

// spoofBot returns a script that runs the test bot in mode.
func spoofBot(t *testing.T, mode string) string {
	t.Helper()
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(t.TempDir(), mode)
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec "+testbot+" "+mode+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// TestBotTextIsInert plays and checks a bot that writes terminal escapes in
// its Info, its answer and its error text: `arena play` and `arena bot
// check` print them as text, never the bytes.
func TestBotTextIsInert(t *testing.T) {
	for _, tc := range []struct {
		name string
		args func(bot string) []string
		want []string // in the output, as text
	}{
		{
			"play", func(bot string) []string {
				return []string{"play", "--white", bot, "--black", "builtin:greedy", "--seed", "3", "--sandbox", "off"}
			},
			// Info, the rejected answer, the verdict
			[]string{`(testbot-spoofanswer\r` + shownSpoof + ` 1\x1b[8m)`, "(" + shownSpoof + ")", `bad move "` + shownSpoof + `"`},
		},
		{
			"bot check", func(bot string) []string {
				return []string{"bot", "check", bot, "--sandbox", "off"}
			},
			// Info, the answers; the table, 80 columns wide, wraps its
			// cells at spaces and within words longer than the column
			[]string{`testbot-spoofanswer`, `\r\x1b[2J\x1b[H\x1b`, `1\x1b[8m`, `"\x1b[2J\x1b[H\x1b]`, `;pwned\a\rprobe`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := arenaOut(t, tc.args(spoofBot(t, "spoofanswer"))...)
			for _, c := range []string{"\x1b", "\r", "\a", "\u202e"} {
				if i := strings.Index(out, c); i >= 0 {
					t.Errorf("the output holds %q raw, at %q", c, out[max(0, i-20):min(len(out), i+20)])
				}
			}
			// A table wraps a long cell over lines: what it shows is read
			// without the layout (spaces, line ends, the box's rules).
			squeeze := strings.NewReplacer(" ", "", "\n", "", "│", "")
			for _, w := range tc.want {
				if !strings.Contains(squeeze.Replace(out), squeeze.Replace(w)) {
					t.Errorf("the output lacks %s:\n%s", w, out)
				}
			}
		})
	}
}

// TestProgressLineIsInert checks that a game's line in a plain run shows a
// detail with escapes and a newline as text, on one line.
func TestProgressLineIsInert(t *testing.T) {
	var b strings.Builder
	pr := &progress{out: &b, cfg: &league.Config{Name: "l"}}
	detail := "\x1b[2J\n[2/2]"
	pr.event(arena.Event{End: &results.Entry{ID: "01-a-b", Result: results.BlackWins, Reason: referee.Crash, Detail: detail}, Done: 1, Total: 2})
	want := `[1/2] 01-a-b                       0-1     crash         0-0   \x1b[2J\n[2/2]`
	if got := b.String(); got != want+"\n" {
		t.Errorf("got  %q\nwant %q", got, want+"\n")
	}
}

// TestBotListIsInert checks that `arena bot list` shows what a registered
// bot's Info said with its escapes as text.
func TestBotListIsInert(t *testing.T) {
	reg := &registry.Registry{Bots: []registry.Registered{{
		Name: "spoof", Path: filepath.Join(t.TempDir(), "gone"), SHA256: strings.Repeat("0", 64),
		Info: registry.InfoYAML{Name: "x\x1b[2J", Version: "1\r", Author: "\u202eyb"},
	}}}
	var b strings.Builder
	if err := listBots(&b, reg, registry.DefaultFile); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsAny(out, "\x1b\r\u202e") || !strings.Contains(out, `x\x1b[2J`) || !strings.Contains(out, `\u202eyb`) {
		t.Errorf("bot list shows the Info raw, or not as text:\n%q", out)
	}
}
