package grades

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// The fixture testdata/class is a real run, not results written by hand:
// arena intake on the cavalo samples of bots/examples/lisp/entregas (each
// with the course's regras.lisp, as intaketest assembles them) at tempo 200
// with one round, and arena run of the league it wrote (56 games). Its
// results/ are the league's config.yaml and journal as written, and its
// move logs cut to the fields grades reads (the positions left out);
// intake/intake.json is that intake's report in the agreed schema.
const fixture = "testdata/class"

// classGrades reads the fixture's league and intake and computes the
// grades.
func classGrades(t *testing.T) (*arena.Results, *Intake, *Report) {
	t.Helper()
	l, err := arena.OpenResults(filepath.Join(fixture, "results"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := ReadIntake(filepath.Join(fixture, "intake"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	return l, in, rep
}

// TestCourseSamples grades the samples' championship: every submission
// has a row, eligible or not; the bonus is the course's rule; no two groups
// share a rank unless both are marked tied.
func TestCourseSamples(t *testing.T) {
	_, in, rep := classGrades(t)
	var entries []string
	for _, r := range rep.Rows {
		entries = append(entries, r.Entry)
	}
	// The fixture's intake.json lists every entry of the class folder of
	// its run (the samples of that day), eligible or not.
	for _, s := range in.Submissions {
		if !slices.Contains(entries, s.Entry) {
			t.Errorf("submission %s has no row", s.Entry)
		}
	}
	if len(rep.Rows) != len(in.Submissions) || len(in.Submissions) < 10 {
		t.Errorf("%d rows, %d submissions: want one row per submission of the class of 10", len(rep.Rows), len(in.Submissions))
	}
	// The league: p2 first alone, on the score difference; the other seven
	// level on every key, so tied 2nd, sharing places 2 to 8: (2 + 6·1)/7.
	want := map[string]float64{"bia_2201003_eva_2201004_P2": 3,
		"xavier_2201017_yara_2201018_P9": 0, "zeca_2201019_ines_2201020_P10": 0}
	for _, r := range rep.Rows {
		b, ok := want[r.Entry]
		if !ok {
			b = 1.14
		}
		if r.Bonus != b {
			t.Errorf("%s: bonus %v, want %v", r.Group, r.Bonus, b)
		}
		if r.Eligible != (r.Rank > 0) || r.Eligible != (r.Bot != "") {
			t.Errorf("%s: eligible %v, rank %d, bot %q: every eligible group played", r.Group, r.Eligible, r.Rank, r.Bot)
		}
		if !r.Eligible && r.Reason == "" {
			t.Errorf("%s: not eligible without a reason", r.Group)
		}
		if len(r.Students) != 2 || r.Students[0].Number == "" {
			t.Errorf("%s: students %v", r.Group, r.Students)
		}
		if r.Eligible && (r.Moves == 0 || r.MedianWallMS <= 0 || r.MedianWallMS > float64(rep.TempoMS)) {
			t.Errorf("%s: median think %v ms over %d moves, want within the tempo", r.Group, r.MedianWallMS, r.Moves)
		}
	}
	checkRanks(t, rep.Rows)
	if rep.Rows[0].Tiebreak != results.ByScoreDiff {
		t.Errorf("the winner's tie-break is %q, want %q", rep.Rows[0].Tiebreak, results.ByScoreDiff)
	}
}

// checkRanks fails when two ranked rows share a rank without both being
// marked tied, or when a row is marked tied and shares its rank with none.
func checkRanks(t *testing.T, rows []Row) {
	t.Helper()
	count := map[int]int{}
	for _, r := range rows {
		if r.Rank > 0 {
			count[r.Rank]++
		}
	}
	for _, r := range rows {
		if r.Rank > 0 && (count[r.Rank] > 1) != (r.Tiebreak == results.Tied) {
			t.Errorf("%s: rank %d shared by %d, tie-break %q", r.Group, r.Rank, count[r.Rank], r.Tiebreak)
		}
	}
}

// TestCSV parses the CSV grades back: the header names the columns a
// spreadsheet needs, one record a submission, and no cell would run as a
// formula, even for a group named like one.
func TestCSV(t *testing.T) {
	l, in, _ := classGrades(t)
	in.Submissions[0].Group = "=HYPERLINK(\"http://x\")"
	in.Submissions[1].Group = "-2+3"
	in.Submissions[9].Reason = "@SUM(A1)"
	in.Submissions[2].Group = "+1"
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1+len(in.Submissions) {
		t.Fatalf("%d records, want a header and %d rows", len(recs), len(in.Submissions))
	}
	for _, col := range []string{"group", "eligible", "rank", "points", "tiebreak", "bonus"} {
		if !slices.Contains(recs[0], col) {
			t.Errorf("header %v lacks %s", recs[0], col)
		}
	}
	for _, rec := range recs {
		for _, cell := range rec {
			if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
				t.Errorf("cell %q would run as a formula", cell)
			}
		}
	}
	group := slices.Index(recs[0], "group")
	if !slices.ContainsFunc(recs[1:], func(r []string) bool { return r[group] == "'=HYPERLINK(\"http://x\")" }) {
		t.Errorf("the group named like a formula is not kept as text: %v", recs)
	}
	rank := slices.Index(recs[0], "rank")
	eligible := slices.Index(recs[0], "eligible")
	for _, r := range recs[1:] {
		if (r[eligible] == "false") != (r[rank] == "") {
			t.Errorf("row %v: rank %q for eligible %s", r[group], r[rank], r[eligible])
		}
	}
}

// TestSimilarFlag checks that a flagged pair of intake.json shows in both
// groups' rows by the other's name, and an unflagged one in neither.
func TestSimilarFlag(t *testing.T) {
	l, in, _ := classGrades(t)
	a, b, c := in.Submissions[3], in.Submissions[4], in.Submissions[5]
	in.Submissions[3].Similar = []intake.Similar{{With: b.Entry, Score: 0.93, Flagged: true}, {With: c.Entry, Score: 0.2}}
	in.Submissions[4].Similar = []intake.Similar{{With: a.Entry, Score: 0.93, Flagged: true}}
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, r := range rep.Rows {
		if len(r.Similar) > 0 {
			got[r.Entry] = r.Similar
		}
	}
	want := map[string][]string{a.Entry: {b.Group}, b.Entry: {a.Group}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("similar %v, want %v", got, want)
	}
}

// TestNoIntake grades the league's bots alone: one row per bot, all
// eligible.
func TestNoIntake(t *testing.T) {
	l, _, _ := classGrades(t)
	rep, err := Compute(l, nil, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != len(l.Config.Bots) {
		t.Fatalf("%d rows for %d bots", len(rep.Rows), len(l.Config.Bots))
	}
	for _, r := range rep.Rows {
		if !r.Eligible || r.Rank == 0 || r.Bonus < 1 {
			t.Errorf("%+v", r)
		}
	}
	checkRanks(t, rep.Rows)

	// A built-in bot is no group; a display name is the group's.
	l.Config.Bots[0].Lisp, l.Config.Bots[0].Builtin = nil, "greedy"
	l.Config.Bots[1].Display = "P2 Bia / Eva"
	rep, err = Compute(l, nil, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != len(l.Config.Bots)-1 || slices.ContainsFunc(rep.Rows, func(r Row) bool { return r.Bot == l.Config.Bots[0].Name }) {
		t.Errorf("%d rows for %d bots, one built-in: want the built-in left out", len(rep.Rows), len(l.Config.Bots))
	}
	if !slices.ContainsFunc(rep.Rows, func(r Row) bool { return r.Group == "P2 Bia / Eva" && r.Bot == l.Config.Bots[1].Name }) {
		t.Errorf("no row shows %s by its display name", l.Config.Bots[1].Name)
	}
}

// TestAward checks the bonus rule on ranks worked out by hand.
func TestAward(t *testing.T) {
	course := league.DefaultGrading()
	best := course
	best.Ties = league.TiesBest
	tests := []struct {
		name  string
		rule  league.Grading
		ranks []int // 0: did not play; -1: not eligible; -2: ranked 1st, not eligible; -3: ranked 1st, admitted; -4: admitted, did not play
		want  []float64
	}{
		{"course", course, []int{1, 2, 3, 4}, []float64{3, 2, 1, 1}},
		{"two tied first share 3 and 2", course, []int{1, 1, 3, 4}, []float64{2.5, 2.5, 1, 1}},
		{"three tied second share 2, 1, 1", course, []int{1, 2, 2, 2}, []float64{3, 1.33, 1.33, 1.33}},
		{"ties best", best, []int{1, 1, 3, 0}, []float64{3, 3, 1, 1}},
		{"not eligible and not played", course, []int{-1, 2, 1, 0}, []float64{0, 2, 3, 1}},
		{"winner cancelled: the next is first", course, []int{-2, 2, 3}, []float64{0, 3, 2}},
		{"admitted on purpose: graded as eligible", course, []int{-3, 2, 3, -4}, []float64{3, 2, 1, 1}},
		{"places over the groups", league.Grading{Places: []float64{5, 4, 3, 2}, Participant: 1}, []int{1, 2}, []float64{5, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := make([]Row, len(tt.ranks))
			for i, r := range tt.ranks {
				rows[i] = Row{Group: fmt.Sprint(i), Eligible: r >= 0, Rank: max(r, 0)}
				switch r {
				case -2:
					rows[i].Rank = 1
				case -3:
					rows[i].Rank, rows[i].Admitted = 1, true
				case -4:
					rows[i].Admitted = true
				}
			}
			award(rows, tt.rule)
			var got []float64
			for _, r := range rows {
				got = append(got, r.Bonus)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("bonus %v, want %v", got, tt.want)
			}
		})
	}
}

// TestBands reads a reference gauntlet: a group is in the first band whose
// bot it beat often enough, and a band's bonus adds to its place's.
func TestBands(t *testing.T) {
	dir := t.TempDir()
	j, err := results.OpenJournal(filepath.Join(dir, results.JournalName))
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// a beats greedy 3 of 4 and random 4 of 4; b beats greedy 1 of 4 and
	// random 3 of 4; c beats neither.
	wins := map[[2]string]int{{"a", "greedy"}: 3, {"a", "random"}: 4, {"b", "greedy"}: 1, {"b", "random"}: 3}
	for _, bot := range []string{"a", "b", "c"} {
		for _, ref := range []string{"greedy", "random"} {
			for k := range 4 {
				g := results.Entry{ID: fmt.Sprintf("%02d-%s-%s", k+1, bot, ref), Round: k + 1, White: bot, Black: ref,
					Result: results.BlackWins, Reason: referee.Normal, Scores: [2]int{1, 2}, Start: t0, End: t0}
				if k < wins[[2]string{bot, ref}] {
					g.Result, g.Scores = results.WhiteWins, [2]int{2, 1}
				}
				if err := j.Append(g); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	rule := league.DefaultGrading()
	rule.Reference = dir
	rule.Bands = []league.Band{{Name: "A", Beats: "greedy", Share: 0.75, Bonus: 1}, {Name: "B", Beats: "random", Share: 0.6}}
	rows := []Row{{Group: "a", Bot: "a", Eligible: true, Rank: 2}, {Group: "b", Bot: "b", Eligible: true, Rank: 1}, {Group: "c", Bot: "c", Eligible: true, Rank: 3}}
	if err := bands(rows, rule); err != nil {
		t.Fatal(err)
	}
	award(rows, rule)
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s:%s:%v", r.Group, r.Band, r.Bonus))
	}
	if want := []string{"a:A:3", "b:B:3", "c::1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	rule.Bands = []league.Band{{Name: "X", Beats: "alphabeta", Share: 0.5}}
	if err := bands(rows, rule); err == nil || !strings.Contains(err.Error(), "alphabeta") {
		t.Errorf("a band against a bot the gauntlet lacks: %v", err)
	}
}

// TestJSON checks that the JSON grades read back as the report.
func TestJSON(t *testing.T) {
	_, _, rep := classGrades(t)
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatJSON); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back) != fmt.Sprint(*rep) {
		t.Errorf("JSON does not read back:\n%v\n%v", back, *rep)
	}
}

// TestProvisional: grades of a league with games still to play say how
// many; the finished fixture has none.
func TestProvisional(t *testing.T) {
	l, in, rep := classGrades(t)
	if rep.Unplayed != 0 {
		t.Errorf("the finished league has %d games to play", rep.Unplayed)
	}
	l.Games = l.Games[:len(l.Games)-3]
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	if rep.Unplayed != 3 || !strings.Contains(b.String(), "provisional: the league has 3 games still to play") {
		t.Errorf("%d unplayed; Markdown:\n%s", rep.Unplayed, b.String())
	}
}

// liveLink finds a Markdown link: a "](" whose ']' is not escaped.
var liveLink = regexp.MustCompile(`(^|[^\\])\]\(`)

// TestMarkdownInert: a group's name from intake.json is shown inert in
// the Markdown grades: no terminal escape, no | that ends a cell.
func TestMarkdownInert(t *testing.T) {
	l, in, _ := classGrades(t)
	in.Submissions[0].Group = "a|b\x1b[31mred"
	l.Config.Title = "course\n# injected"
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if strings.Contains(md, "\x1b") || !strings.Contains(md, `a\|b`) || strings.Contains(md, "\n# injected") {
		t.Errorf("Markdown not inert:\n%s", md)
	}
	// A name that Markdown would make a link, or HTML, in a row and in a
	// note (a group not eligible, named with its reason).
	for i, name := range []string{"[click](http://evil.example)", "<img src=x onerror=alert(1)>"} {
		in.Submissions[i].Group = name
		in.Submissions[i].Similar = []intake.Similar{{With: name, Score: 0.9, Flagged: true}}
	}
	in.Submissions[len(in.Submissions)-1].Eligible = false
	in.Submissions[len(in.Submissions)-1].Group = "[late](http://evil.example)"
	in.Submissions[len(in.Submissions)-1].Reason = "<b>late</b> [x](y)"
	if rep, err = Compute(l, in, results.Marks{}); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := rep.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	md = b.String()
	if liveLink.MatchString(md) || strings.ContainsAny(md, "<>") {
		t.Errorf("Markdown holds a live link or HTML:\n%s", md)
	}
}

// TestPlayoffDecidesRanks: the fixture's seven groups tied 2nd, in a
// league with tiebreak: playoff, have a playoff to play: the grades are
// provisional and the ranks shared. Once it is played, every group has a
// rank, and a bonus, of its own, and its points are the same.
func TestPlayoffDecidesRanks(t *testing.T) {
	l, in, tied := classGrades(t)
	l.Config.Tiebreak = tournament.TiebreakPlayoff
	l.Config.GamesPerTie, l.Config.TiebreakBoards = 1, new(int)
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Unplayed != 7*6/2*2 {
		t.Errorf("%d games to play, want the 42 of the playoff of seven", rep.Unplayed)
	}
	checkRanks(t, rep.Rows)
	// The playoff: in each game the bot listed first in bots wins.
	index := map[string]int{}
	for i, b := range l.Config.Bots {
		index[b.Name] = i
	}
	played := map[string]bool{}
	for _, g := range l.Games {
		played[g.ID] = true
	}
	for _, s := range tournament.Schedule(l.Config.League(), l.Games) {
		if played[s.ID] {
			continue
		}
		g := results.Entry{ID: s.ID, Round: s.Round, Seed: s.Seed, White: l.Config.Bots[s.White].Name, Black: l.Config.Bots[s.Black].Name, Result: results.BlackWins, Reason: referee.Normal}
		if s.White < s.Black {
			g.Result = results.WhiteWins
		}
		l.Games = append(l.Games, g)
	}
	rep, err = Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Unplayed != 0 {
		t.Errorf("%d games to play after the playoff", rep.Unplayed)
	}
	ranks := map[int]bool{}
	points := map[string]float64{}
	for _, r := range tied.Rows {
		points[r.Group] = r.Points
	}
	var bonuses []float64
	for _, r := range rep.Rows {
		if r.Rank == 0 {
			continue
		}
		if ranks[r.Rank] || r.Tiebreak == results.Tied || r.Points != points[r.Group] {
			t.Errorf("%s: rank %d, tiebreak %q, %v points (%v before): want a rank of its own, the same points", r.Group, r.Rank, r.Tiebreak, r.Points, points[r.Group])
		}
		ranks[r.Rank] = true
		bonuses = append(bonuses, r.Bonus)
	}
	if want := []float64{3, 2, 1, 1, 1, 1, 1, 1}; !slices.Equal(bonuses, want) {
		t.Errorf("bonuses %v, want %v", bonuses, want)
	}
}

// TestAdmitted grades a group admitted on purpose (arena intake --admit)
// as an eligible one: the winner keeps its place's bonus and its row says
// admitted and why; the same group not admitted gets nothing.
func TestAdmitted(t *testing.T) {
	l, in, rep := classGrades(t)
	first := rep.Rows[0]
	for i, s := range in.Submissions {
		if s.Entry == first.Entry {
			in.Submissions[i].Eligible, in.Submissions[i].Admitted, in.Submissions[i].Reason = false, true, "handed in late"
		}
	}
	admitted, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if r := admitted.Rows[0]; r.Entry != first.Entry || r.Bonus != first.Bonus || !r.Admitted {
		t.Errorf("admitted winner: %+v; want %s first, bonus %v, admitted", r, first.Entry, first.Bonus)
	}
	var b bytes.Buffer
	if err := admitted.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); !strings.Contains(md, "| admitted |") || !strings.Contains(md, first.Group+": admitted on purpose (--admit), not eligible: handed in late") {
		t.Errorf("Markdown does not say the group was admitted:\n%s", md)
	}
	for i, s := range in.Submissions {
		if s.Entry == first.Entry {
			in.Submissions[i].Admitted = false
		}
	}
	cancelled, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range cancelled.Rows {
		if r.Entry == first.Entry && r.Bonus != 0 {
			t.Errorf("a group neither eligible nor admitted gets %v, want 0", r.Bonus)
		}
	}
}

// TestTimesChargedFirst: the grades' time figures say their clock, the one
// the league charged first: a group charged 154 ms of CPU time a move that
// took 508 ms by the wall clock shows 154 first under clock: cpu, 508
// first under clock: wall.
func TestTimesChargedFirst(t *testing.T) {
	row := Row{Group: "g", Bot: "g", Eligible: true, Students: []Student{}, MedianCPUMS: 154, CPUMoves: 10, MedianWallMS: 508, Moves: 10}
	for _, tc := range []struct {
		clock, first, second, column string
		values                       [2]string
	}{
		{"cpu", "median_cpu_ms", "median_wall_ms", "think ms (cpu)", [2]string{"154", "508"}},
		{"wall", "median_wall_ms", "median_cpu_ms", "think ms (wall)", [2]string{"508", "154"}},
	} {
		t.Run(tc.clock, func(t *testing.T) {
			rep := &Report{Title: "t", TempoMS: 500, Clock: tc.clock, Rows: []Row{row}}
			var b bytes.Buffer
			if err := rep.Write(&b, "csv"); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			i := slices.Index(recs[0], tc.first)
			if i < 0 || recs[0][i+1] != tc.second || recs[1][i] != tc.values[0] || recs[1][i+1] != tc.values[1] {
				t.Errorf("header %v, row %v: want %s, %s = %v", recs[0], recs[1], tc.first, tc.second, tc.values)
			}
			b.Reset()
			if err := rep.Write(&b, "md"); err != nil {
				t.Fatal(err)
			}
			if md := b.String(); !strings.Contains(md, tc.column) || !strings.Contains(md, "(clock: "+tc.clock+")") {
				t.Errorf("Markdown grades without %q and the clock charged:\n%s", tc.column, md)
			}
		})
	}
}

// TestAnnul grades the fixture's class with the winner and one of the
// groups tied second annulled: both rows keep their games, have no place,
// no bonus and the reason; the six groups left tied share places 1 to 6.
func TestAnnul(t *testing.T) {
	l, in, _ := classGrades(t)
	marks := results.Marks{Annulled: []results.Annulment{{Bot: "p2", Reason: "copy of p3"}, {Bot: "p3", Reason: "copy of p3"}}}
	rep, err := Compute(l, in, marks)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rows {
		switch {
		case r.Bot == "p2" || r.Bot == "p3":
			if r.Annulled != "copy of p3" || r.Rank != 0 || r.Bonus != 0 || r.Games == 0 {
				t.Errorf("%s: annulled %q, rank %d, bonus %v, games %d; want the reason, no place, bonus 0, its games", r.Group, r.Annulled, r.Rank, r.Bonus, r.Games)
			}
		case r.Eligible:
			if r.Rank != 1 || r.Bonus != 1.5 || r.Annulled != "" {
				t.Errorf("%s: rank %d, bonus %v, annulled %q; want tied first, (3+2+4)/6 = 1.5", r.Group, r.Rank, r.Bonus, r.Annulled)
			}
		}
	}
	if last := rep.Rows[7]; last.Annulled == "" {
		t.Errorf("row 8 is %s, want an annulled group after the ranked ones", last.Group)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "annulled, bonus 0, its place to the groups below: copy of p3") {
		t.Errorf("the Markdown grades lack the decision:\n%s", b.String())
	}
}

// TestSharedStudents: two hand-ins that name one student are two rows,
// and the grades say the student is on both, naming them.
func TestSharedStudents(t *testing.T) {
	l, in, _ := classGrades(t)
	in.Submissions[1].Students = append(in.Submissions[1].Students, in.Submissions[0].Students[0])
	n := in.Submissions[0].Students[0].Number
	rep, err := Compute(l, in, results.Marks{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "student "+n+" is on 2 rows") ||
		!strings.Contains(rep.Warnings[0], in.Submissions[0].Group) || !strings.Contains(rep.Warnings[0], in.Submissions[1].Group) {
		t.Errorf("warnings %q, want student %s on the rows of %s and %s", rep.Warnings, n, in.Submissions[0].Group, in.Submissions[1].Group)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, results.FormatMarkdown); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "**warning**: student "+n) {
		t.Errorf("the Markdown grades do not say it:\n%s", b.String())
	}
}
