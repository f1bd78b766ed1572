package lispimage

import (
	"slices"
	"testing"

	"github.com/arenabots/arena/host"
)

// TestBuildSpec checks the spec of an image's build (issue 50, row 4):
// whatever the league's scratch, the build's RLIMIT_FSIZE (twice its
// scratch) is MaxBytes, so an image is bounded as it is written, not
// after 1 GB reached the cache's folder under scratch_mb: 512.
func TestBuildSpec(t *testing.T) {
	if 2*buildScratchMB<<20 != MaxBytes {
		t.Fatalf("a build's RLIMIT_FSIZE is %d MiB, want MaxBytes, %d MiB", 2*buildScratchMB, MaxBytes>>20)
	}
	for _, tc := range []struct{ scratch, want int }{
		{0, buildScratchMB}, {64, buildScratchMB}, {512, buildScratchMB}, {-1, -1},
	} {
		s := host.Spec{Args: []string{"bot", "serve", "lisp"}, Limits: host.Limits{ScratchMB: tc.scratch}}
		b := buildSpec(s, "/cache/x.build-1/image.core")
		if b.Limits.ScratchMB != tc.want || b.Output != "/cache/x.build-1/image.core" ||
			!slices.Equal(b.Args, []string{"bot", "serve", "lisp", "build=/cache/x.build-1/image.core"}) || len(s.Args) != 3 {
			t.Errorf("scratch_mb %d: build spec scratch %d, output %q, args %q; want scratch %d", tc.scratch, b.Limits.ScratchMB, b.Output, b.Args, tc.want)
		}
	}
}
