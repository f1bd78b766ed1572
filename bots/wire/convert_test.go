package wire

import (
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/samples"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// sampleStates returns an initial state and the reference positions.
func sampleStates(tb testing.TB) map[string]referee.State {
	tb.Helper()
	out := map[string]referee.State{
		"initial":      cavalo.Game{}.New(3),
		"dots":         dots.Game{}.New(3),
		"dots opening": dots.Game{Rows: 3, Cols: 9, OpeningArcs: 12}.New(3),
	}
	for _, name := range samples.Names() {
		out[name] = samples.Load(tb, name)
	}
	return out
}

func TestStateRoundTrip(t *testing.T) {
	for name, st := range sampleStates(t) {
		t.Run(name, func(t *testing.T) {
			st.(interface{ SetPly(int) }).SetPly(17)
			e, err := toprotoState(st)
			if err != nil {
				t.Fatal(err)
			}
			back, err := fromprotoState(e, st.Game())
			if err != nil {
				t.Fatal(err)
			}
			if d := st.(interface{ Diff(referee.State) string }).Diff(back); d != "" {
				t.Errorf("round trip differs: %s", d)
			}
			if back.ToMove() != st.ToMove() || back.Ply() != 17 {
				t.Errorf("round trip: %v to move at ply %d, want %v at 17", back.ToMove(), back.Ply(), st.ToMove())
			}
		})
	}
}

func TestFromprotoStateErrors(t *testing.T) {
	good := func() *pb.Cavalo {
		e, err := toprotoState(cavalo.Game{}.New(1))
		if err != nil {
			t.Fatal(err)
		}
		return e.GetCavalo()
	}
	for _, tc := range []struct {
		name  string
		edit  func(c *pb.Cavalo) *pb.Estado
		wants string
	}{
		{"no game", func(*pb.Cavalo) *pb.Estado { return &pb.Estado{} }, "holds no game"},
		{"short", func(c *pb.Cavalo) *pb.Estado { c.Cells = c.Cells[:99]; return wrap(c) }, "99 cells"},
		{"no side", func(c *pb.Cavalo) *pb.Estado { c.ToMove = pb.Side_SIDE_UNSPECIFIED; return wrap(c) }, "side to move"},
		{"twice", func(c *pb.Cavalo) *pb.Estado { c.Cells[0] = c.Cells[1]; return wrap(c) }, "appears twice"},
		{"bad cell", func(c *pb.Cavalo) *pb.Estado { c.Cells[5] = -7; return wrap(c) }, "holds -7"},
		{"two white knights", func(c *pb.Cavalo) *pb.Estado { c.Cells[0], c.Cells[1] = cellWhite, cellWhite; return wrap(c) }, "two white knights"},
		{"negative score", func(c *pb.Cavalo) *pb.Estado { c.ScoreBlack = -1; return wrap(c) }, "score -1"},
		{"negative ply", func(c *pb.Cavalo) *pb.Estado { c.Ply = -1; return wrap(c) }, "ply -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fromprotoState(tc.edit(good()), cavalo.Game{})
			if err == nil || !strings.Contains(err.Error(), tc.wants) {
				t.Errorf("error %v, want one saying %q", err, tc.wants)
			}
		})
	}
}

func wrap(c *pb.Cavalo) *pb.Estado { return &pb.Estado{Jogo: &pb.Estado_Cavalo{Cavalo: c}} }

func TestFromprotoPosicaoErrors(t *testing.T) {
	empty, err := dots.Game{}.New(1).Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		p     *pb.Posicao
		wants string
	}{
		{"unknown game", &pb.Posicao{Game: "go", Json: empty}, `unknown game "go"`},
		{"bad json", &pb.Posicao{Game: "dots", Json: []byte("{")}, "dots state: position:"},
		{"other game's json", &pb.Posicao{Game: "cavalo", Json: empty}, "cavalo state: position:"},
		{"negative ply", &pb.Posicao{Game: "dots", Json: empty, Ply: -1}, "ply -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fromprotoState(&pb.Estado{Jogo: &pb.Estado_Posicao{Posicao: tc.p}}, dots.Game{})
			if err == nil || !strings.Contains(err.Error(), tc.wants) {
				t.Errorf("error %v, want one saying %q", err, tc.wants)
			}
		})
	}
}

