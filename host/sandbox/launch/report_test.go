//go:build linux

package launch

import (
	"strings"
	"testing"
)

// TestUnenforced checks what a report says the bots' limits lack.
func TestUnenforced(t *testing.T) {
	cgroups := Report{Mode: "strict", Freezer: "cgroup v2 cgroup.freeze", Memory: "cgroup v2 memory.max, no swap", FileSizeMB: 128}
	tests := []struct {
		name string
		r    Report
		want []string // a word of each line, in order
	}{
		{"cgroups", cgroups, nil},
		{"none", Report{Mode: "strict", Freezer: "none: …", Memory: "none: …", FileSizeMB: 128}, []string{"memory cgroup", "refuses setsid"}},
		{"off without freezer", Report{Mode: "off", Freezer: "none: …", Memory: cgroups.Memory, FileSizeMB: 128}, []string{"leaves it runs on", "128 MiB"}},
		{"no report of resources", Report{Mode: "strict"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.r.Unenforced()
			if len(got) != len(tt.want) {
				t.Fatalf("Unenforced() = %q, want %d lines", got, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("line %d %q does not say %q", i, got[i], w)
				}
			}
		})
	}
}
