package similarity

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

//go:embed report.html.tmpl
var pageText string

// pageTemplate is the HTML report: one page, no script, no external asset.
var pageTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct": func(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) },
	"f2":  func(x float64) string { return fmt.Sprintf("%.2f", x) },
}).Parse(pageText))

// HTMLOptions configure WriteHTML.
type HTMLOptions struct {
	// Title heads the page.
	Title string
	// Top is how many of the most similar pairs are shown side by side
	// besides the flagged ones (default 3), and Table how many rows the
	// table of pairs has at least (default 30).
	Top, Table int
}

// page is what the template shows.
type page struct {
	Title       string
	Submissions int
	Pairs       int
	Flagged     int
	Threshold   Threshold
	Settings    Settings
	Rows        []pageRow
	Shown       []shownPair
}

// pageRow is one row of the table of pairs.
type pageRow struct {
	Rank int
	Pair
	Anchor string // the pair's side-by-side view, "" when not shown
}

// shownPair is a pair shown side by side.
type shownPair struct {
	ID string
	Pair
	Regions     []regionRow
	Left, Right []shownFile
}

// regionRow lists a shared run: where it is on each side.
type regionRow struct {
	ID              string
	Tokens          int
	Left, Right     string // file:lines
	LeftID, RightID string
}

// shownFile is one file of a side, cut into plain and marked segments.
type shownFile struct {
	Path string
	Segs []seg
}

// seg is a piece of a file: marked (ID set) when shared, linking to the
// other side's piece (Href).
type seg struct {
	Text     string
	ID, Href string
}

// WriteHTML writes the report as one offline HTML page: the threshold and
// how it was chosen, the table of the most similar pairs, and each
// flagged pair and the top ones side by side, from the files as handed
// in, with the shared runs marked and linked to each other.
func WriteHTML(w io.Writer, r *Report, opt HTMLOptions) error {
	if opt.Top <= 0 {
		opt.Top = 3
	}
	if opt.Table <= 0 {
		opt.Table = 30
	}
	if opt.Title == "" {
		opt.Title = "arena similarity"
	}
	pg := page{Title: opt.Title, Submissions: len(r.Submissions), Pairs: len(r.Pairs), Threshold: r.Threshold, Settings: r.Settings}
	for i, p := range r.Pairs {
		if p.Flagged {
			pg.Flagged++
		}
		if !p.Flagged && i >= max(opt.Table, pg.Flagged) {
			continue
		}
		row := pageRow{Rank: i + 1, Pair: p}
		if (p.Flagged || i < opt.Top) && p.Shared > 0 {
			row.Anchor = fmt.Sprintf("pair%d", i+1)
			sp, err := showPair(r, p, row.Anchor)
			if err != nil {
				return err
			}
			pg.Shown = append(pg.Shown, sp)
		}
		pg.Rows = append(pg.Rows, row)
	}
	return pageTemplate.Execute(w, pg)
}

// span is a region's bytes in one file of one side.
type span struct {
	file       int32
	start, end int32
	id, href   string
}

// spanOf returns where the tokens [from, to) of s are.
func spanOf(s *Submission, from, to int32) span {
	sp := span{file: s.toks[from].file, start: s.toks[from].start, end: s.toks[from].end}
	for _, t := range s.toks[from:to] {
		sp.start, sp.end = min(sp.start, t.start), max(sp.end, t.end)
	}
	return sp
}

// maxRegionsShown bounds the marks of one pair.
const maxRegionsShown = 200

// showPair lays the pair p side by side.
func showPair(r *Report, p Pair, id string) (shownPair, error) {
	a, b := &r.Submissions[p.a], &r.Submissions[p.b]
	sp := shownPair{ID: id, Pair: p}
	var left, right []span
	for i, reg := range p.regions {
		if i == maxRegionsShown {
			break
		}
		rid := fmt.Sprintf("%s-r%d", id, i+1)
		la, lb := spanOf(a, reg.aFrom, reg.aTo), spanOf(b, reg.bFrom, reg.bTo)
		la.id, la.href = rid+"a", "#"+rid+"b"
		lb.id, lb.href = rid+"b", "#"+rid+"a"
		left, right = append(left, la), append(right, lb)
		sp.Regions = append(sp.Regions, regionRow{ID: rid, Tokens: int(reg.aTo - reg.aFrom),
			LeftID: la.id, RightID: lb.id})
	}
	var err error
	var lines map[string]string
	if sp.Left, lines, err = showFiles(a, left); err != nil {
		return sp, err
	}
	for i := range sp.Regions {
		sp.Regions[i].Left = lines[sp.Regions[i].LeftID]
	}
	if sp.Right, lines, err = showFiles(b, right); err != nil {
		return sp, err
	}
	for i := range sp.Regions {
		sp.Regions[i].Right = lines[sp.Regions[i].RightID]
	}
	return sp, nil
}

// showFiles cuts the files of s that spans fall in into segments, and
// returns where each span is (file:first-last line), by id.
func showFiles(s *Submission, spans []span) ([]shownFile, map[string]string, error) {
	lines := map[string]string{}
	byFile := map[int32][]span{}
	for _, sp := range spans {
		byFile[sp.file] = append(byFile[sp.file], sp)
	}
	var out []shownFile
	for f := range s.Files {
		sps := byFile[int32(f)]
		if len(sps) == 0 {
			continue
		}
		path := s.Files[f].Path
		data, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(path)))
		if err != nil {
			return nil, nil, fmt.Errorf("similarity report: %w", err)
		}
		slices.SortFunc(sps, func(x, y span) int { return int(x.start - y.start) })
		file := shownFile{Path: path}
		at := int32(0)
		for _, sp := range sps {
			end := min(sp.end, int32(len(data)))
			from := max(sp.start, at)
			lines[sp.id] = fmt.Sprintf("%s:%d-%d", path, lineOf(data, sp.start), lineOf(data, end))
			if from >= end {
				continue // inside a run marked already
			}
			if from > at {
				file.Segs = append(file.Segs, seg{Text: text(data[at:from])})
			}
			file.Segs = append(file.Segs, seg{Text: text(data[from:end]), ID: sp.id, Href: sp.href})
			at = end
		}
		file.Segs = append(file.Segs, seg{Text: text(data[min(int(at), len(data)):])})
		out = append(out, file)
	}
	return out, lines, nil
}

// lineOf returns the line, from 1, of the byte at off.
func lineOf(data []byte, off int32) int {
	return 1 + strings.Count(string(data[:min(int(off), len(data))]), "\n")
}

// text returns source bytes as text: as they are when UTF-8, else read as
// Latin-1 (Windows editors save Portuguese comments so).
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}