func TestRequestAndAnswer(t *testing.T) {
	st := cavalo.Game{}.New(5)
	var buf [referee.MaxMoves]referee.Move
	req := referee.Request{State: st, Tempo: 1500 * time.Millisecond, Legal: st.Moves(buf[:0]), Forced: true}
	preq, err := ToprotoRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	if preq.GetGame() != "cavalo" || preq.GetTempoMs() != 1500 || !preq.GetForced() || len(preq.GetLegalMoves()) != 1 {
		t.Errorf("request %v: want cavalo, 1500ms, forced, one legal move", preq)
	}
	got, tempo, err := FromprotoRequest(preq)
	if err != nil || tempo != 1500*time.Millisecond || got.(*cavalo.Position).Diff(st) != "" {
		t.Fatalf("FromprotoRequest: %v, %v, %v", got, tempo, err)
	}
	for game, wants := range map[string]string{"dots": "board of cells, and dots reads none", "go": `unknown game "go"`} {
		preq.Game = game
		if _, _, err := FromprotoRequest(preq); err == nil || !strings.Contains(err.Error(), wants) {
			t.Errorf("a %s request with a cavalo state: error %v, want one saying %q", game, err, wants)
		}
	}

	m := req.Legal[0]
	after := st.Clone()
	after.Play(m)
	stats := referee.Stats{Nodes: 9, Cuts: 2, Depth: 3, Eval: -1.5, PV: []string{"A1", "B2"}}
	j, err := ToprotoReply(referee.Reply{Move: st.FormatMove(m), Claim: after, Stats: stats})
	if err != nil {
		t.Fatal(err)
	}
	reply, err := FromprotoReply(j, st.Game())
	if err != nil {
		t.Fatal(err)
	}
	if reply.Move != st.FormatMove(m) || reply.Claim == nil || after.(*cavalo.Position).Diff(reply.Claim) != "" {
		t.Errorf("reply %+v does not carry the move and state", reply)
	}
	if reply.Stats.Nodes != 9 || reply.Stats.Cuts != 2 || reply.Stats.Depth != 3 || reply.Stats.Eval != -1.5 || len(reply.Stats.PV) != 2 {
		t.Errorf("stats %+v, want %+v", reply.Stats, stats)
	}
}

func BenchmarkConvert(b *testing.B) {
	st := sampleStates(b)["s1_p9"]
	req := referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
	b.Run("request", func(b *testing.B) {
		for b.Loop() {
			if _, err := ToprotoRequest(req); err != nil {
				b.Fatal(err)
			}
		}
	})
	preq, _ := ToprotoRequest(req)
	b.Run("read-request", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := FromprotoRequest(preq); err != nil {
				b.Fatal(err)
			}
		}
	})
	e, _ := toprotoState(st)
	b.Run("claim", func(b *testing.B) {
		for b.Loop() {
			if _, err := fromprotoState(e, st.Game()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestWarmUp checks that WarmUp goes through every game: it must not be
// left with nothing to warm by a game whose first position it cannot
// send.
func TestWarmUp(t *testing.T) {
	WarmUp()
	for _, name := range games.Names() {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		st := g.New(1)
		if len(st.Moves(nil)) == 0 {
			t.Errorf("%s: the first position has no move to warm the reply with", name)
		}
		if _, err := ToprotoRequest(referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestClocksRoundTrip: a request's game clocks reach the bot's side as
// sent; a request without them (a fixed tempo, or an old arena) has none.
func TestClocksRoundTrip(t *testing.T) {
	st := cavalo.Game{}.New(3)
	for _, want := range []*referee.ClockState{
		nil,
		{Side: referee.White, Remaining: [2]time.Duration{1950 * time.Millisecond, 2 * time.Second}, Inc: 50 * time.Millisecond},
		{Side: referee.White, Remaining: [2]time.Duration{time.Millisecond, 0}, MovesToGo: 7},
	} {
		r, err := ToprotoRequest(referee.Request{State: st, Tempo: time.Second, Clocks: want})
		if err != nil {
			t.Fatal(err)
		}
		got := FromprotoClocks(roundTrip(r, &pb.JogarRequest{}), st.ToMove())
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("sent %+v, got %+v", want, got)
		}
	}
}
