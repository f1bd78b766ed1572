package web

import (
	"fmt"
	"html"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/arenabots/arena/results"
)

// label is what the chart names a row's bot by: its display name (a
// group's name), else its name.
func label(r results.Row) string {
	if r.Display != "" {
		return r.Display
	}
	return r.Bot
}

// ratingChart draws the rated bots' Bradley–Terry ratings with their 95%
// error bars as SVG, one row per bot in rank order, on an Elo axis centred
// on the mean (0). It returns "" when no bot is rated.
func ratingChart(rows []results.Row) string {
	var rated []results.Row
	span := 100.0 // Elo from the centre to either edge, at least
	for _, r := range rows {
		if r.Rated {
			rated = append(rated, r)
			span = max(span, math.Abs(r.Elo)+r.EloMargin)
		}
	}
	if len(rated) == 0 {
		return ""
	}
	span = math.Ceil(span/100) * 100
	const (
		width, rowH, top = 400, 28, 24
	)
	left := nameColumn(rated)
	height := top + rowH*len(rated) + 8
	x := func(elo float64) float64 { return float64(left) + width/2 + elo/span*width/2 }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%[1]d" height="%[2]d" viewBox="0 0 %[1]d %[2]d" role="img" aria-label="ratings with 95%% error bars">`, left+width+20, height)
	for _, tick := range []float64{-span, -span / 2, 0, span / 2, span} {
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/><text class="tick" x="%.1f" y="14">%+.0f</text>`,
			x(tick), top-6, x(tick), height-4, x(tick), tick)
	}
	for i, r := range rated {
		y := top + i*rowH + rowH/2
		fmt.Fprintf(&b, `<g class="rating"><title>%s: %+.1f ± %.1f Elo</title>`, html.EscapeString(label(r)), r.Elo, r.EloMargin)
		fmt.Fprintf(&b, `<text class="bot" x="%d" y="%d">%s</text>`, left-8, y+5, html.EscapeString(label(r)))
		fmt.Fprintf(&b, `<line class="bar" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(r.Elo-r.EloMargin), y, x(r.Elo+r.EloMargin), y)
		for _, e := range []float64{r.Elo - r.EloMargin, r.Elo + r.EloMargin} {
			fmt.Fprintf(&b, `<line class="bar" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(e), y-6, x(e), y+6)
		}
		fmt.Fprintf(&b, `<circle class="elo" cx="%.1f" cy="%d" r="5"/></g>`, x(r.Elo), y)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// nameColumn returns the width of the chart's column of names, in its
// units (pixels at full size), for the longest name of rows to fit: the
// names are drawn at 13px, whose widest common glyphs (digits, lower-case
// letters, "_") take under 8.5px; a name of capitals may take more, which
// the browser test measures.
func nameColumn(rows []results.Row) int {
	longest := 0
	for _, r := range rows {
		longest = max(longest, utf8.RuneCountInString(label(r)))
	}
	const perRune, pad = 8.5, 16
	return max(60, int(math.Ceil(float64(longest)*perRune))+pad)
}
