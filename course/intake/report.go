package intake

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/results"
)

// Header returns the header of the intake table (see Rows).
func Header() []string {
	return []string{"group", "bot (package)", "files", "conventions", "time use", "eligible"}
}

// Rows returns the intake table, one row per result: the same in the
// report and on the terminal. The cells hold what submissions wrote, as
// they wrote it: whoever shows them escapes them (inert.Line on a
// terminal, see WriteReport for Markdown).
func Rows(results []Result) [][]string {
	rows := make([][]string, len(results))
	for i, r := range results {
		verdict := "yes"
		switch {
		case r.Admitted:
			verdict = "admitted: " + r.Reason
		case !r.Eligible:
			verdict = "no: " + r.Reason
		}
		conv, use := "-", r.Findings.Time.Short()
		if r.Findings.Conventions != "" {
			conv = probe.Short(r.GameName, r.Findings.Config)
		}
		if !r.Eligible {
			use = "-"
		}
		bot := r.Name
		if pkg := r.Config.Package; pkg != "" && pkg != r.Name {
			bot += " (" + pkg + ")"
		}
		files := strings.Join(r.Files, " ")
		if files == "" {
			files = "-"
		}
		rows[i] = []string{r.DisplayName(), bot, files, conv, use, verdict}
	}
	return rows
}

// md escapes text for a Markdown table cell or line: on one line, with
// the characters that would end a cell, open a code span or a tag, or act
// on a terminal that shows the file, escaped.
func md(text string) string { return results.MarkdownText(text) }

