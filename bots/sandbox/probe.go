//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/sandbox/launch"
)

// probeTimeout bounds the start of the probe's sandboxed process.
const probeTimeout = 5 * time.Second

// Report is what the sandbox achieved, as the launcher found it: the
// record of a league's config.yaml.
type Report = launch.Report

// parseReport reads the launcher's report.
func parseReport(data []byte) (Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("sandbox probe: unreadable report %q: %w", strings.TrimSpace(string(data)), err)
	}
	return r, nil
}

// Probe starts the launcher once in the strict sandbox, as a bot
// would be, and returns what the sandbox achieved; its error says what the
// kernel (or the user arena runs as) lacks. A league calls it once before
// its first game.
func Probe(ctx context.Context, launcher []string) (Report, error) {
	if len(launcher) == 0 {
		return Report{}, errors.New("no launcher")
	}
	dir, err := os.MkdirTemp("", "arena-probe-")
	if err != nil {
		return Report{}, err
	}
	defer removeAll(dir)
	sb, err := newSandboxed(launcher, []string{launcher[0]}, dir)
	if err != nil {
		return Report{}, err
	}
	defer sb.id.release()
	opts := launch.Options{MemoryMB: -1, Processes: -1, Report: true}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	cmd, group, err := sb.command(ctx, launcher, opts, dir, launcher[0], nil)
	if err != nil {
		return Report{}, err
	}
	defer group.Close()
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	closeFiles(cmd)
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			lines := strings.Split(msg, "\n")
			err = errors.New(lines[len(lines)-1])
		}
		return Report{}, fmt.Errorf("starting a sandboxed process: %w", err)
	}
	return parseReport(stdout.Bytes())
}
