//go:build linux

package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/host/sandbox"
)

// TestCheckOpen: as root, a sandboxed bot's executable, a script's
// directory and its other files must be open to others; the error names
// the file and the chmod.
func TestCheckOpen(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("CheckOpen checks only as root, where a sandboxed bot runs as a uid of its own")
	}
	for _, tt := range []struct {
		name      string
		dir, file os.FileMode
		script    bool
		sandbox   sandbox.Mode
		want      string // in the error; "" for none
	}{
		{"binary", 0o755, 0o755, false, sandbox.Strict, ""},
		{"binary in a closed folder", 0o700, 0o755, false, sandbox.Strict, ""},
		{"closed binary", 0o755, 0o700, false, sandbox.Strict, "BOT is closed to other users (-rwx------), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+x BOT"},
		{"script", 0o755, 0o755, true, sandbox.Strict, ""},
		{"script in a closed folder", 0o700, 0o755, true, sandbox.Strict, "DIR is closed to other users (drwx------), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+rx DIR"},
		{"unreadable script", 0o755, 0o711, true, sandbox.Strict, "chmod o+rx BOT"},
		{"script in a closed folder, no sandbox", 0o700, 0o700, true, sandbox.Off, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "bot")
			if err := os.Mkdir(dir, tt.dir); err != nil {
				t.Fatal(err)
			}
			bot := filepath.Join(dir, "bot")
			data := "\x7fELF"
			if tt.script {
				data = "#!/bin/sh\n"
			}
			if err := os.WriteFile(bot, []byte(data), tt.file); err != nil {
				t.Fatal(err)
			}
			spec := ExecSpec("", bot, nil)
			spec.Sandbox = tt.sandbox
			err := spec.CheckOpen()
			want := strings.NewReplacer("BOT", bot, "DIR", dir).Replace(tt.want)
			if (err == nil) != (want == "") || err != nil && !strings.Contains(err.Error(), want) {
				t.Errorf("CheckOpen = %v, want %q", err, want)
			}
		})
	}
}
