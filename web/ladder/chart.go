package webladder

import (
	"fmt"
	"math"
	"strings"

	"github.com/arenabots/arena/course/ladder"
)

// historyChart draws a group's rating after each of its games as SVG, in
// the style of the league page's chart (web.RatingChart): the rating as a
// line, its 95% interval as a band around it, each version's span of
// games shaded and named at its top. It returns "" before any game.
func historyChart(points []ladder.RatingPoint) string {
	if len(points) == 0 {
		return ""
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		lo, hi = min(lo, p.Rating-p.Margin), max(hi, p.Rating+p.Margin)
	}
	lo, hi = math.Floor(lo/100)*100, math.Ceil(hi/100)*100
	if hi-lo < 200 {
		mid := math.Round((lo + hi) / 200 * 100)
		lo, hi = mid-100, mid+100
	}
	const (
		width, height, left, top, bottom = 600, 220, 48, 22, 24
	)
	plotH := float64(height - top - bottom)
	x := func(i int) float64 {
		if len(points) == 1 {
			return left + width/2
		}
		return left + float64(i)*width/float64(len(points)-1)
	}
	y := func(elo float64) float64 { return top + (hi-elo)/(hi-lo)*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="chart history" width="%[1]d" height="%[2]d" viewBox="0 0 %[1]d %[2]d" role="img" aria-label="rating after each game, with its 95%% interval">`,
		left+width+12, height)
	// Each version's span: from its first game to its last.
	for start := 0; start < len(points); {
		end := start
		for end+1 < len(points) && points[end+1].Version == points[start].Version {
			end++
		}
		x0, x1 := x(start), x(end)
		if start > 0 {
			x0 = (x(start-1) + x(start)) / 2
		}
		if end < len(points)-1 {
			x1 = (x(end) + x(end+1)) / 2
		}
		fmt.Fprintf(&b, `<rect class="span v%d" data-version="%d" x="%.1f" y="%d" width="%.1f" height="%.0f"/><text class="tick" x="%.1f" y="14">v%d</text>`,
			points[start].Version%2, points[start].Version, x0, top, max(x1-x0, 2), plotH, (x0+x1)/2, points[start].Version)
		start = end + 1
	}
	for _, tick := range []float64{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/><text class="tick" x="%d" y="%.1f">%+.0f</text>`,
			left, y(tick), left+width, y(tick), left/2, y(tick)+4, tick)
	}
	var band, line []string
	for i, p := range points {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(p.Rating+p.Margin)))
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(i), y(p.Rating)))
	}
	for i := len(points) - 1; i >= 0; i-- {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(points[i].Rating-points[i].Margin)))
	}
	fmt.Fprintf(&b, `<polygon class="band" points="%s"/>`, strings.Join(band, " "))
	fmt.Fprintf(&b, `<polyline class="line" points="%s"/>`, strings.Join(line, " "))
	last := points[len(points)-1]
	fmt.Fprintf(&b, `<circle class="elo" cx="%.1f" cy="%.1f" r="4"><title>%+.1f ± %.1f Elo</title></circle>`, x(len(points)-1), y(last.Rating), last.Rating, last.Margin)
	b.WriteString(`</svg>`)
	return b.String()
}
