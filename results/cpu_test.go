package results

import (
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
)

// TestMoveLogKeepsBothTimes checks that a move's line keeps its CPU time
// beside its wall time, where it was measured, and that the replay prints
// both, each named by its clock, the one charged first; the standings'
// notes say which clock was charged.
func TestMoveLogKeepsBothTimes(t *testing.T) {
	cpu := 1234567 * time.Nanosecond
	for _, tc := range []struct {
		name    string
		cpu     *time.Duration
		want    string // in the ply's header
		absent  string
		charged bool
	}{
		{"measured", &cpu, "wall 9.500 ms  cpu 1.234 ms", "", false},
		{"charged", &cpu, "cpu 1.234 ms  wall 9.500 ms", "", true},
		{"not measured", nil, "wall 9.500 ms", "cpu", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mr := referee.MoveRecord{Ply: 1, Side: referee.White, Move: "A1", Elapsed: 9500 * time.Microsecond, CPU: tc.cpu, CPUCharged: tc.charged}
			l := LineOf("cavalo", mr, "a")
			if (l.CPUMS != nil) != (tc.cpu != nil) || l.CPUMS != nil && *l.CPUMS != 1.234 {
				t.Errorf("cpu_ms %v, want %v", l.CPUMS, tc.cpu)
			}
			header := string(appendPlyHeader(nil, l))
			if !strings.Contains(header, tc.want) || tc.absent != "" && strings.Contains(header, tc.absent) {
				t.Errorf("header %q: want %q in it, and no %q", header, tc.want, tc.absent)
			}
		})
	}
	for clock, want := range map[string]string{"cpu": "(clock: cpu)", "wall": "(clock: wall)", "": ""} {
		if got := clockNote(clock); !strings.Contains(got, want) || (want == "") != (got == "") {
			t.Errorf("clockNote(%q) = %q, want %q in it", clock, got, want)
		}
	}
}
