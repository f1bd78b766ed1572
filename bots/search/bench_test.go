package search

import (
	"context"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/samples"
)

// BenchmarkSearch searches each reference position (after the forced
// placements of the p0 positions) with a fixed node budget and reports the
// engine's speed in nodes per second, one core.
func BenchmarkSearch(b *testing.B) {
	const budget = 200_000
	for _, name := range samples.Names() {
		b.Run(name, func(b *testing.B) {
			pos := skipForced(loadCavalo(b, name))
			s := newCavalo(16)
			var nodes int64
			var elapsed time.Duration
			b.ResetTimer()
			for b.Loop() {
				r := s.Search(context.Background(), &pos, Limits{Nodes: budget})
				nodes += r.Nodes
				elapsed += r.Elapsed
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
		})
	}
}
