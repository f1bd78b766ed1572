//go:build linux

package host

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunOutput runs a script in its sandbox with Run: it fills its one
// output file, and its write beside that file does not reach the host; a script that fails
// (of the host) is a *RunError whose last line is the script's.
func TestRunOutput(t *testing.T) {
	dir := t.TempDir()
	outDir := t.TempDir()
	out := filepath.Join(outDir, "image.core")
	if err := os.WriteFile(out, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "build.sh")
	body := "#!/bin/sh\necho image > " + out + " && echo wrote\n" +
		"echo other > " + filepath.Join(outDir, "beside") + " 2>/dev/null && echo 'wrote beside'\n" +
		"[ \"$1\" = fail ] && { echo 'it cannot be saved'; exit 3; }\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	spec := testSpec("run")
	spec.Name, spec.Path, spec.Args, spec.Files, spec.Output = "build", script, nil, []string{dir}, out
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	text, err := Run(ctx, spec)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "image\n" {
		t.Errorf("the output file holds %q, want %q", got, "image\n")
	}
	if !strings.Contains(text, "wrote") {
		t.Errorf("output %q: want the output file written", text)
	}
	// (Under /tmp, where the test's folders are, a write beside it lands
	// in the bot's scratch: never in the host's folder.)
	if _, err := os.Stat(filepath.Join(outDir, "beside")); err == nil {
		t.Errorf("the script wrote beside its output file")
	}

	spec.Args = []string{"fail"}
	_, err = Run(ctx, spec)
	var re *RunError
	if !errors.As(err, &re) || re.LastLine() != "it cannot be saved" || !strings.Contains(re.Exit, "status 3") {
		t.Errorf("Run of a failing script: %v, want a RunError ending %q, status 3", err, "it cannot be saved")
	}
}
