package results

import (
	"testing"
)

// TestStandingsMark checks that annulled bots lose their places, which go
// to the bots below, shared ranks kept.
func TestStandingsMark(t *testing.T) {
	for _, c := range []struct {
		name     string
		ranks    []int // of bots a, b, c, d, e in order
		annulled []string
		want     string // bot:rank in the new order
	}{
		{"none", []int{1, 2, 3, 4, 5}, nil, "a:1 b:2 c:3 d:4 e:5"},
		{"the winner", []int{1, 2, 3, 4, 5}, []string{"a"}, "b:1 c:2 d:3 e:4 a:0"},
		{"a pair", []int{1, 2, 3, 4, 5}, []string{"a", "c"}, "b:1 d:2 e:3 a:0 c:0"},
		{"a shared rank", []int{1, 2, 2, 4, 5}, []string{"a"}, "b:1 c:1 d:3 e:4 a:0"},
		{"below all", []int{1, 2, 3, 4, 5}, []string{"e"}, "a:1 b:2 c:3 d:4 e:0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var st Standings
			for i, r := range c.ranks {
				st.Rows = append(st.Rows, Row{Bot: string(rune('a' + i)), Rank: r})
			}
			var m Marks
			for _, b := range c.annulled {
				m.Annulled = append(m.Annulled, Annulment{Bot: b, Reason: "copy"})
			}
			st.Mark(m)
			got := ""
			for i, r := range st.Rows {
				if i > 0 {
					got += " "
				}
				got += r.Bot + ":" + string(rune('0'+r.Rank))
				if (r.Annulled != "") != (r.Rank == 0) {
					t.Errorf("%s: rank %d, annulled %q", r.Bot, r.Rank, r.Annulled)
				}
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestMarksFile checks that marks written are read back, and that a
// directory without them has none.
func TestMarksFile(t *testing.T) {
	dir := t.TempDir()
	if m, err := ReadMarks(dir); err != nil || len(m.Similar)+len(m.Annulled) != 0 {
		t.Fatalf("ReadMarks of no file = %v, %v; want none", m, err)
	}
	want := Marks{Similar: [][2]string{{"p34", "p60"}}, Annulled: []Annulment{{"p34", "plagiarism"}, {"p60", "plagiarism"}}}
	if err := WriteMarks(dir, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadMarks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if why, ok := got.AnnulledReason("p60"); !ok || why != "plagiarism" {
		t.Errorf("AnnulledReason(p60) = %q, %v", why, ok)
	}
	if s := got.SimilarTo("p60"); len(s) != 1 || s[0] != "p34" {
		t.Errorf("SimilarTo(p60) = %q, want [p34]", s)
	}
}
