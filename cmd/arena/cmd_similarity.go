package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/course/similarity"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/referee/sexp"
)

// newSimilarityCmd is `arena similarity`.
func newSimilarityCmd() *cobra.Command {
	var (
		base, past []string
		out        string
		format     string
		top        int
	)
	cmd := &cobra.Command{
		Use:   "similarity DIR... [--base FILE]... [--past DIR]... [-o FILE] [--format csv|json]",
		Short: "Compare a class's Lisp submissions for code they share, renamed or not",
		Long: `Similarity compares every pair of a class's Common Lisp submissions on what survives
renaming and reformatting, on this machine: no code leaves it. Each DIR is a folder of
submissions, as for arena intake (one sub-folder or .zip per group).

Each file is read as Lisp, without comments, docstrings and layout; every name a submission
defines or binds becomes its role (FN, VAR, PARAM, PKG, TYPE), the standard symbols and the
base files' names kept; runs of tokens and whole top-level forms are fingerprinted
(winnowing, as MOSS does), so reordered functions still match. What the --base files hold
(the code the course gave every group) and what most of the class shares is left out. A
pair's score is the share of the smaller submission's fingerprints the other has; pairs
whose score is an outlier of the class's own scores are flagged (docs/similarity.md).

A flag is evidence for a person to read, never a verdict: -o writes an HTML page with each
flagged pair and the top pairs side by side, the shared code marked and linked.`,
		Example: "  arena similarity entregas/ --base regras.lisp -o semelhancas.html\n" +
			"  arena similarity entregas/ --past entregas-2024/ --format csv > pares.csv",
		Args: atLeastOne("DIR"),
		RunE: func(c *cobra.Command, dirs []string) error {
			if format != "text" && format != "csv" && format != "json" {
				return usage(fmt.Errorf("--format %q: want text, csv or json", format))
			}
			for _, f := range base {
				if _, err := os.Stat(f); err != nil {
					return usage(fmt.Errorf("--base: %w", err))
				}
			}
			work, err := os.MkdirTemp("", "arena-similarity-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(work)
			now, err := intake.List(c.Context(), dirs, work)
			if err := c.Context().Err(); err != nil {
				return err // interrupted
			}
			if err != nil {
				return usage(err)
			}
			then, err := intake.List(c.Context(), past, filepath.Join(work, "past")) // a past hand-in may bear a name of this class's
			if err := c.Context().Err(); err != nil {
				return err // interrupted
			}
			if err != nil {
				return usage(err)
			}
			if len(now) == 0 {
				return usage(fmt.Errorf("no submission in %q: want one folder or .zip per group", dirs))
			}
			entries := append(similarity.Entries(now, false), similarity.Entries(then, true)...)
			r, err := similarity.Compare(c.Context(), entries, similarity.Options{Base: base})
			var syntax *sexp.SyntaxError
			if errors.As(err, &syntax) {
				return usage(fmt.Errorf("%w: --base wants a Lisp file that reads whole", err))
			}
			if err != nil {
				return err
			}
			if out != "" {
				opt := similarity.HTMLOptions{Top: top}
				if err := intake.WriteFile(out, func(w io.Writer) error { return similarity.WriteHTML(w, r, opt) }); err != nil {
					return err
				}
			}
			w := c.OutOrStdout()
			switch format {
			case "csv":
				return similarity.WriteCSV(w, r)
			case "json":
				return similarity.WriteJSON(w, r)
			}
			return printSimilarity(w, r, top, out)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&base, "base", nil, "a file given to every group (repeatable): left out")
	f.StringArrayVar(&past, "past", nil, "past years' submissions (repeatable): compared with this class")
	f.StringVarP(&out, "output", "o", "", "write the HTML report, flagged pairs side by side, to this file")
	f.StringVar(&format, "format", "text", "text (the top pairs), csv or json (every pair)")
	f.IntVar(&top, "top", 3, "the most similar pairs always shown, flagged or not")
	return cmd
}

// nameWidth is the width of a submission's name on the terminal: the
// CSV and the page have them whole.
const nameWidth = 24

// printSimilarity prints the threshold and the most similar pairs, the
// flagged ones and at least top.
func printSimilarity(w io.Writer, r *similarity.Report, top int, report string) error {
	t := r.Threshold
	printfWrapped(w, "  ", "%d submissions, %d pairs; threshold %.2f (median %.2f + %.1f·MAD %.2f/0.6745, between %.2f and %.2f)\n",
		len(r.Submissions), len(r.Pairs), t.Value, t.Median, t.Z, t.MAD, t.Floor, t.Ceiling)
	flagged := len(r.Flagged())
	for i, p := range r.Pairs {
		if i >= max(top, flagged) {
			break
		}
		mark := ""
		if p.Flagged {
			mark = "  FLAGGED"
		}
		printfWrapped(w, "       ", "%5.2f  %s  %s  (%d shared, run of %d)%s\n", p.Score,
			shorten(inert.Line(p.A), nameWidth), shorten(inert.Line(p.B), nameWidth), p.Shared, p.Longest, mark)
	}
	flaggedLine := fmt.Sprintf("Flagged: %d of %d pairs, evidence to read, never a verdict.", flagged, len(r.Pairs))
	if report != "" {
		flaggedLine += fmt.Sprintf(" Side by side in %s.", report)
	}
	return printWrapped(w, "  ", flaggedLine+"\n")
}

// shorten cuts s to n characters, keeping its start and its end.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := (n - 1) / 2
	return string(r[:head]) + "…" + string(r[len(r)-(n-1-head):])
}
