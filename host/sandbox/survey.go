//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/host/sandbox/launch"
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

// Survey starts the launcher once in the strict sandbox, as a bot
// would be, with a scratch tmpfs of scratchMB MiB (0: none), and returns
// what the sandbox achieved, with the bots' resources (see Resources); its
// error says what the kernel (or the user arena runs as) lacks. A league
// calls it once before its first game.
func Survey(ctx context.Context, launcher []string, scratchMB int) (Report, error) {
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
	res := Resources(Report{}, scratchMB)
	sb.keepGroup = !strings.HasPrefix(res.Freezer, "cgroup")
	opts := launch.Options{MemoryMB: -1, Processes: -1, ScratchMB: scratchMB, Report: true}
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
	r, err := parseReport(stdout.Bytes())
	r.Freezer, r.Memory, r.FileSizeMB, r.CPUClock = res.Freezer, res.Memory, res.FileSizeMB, res.CPUClock
	return r, err
}

// Resources returns r with what the bots' cgroups here give (Report.Freezer,
// Memory and CPUClock: arena makes a cgroup set as for a bot, and removes it) and
// their file size limit for a scratch of scratchMB MiB. With the sandbox
// off, the scratch is a host directory: the file size limit is its only
// bound. It is safe for concurrent use: each call's cgroups have a name of
// their own.
func Resources(r Report, scratchMB int) Report {
	if me, err := self(); err == nil {
		cg := newCgroup(ownerPrefix(me)+"probe-"+strconv.FormatUint(rand.Uint64(), 36), 1, 1, false)
		r.Freezer, r.Memory = cg.describe()
		r.CPUClock = cg.describeCPU()
		_ = cg.remove(drainWait)
	}
	if scratchMB > 0 {
		r.FileSizeMB = 2 * scratchMB
	}
	return r
}
