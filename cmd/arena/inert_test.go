package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/testbin"
)

// shownSpoof is how arena shows the terminal escapes that the test bot's
// spoofing modes write (see bots/internal/testbot): as text.
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
			// Info, the answers; the table wraps its cells at spaces
			[]string{`testbot-spoofanswer\r\x1b[2J\x1b[H\x1b]0;pwned\a\rprobe`, `1\x1b[8m`, `"\x1b[2J\x1b[H\x1b]0;pwned\a\rprobe`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := arenaOut(t, tc.args(spoofBot(t, "spoofanswer"))...)
			for _, c := range []string{"\x1b", "\r", "\a", "\u202e"} {
				if i := strings.Index(out, c); i >= 0 {
					t.Errorf("the output holds %q raw, at %q", c, out[max(0, i-20):min(len(out), i+20)])
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output lacks %s:\n%s", w, out)
				}
			}
		})
	}
}
