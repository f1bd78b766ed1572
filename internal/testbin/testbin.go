// Package testbin builds the test bot (bots/internal/testbot) for the tests
// of the bot host, of the conformance check and of leagues, so that each
// finds it the same way. It is for tests only.
package testbin

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Build builds the test bot into dir and returns the binary's path.
func Build(dir string) (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", errors.New("testbin: cannot locate bots/internal/testbot")
	}
	bin := filepath.Join(dir, "testbot")
	src := filepath.Join(filepath.Dir(file), "..", "..", "bots", "internal", "testbot")
	out, err := exec.Command("go", "build", "-o", bin, src).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building the test bot: %v\n%s", err, out)
	}
	return bin, nil
}
