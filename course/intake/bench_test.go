package intake

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// BenchmarkIntake30 takes in a class of 30 submissions, the Cavalo
// samples of the conventions of jogar (the samples of project shapes
// aside, so that its numbers compare across versions) replicated, half of them zipped, at the course's
// tempo of 1000 ms, with as many probes at once as CPUs: the time of
// `arena intake` for a class.
func BenchmarkIntake30(b *testing.B) {
	examples, err := filepath.Abs(examples)
	if err != nil {
		b.Fatal(err)
	}
	var ready []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.Game == "cavalo" && s.Shape == "" {
			ready = append(ready, s)
		}
	}
	dir := b.TempDir()
	for i := range 30 {
		s := ready[i%len(ready)]
		if err := intaketest.AssembleAs(examples, dir, s, fmt.Sprintf("%s_%02d", s.Group, i), i%2 == 0); err != nil {
			b.Fatal(err)
		}
	}
	opt := testOptions(b, "cavalo", time.Second)
	b.ResetTimer()
	for range b.N {
		subs, err := List(b.Context(), []string{dir}, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		results := Run(context.Background(), subs, opt)
		eligible, calls := 0, 0
		for _, r := range results {
			calls += r.Findings.Calls
			if r.Eligible {
				eligible++
			}
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/class")
		b.ReportMetric(float64(eligible), "eligible")
		b.ReportMetric(float64(calls), "calls")
	}
}
