package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"
)

// widest returns the width of the widest line of s, in columns (its
// display width), and that line.
func widest(s string) (int, string) {
	w, line := 0, ""
	for l := range strings.Lines(s) {
		l = strings.TrimRight(l, "\n")
		if n := runewidth.StringWidth(l); n > w {
			w, line = n, l
		}
	}
	return w, line
}

// machineFormat reports whether args ask for output that is not for
// people to read at a terminal: JSON, CSV or a Markdown table (lines that
// cannot wrap), the standings in full (--wide), a bot's process.
func machineFormat(args []string) bool {
	for i, a := range args {
		switch a {
		case "--json", "--wide", "serve":
			return true
		case "-f", "--format":
			if i+1 < len(args) && args[i+1] != "text" {
				return true
			}
		}
		for _, f := range []string{"-fjson", "-fcsv", "-fmd", "--format=json", "--format=csv", "--format=md", "-f=json", "-f=csv", "-f=md"} {
			if a == f {
				return true
			}
		}
	}
	return false
}

// checkWidth fails t when a line of out, what arena printed for args off a
// terminal, is wider than maxWidth columns: every command the tests run
// goes through it (see execute, arenaOut, runArena), machine formats left
// out (machineFormat), and diagnostics too (see forPeople).
func checkWidth(t *testing.T, args []string, out string) {
	t.Helper()
	if machineFormat(args) {
		return
	}
	if w, line := widest(forPeople(out)); w > maxWidth {
		t.Errorf("arena %s: a line of %d columns, want at most %d:\n%s", strings.Join(args, " "), w, maxWidth, line)
	}
}

// forPeople returns s without its diagnostics, the lines that start with
// "arena: " (an error, a warning): each is one line however long, for
// scripts and grep, the one exception to maxWidth.
func forPeople(s string) string {
	var b strings.Builder
	for l := range strings.Lines(s) {
		if !strings.HasPrefix(l, "arena: ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// unwrap undoes what wrapText did to s with continuation lines indented
// by indent, for tests that look for a line in output: a path broken
// after a "/" is joined again, any other line with a space.
func unwrap(s, indent string) string {
	s = regexp.MustCompile(`/\n`+indent).ReplaceAllString(s, "/")
	return regexp.MustCompile(` *\n`+indent).ReplaceAllString(s, " ")
}

// sizedRE matches the golden file of output sized to a terminal's width,
// e.g. intake_table_200.golden.
var sizedRE = regexp.MustCompile(`_(\d+)\.golden$`)

// TestGoldenWidths checks that what arena prints for people fits maxWidth
// columns, or the width it was printed for (name_WIDTH.golden). Machine
// formats (JSON, CSV), the standings tables, whose width is another
// issue's, and the grades, a Markdown table for a file whose rows cannot
// wrap, are left out.
func TestGoldenWidths(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.Contains(name, "json") || strings.Contains(name, "csv") || strings.HasPrefix(name, "standings_") || name == "grades_md.golden" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		limit := maxWidth
		if m := sizedRE.FindStringSubmatch(name); m != nil { // printed for a terminal of that width
			limit, _ = strconv.Atoi(m[1])
		}
		if w, line := widest(forPeople(string(data))); w > limit {
			t.Errorf("%s: a line of %d columns, want at most %d:\n%s", name, w, limit, line)
		}
	}
}

// TestHelpWidths checks the --help of every command against maxWidth.
func TestHelpWidths(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		args := append(strings.Fields(c.CommandPath())[1:], "--help")
		out, err := arenaOut(t, args...)
		if err != nil {
			t.Errorf("%s: %v", strings.Join(args, " "), err)
		}
		if w, line := widest(out); w > maxWidth {
			t.Errorf("arena %s: a line of %d columns, want at most %d:\n%s", strings.Join(args, " "), w, maxWidth, line)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
}
