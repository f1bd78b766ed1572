package lisp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// CompileDriver returns the path of the driver (driver.lisp and
// loader.lisp) compiled by sbcl, whose version (SBCLVersion) is version,
// into a file of dir, compiling it first when dir has none for this SBCL
// and this driver. A bot whose Config.Driver
// names that file loads it at its start instead of compiling the driver's
// source, which cost SBCL about 0.2 s of CPU time at every start from the
// files (a probe, a bot with image: false, an image's build). The file is
// named by a sha256 of SBCL's version and the driver's source, written
// read-only and renamed into place whole, so that processes compiling it
// at once never see half of it. The driver is arena's own code: it is
// compiled outside any sandbox.
func CompileDriver(ctx context.Context, sbcl, version, dir string) (string, error) {
	sum := sha256.Sum256([]byte(version + "\x00" + driverSource))
	path := filepath.Join(dir, "driver-"+hex.EncodeToString(sum[:16])+".fasl")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %w", err)
	}
	tmp, err := os.MkdirTemp(dir, "driver.build-")
	if err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %w", err)
	}
	defer os.RemoveAll(tmp)
	src, out := filepath.Join(tmp, "driver.lisp"), filepath.Join(tmp, "driver.fasl")
	if err := os.WriteFile(src, []byte(driverSource), 0o644); err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %w", err)
	}
	// failure-p: an error or a warning (not a style warning) compiling it.
	cmd := exec.CommandContext(ctx, sbcl, "--noinform", "--disable-ldb", "--end-runtime-options",
		"--no-sysinit", "--no-userinit", "--disable-debugger", "--non-interactive",
		"--eval", `(multiple-value-bind (fasl warnings failure) (compile-file "`+lispEscape(src)+`" :output-file "`+lispEscape(out)+`") (declare (ignore warnings)) (sb-ext:exit :code (if (and fasl (not failure)) 0 1)))`)
	cmd.Dir = tmp
	if text, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %v: %s", err, lastLine(string(text)))
	}
	if err := os.Chmod(out, 0o444); err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %w", err)
	}
	if err := os.Rename(out, path); err != nil {
		return "", fmt.Errorf("lisp: compiling the driver: %w", err)
	}
	return path, nil
}

// lastLine returns the last line of s that is not blank.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