// WriteReport writes the intake report in Markdown: the table, then for
// each submission what the scan chose and the evidence of each convention
// (position, side to move, answer, move read, verdict). Reasons are
// written in full; everything a submission wrote is escaped (md).
func WriteReport(w io.Writer, title string, results []Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", md(title))
	eligible := 0
	for _, r := range results {
		if r.Eligible {
			eligible++
		}
	}
	fmt.Fprintf(&b, "%d submissions, %d eligible.\n\n", len(results), eligible)
	b.WriteString("| " + strings.Join(Header(), " | ") + " |\n")
	b.WriteString("|" + strings.Repeat("---|", len(Header())) + "\n")
	for _, row := range Rows(results) {
		for i, c := range row {
			row[i] = md(c)
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	for _, r := range results {
		fmt.Fprintf(&b, "\n## %s (%s)\n\n", md(r.DisplayName()), md(r.Name))
		fmt.Fprintf(&b, "- handed in: %s", md(filepath.Base(r.Source)))
		if r.Root != "" {
			fmt.Fprintf(&b, "; root: %s", md(r.Root))
		}
		b.WriteString("\n")
		if len(r.Students) > 0 {
			var st []string
			for _, s := range r.Students {
				st = append(st, strings.TrimSpace(s.Name+" "+s.Number))
			}
			fmt.Fprintf(&b, "- students: %s\n", md(strings.Join(st, ", ")))
		}
		if len(r.Files) > 0 {
			fmt.Fprintf(&b, "- loads: %s\n", md(strings.Join(r.Files, ", ")))
		}
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "- %s\n", md(n))
		}
		if r.Findings.Conventions != "" {
			fmt.Fprintf(&b, "- conventions: %s\n", md(r.Findings.Conventions))
		}
		for _, warn := range r.Warnings {
			fmt.Fprintf(&b, "- **warning**: %s\n", md(warn))
		}
		switch {
		case r.Eligible:
			fmt.Fprintf(&b, "- time per move: %s; %s\n", md(r.Findings.Time.String()), md(r.Findings.Time.Evidence()))
		case r.Admitted:
			fmt.Fprintf(&b, "- **admitted** on purpose (--admit), with the closest settings found; not eligible: %s\n", md(r.Reason))
		default:
			fmt.Fprintf(&b, "- **not eligible**: %s\n", md(r.Reason))
		}
		fmt.Fprintf(&b, "- intake: %v, %d calls of jogar\n", r.Elapsed.Round(time.Millisecond), r.Findings.Calls)
		for _, s := range r.Similar {
			fmt.Fprintf(&b, "- **similar** to %s: score %.2f, over the class's threshold (evidence to read in similarity.html, not a verdict)\n", md(s.With), s.Score)
		}
		if len(r.Findings.Evidence) > 0 {
			b.WriteString("\n| position | to move | answer | move read | verdict |\n|---|---|---|---|---|\n")
			for _, e := range r.Findings.Evidence {
				move := e.Move
				if move == "" {
					move = "-"
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", md(e.Position), md(e.ToMove), md(e.Answer), md(move), md(e.Verdict))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary is intake.json, what intake found, for the programs that read
// it (grading, similarity): see docs/intake.md. Its readers ignore keys
// they do not know.
type Summary struct {
	GameName string `json:"game"`
	TempoMS  int64  `json:"tempo_ms"`
	Title    string `json:"title"`
	// League is the league file's path, relative to intake.json's folder.
	League      string            `json:"league"`
	Submissions []SubmissionEntry `json:"submissions"`
}

// SubmissionEntry is one entry of the class folder in intake.json.
type SubmissionEntry struct {
	// Entry is the folder, archive or file name as handed in.
	Entry string `json:"entry"`
	// Group is the name standings show; Bot the league's bot name when
	// eligible, else "".
	Group    string    `json:"group"`
	Bot      string    `json:"bot"`
	Students []Student `json:"students"`
	Eligible bool      `json:"eligible"`
	// Admitted says that the lecturer admitted it, not eligible, on
	// purpose (arena intake --admit): it has a bot in the league.
	Admitted    bool           `json:"admitted,omitempty"`
	Reason      string         `json:"reason"`
	Warnings    []string       `json:"warnings"`
	Files       []string       `json:"files"`
	Conventions map[string]any `json:"conventions"`
	Time        *TimeEntry     `json:"time,omitempty"`
	Evidence    []string       `json:"evidence"`
	Notes       []string       `json:"notes,omitempty"`
	// Similar are the submissions arena similarity flagged with this one.
	Similar []Similar `json:"similar"`
}

// TimeEntry is a submission's time use as the probe measured it.
type TimeEntry struct {
	// MaxMS is the slowest call of jogar measured at the league's tempo,
	// in ms, with its tempo_scale (0: not measured).
	MaxMS      int64  `json:"max_ms"`
	TempoScale int    `json:"tempo_scale"`
	Note       string `json:"note,omitempty"`
	// Tried are the tempo_scales the conventions were looked for with, in
	// order; MaxMS is 0 when, under none, the bot got through the
	// league's opening.
	Tried []int `json:"tempo_scales_tried,omitempty"`
}

// NewSummary returns intake.json's content for results, the league
// written at league (relative to intake.json's folder).
func NewSummary(l League, league string, results []Result) Summary {
	s := Summary{GameName: l.GameName, TempoMS: l.Tempo.Milliseconds(), Title: l.Title, League: league, Submissions: []SubmissionEntry{}}
	for _, r := range results {
		e := SubmissionEntry{
			Entry: filepath.Base(r.Source), Group: r.DisplayName(), Students: r.Students, Eligible: r.Eligible, Similar: r.Similar,
			Warnings: r.Warnings, Files: r.Files, Conventions: map[string]any{}, Evidence: []string{}, Notes: r.Notes,
		}
		if r.Plays() {
			e.Bot = r.Name
		}
		if !r.Eligible {
			e.Reason, e.Admitted = r.Reason, r.Admitted
		}
		if e.Similar == nil {
			e.Similar = []Similar{}
		}
		if e.Students == nil {
			e.Students = []Student{}
		}
		if e.Warnings == nil {
			e.Warnings = []string{}
		}
		if e.Files == nil {
			e.Files = []string{}
		}
		if f := r.Findings; f.Conventions != "" {
			c := f.Config.WithDefaults()
			e.Conventions = map[string]any{"summary": f.Conventions, "package": f.Package}
			has := gameKeys(l.GameName, c)
			for key, v := range map[string]any{"state": c.State, "side": c.Side, "perspective": c.Perspective, "knights": c.Knights, "index_base": c.IndexBase} {
				if has(key) {
					e.Conventions[key] = v
				}
			}
		}
		switch t := r.Findings.Time; {
		case t.Tempo > 0:
			e.Time = &TimeEntry{MaxMS: t.Used().Milliseconds(), TempoScale: t.Scale, Note: t.Note, Tried: t.Base.Tried}
		case t.Note != "": // not eligible: the time bases its conventions were looked for with
			e.Time = &TimeEntry{TempoScale: t.Scale, Note: t.Note, Tried: t.Base.Tried}
		}
		for _, ev := range r.Findings.Evidence {
			text := fmt.Sprintf("%s, %s to move: answer %s", ev.Position, ev.ToMove, ev.Answer)
			if ev.Move != "" {
				text += ", move " + ev.Move
			}
			e.Evidence = append(e.Evidence, text+": "+ev.Verdict)
		}
		s.Submissions = append(s.Submissions, e)
	}
	return s
}

// WriteSummary writes intake.json: NewSummary, indented.
func WriteSummary(w io.Writer, s Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}
