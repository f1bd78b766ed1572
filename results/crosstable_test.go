package results

import (
	"bytes"
	"testing"
)

func TestCrosstable(t *testing.T) {
	order := []string{"gamma", "alpha", "delta", "beta"}
	ct := NewCrosstable(sampleGames(), append(order, "idle"), DefaultScoring())
	// Worked by hand from sampleGames: row against column.
	want := map[[2]string]Cell{
		{"gamma", "alpha"}: {Games: 1, Draws: 1, Points: 0.5},
		{"gamma", "delta"}: {Games: 2, Wins: 1, Draws: 1, Points: 1.5},
		{"gamma", "beta"}:  {Games: 2, Wins: 1, Draws: 1, Points: 1.5},
		{"alpha", "gamma"}: {Games: 1, Draws: 1, Points: 0.5},
		{"alpha", "delta"}: {Games: 1, Losses: 1},
		{"alpha", "beta"}:  {Games: 2, Wins: 2, Points: 2},
		{"delta", "gamma"}: {Games: 2, Draws: 1, Losses: 1, Points: 0.5},
		{"delta", "alpha"}: {Games: 1, Wins: 1, Points: 1},
		{"delta", "beta"}:  {Games: 1, Losses: 1}, // double forfeit
		{"beta", "gamma"}:  {Games: 2, Draws: 1, Losses: 1, Points: 0.5},
		{"beta", "alpha"}:  {Games: 2, Losses: 2},
		{"beta", "delta"}:  {Games: 1, Losses: 1},
	}
	for i, a := range ct.Bots {
		for j, b := range ct.Bots {
			if got := ct.Cells[i][j]; got != want[[2]string{a, b}] {
				t.Errorf("%s vs %s = %+v, want %+v", a, b, got, want[[2]string{a, b}])
			}
		}
	}
	// Totals agree with the standings.
	s := Compute(sampleGames(), nil, DefaultScoring())
	for i, r := range s.Rows {
		tot := ct.total(i)
		if ct.Bots[i] != r.Bot || tot.Points != r.Points || tot.Games != r.Games || tot.Wins != r.Wins {
			t.Errorf("%s: total %+v, standings %+v", ct.Bots[i], tot, r)
		}
	}
	for _, f := range Formats() {
		t.Run(f, func(t *testing.T) {
			var b bytes.Buffer
			if err := ct.Write(&b, f); err != nil {
				t.Fatal(err)
			}
			golden(t, "crosstable."+f, b.Bytes())
		})
	}
}

func TestCrosstableMarkdownEscape(t *testing.T) {
	ct := NewCrosstable([]Entry{game("01-a|b-c", "a|b", "c", WhiteWins, 1, "", 1, 0)}, nil, DefaultScoring())
	var b bytes.Buffer
	if err := ct.Write(&b, FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`a\|b`)) {
		t.Errorf("| not escaped:\n%s", b.Bytes())
	}
}
