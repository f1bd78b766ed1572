package botkind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
)

func TestCheckPlatform(t *testing.T) {
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	elfBytes, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	other := append([]byte(nil), elfBytes[:64]...)
	other[18], other[19] = 0x02, 0x00 // e_machine: SPARC
	file := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	script := file("script", "#!/usr/bin/env python3\n")
	here := file("this-platform", string(elfBytes))
	macOS := file("macOS-binary", "\xcf\xfa\xed\xfe and the rest of it")
	sparc := file("other-architecture", string(other))
	for _, tc := range []struct {
		name string
		ref  Ref
		want string
	}{
		{"script", Ref{Path: script}, ""},
		{"this platform", Ref{Path: here}, ""},
		{"macOS binary", Ref{Path: macOS}, "not a Linux (ELF) executable"},
		{"other architecture", Ref{Path: sparc}, "built for EM_SPARC"},
		{"registered for another architecture", Ref{Registered: "mine", Path: sparc}, "built for EM_SPARC"},
		{"missing", Ref{Path: filepath.Join(dir, "none")}, "no such file"},
		{"builtin", Ref{Builtin: "greedy"}, ""},
		{"lisp", Ref{Lisp: &lisp.Config{Files: []string{macOS}}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.ref.CheckPlatform("x")
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}
