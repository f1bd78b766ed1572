package league

import (
	"reflect"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
	"gopkg.in/yaml.v3"
)

const clockBots = "bots: [{name: a, builtin: greedy}, {name: b, builtin: random}]\n"

func TestTimeControlConfig(t *testing.T) {
	c, _, err := Parse("l.yaml", []byte("time_control: {base_ms: 2000, inc_ms: 50}\n"+clockBots))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.TimeControl; got == nil || *got != (TimeControl{BaseMS: 2000, IncMS: 50}) || c.TempoMS != 0 {
		t.Fatalf("time control %+v, tempo_ms %d", got, c.TempoMS)
	}
	if k := c.MatchClock(); k.Control == nil || k.Control.Base.Milliseconds() != 2000 || k.Control.Inc.Milliseconds() != 50 {
		t.Errorf("clock %+v", k)
	}
	// The resolved config, as a worker gets it, parses to the same hash.
	data, err := yaml.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Parse("again.yaml", data)
	if err != nil {
		t.Fatalf("the marshalled config does not parse: %v\n%s", err, data)
	}
	if again.Hash() != c.Hash() {
		t.Errorf("hash %s, then %s", c.Hash(), again.Hash())
	}
	plain, _, err := Parse("l.yaml", []byte(clockBots))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Hash() == c.Hash() {
		t.Error("a time control does not change the hash")
	}
	if plain.MatchClock().Control != nil || plain.TempoMS != DefaultTempoMS {
		t.Errorf("default: clock %+v, tempo_ms %d", plain.MatchClock(), plain.TempoMS)
	}
}

// TestDefaultHashUnchanged: a league without time_control, on the wall
// clock, hashes as before game clocks existed, and before the clock key
// (whose default, cpu, changes the hash: it changes verdicts).
func TestDefaultHashUnchanged(t *testing.T) {
	const before = "bb783fcddee73db2" // the hash of this league before time_control and clock
	for _, tc := range []struct {
		name, line string
		same       bool
	}{
		{"wall", "clock: wall\n", true},
		{"cpu", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _, err := Parse("l.yaml", []byte(tc.line+"seed: 3\n"+clockBots))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Hash(); (got == before) != tc.same {
				t.Errorf("hash %s, the same as %s before the key: %v, want %v", got, before, got == before, tc.same)
			}
		})
	}
}

func TestTimeControlErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"both", "tempo_ms: 100\ntime_control: {base_ms: 2000}\n", 2, "tempo_ms and time_control are both given: keep one"},
		{"no base", "time_control: {inc_ms: 5}\n", 1, "time_control: base_ms: want"},
		{"negative inc", "time_control:\n  base_ms: 10\n  inc_ms: -1\n", 3, "time_control: inc_ms: want"},
		{"negative moves", "time_control: {base_ms: 10, moves: -2}\n", 1, "time_control: moves: want"},
		{"misspelt", "time_control: {base: 10}\n", 1, `unknown key "base"`},
	} {
		t.Run(tc.name, func(t *testing.T) { wantConfigError(t, tc.yaml+clockBots, tc.line, tc.want) })
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want TimeControl
		err  bool
	}{
		{"2000+50", TimeControl{BaseMS: 2000, IncMS: 50}, false},
		{"1000", TimeControl{BaseMS: 1000}, false},
		{"40/60000+0", TimeControl{BaseMS: 60000, Moves: 40}, false},
		{"0+50", TimeControl{}, true},
		{"2000+-1", TimeControl{}, true},
		{"0/2000+5", TimeControl{}, true},
		{"2s+1", TimeControl{}, true},
		{"", TimeControl{}, true},
	} {
		got, err := ParseTimeControl(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("%q: got %+v, %v; want %+v, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"2000+50", "40/60000+0", "1", "+", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.BaseMS < 1 || tc.IncMS < 0 || tc.Moves < 0 {
			t.Fatalf("%q: parsed to %+v", s, tc)
		}
		again, err := ParseTimeControl(tc.String())
		if err != nil || again != tc {
			t.Fatalf("%q: %+v prints as %q, which reads %+v, %v", s, tc, tc.String(), again, err)
		}
	})
}

// TestNewClock: the one clock builder of leagues and commands.
func TestNewClock(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tempo   int
		control *TimeControl
		charge  string
		want    referee.Clock
	}{
		{"cpu", 100, nil, ClockCPU, referee.Clock{Tempo: 100 * time.Millisecond, Margin: 250 * time.Millisecond, CPU: true}},
		{"wall", 100, nil, ClockWall, referee.Clock{Tempo: 100 * time.Millisecond, Margin: 250 * time.Millisecond}},
		{"game clock", 0, &TimeControl{BaseMS: 2000, IncMS: 50}, ClockCPU, referee.Clock{Margin: 250 * time.Millisecond, Control: &referee.TimeControl{Base: 2 * time.Second, Inc: 50 * time.Millisecond}, CPU: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NewClock(tc.tempo, 250, tc.control, tc.charge); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("NewClock = %+v, want %+v", got, tc.want)
			}
		})
	}
}
