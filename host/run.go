//go:build linux

package host

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/host/sandbox"
)

// RunError is Run's error for a command that ran and failed: how it ended
// and the end of what it wrote.
type RunError struct {
	Name   string // the spec's name
	Exit   string // how it ended: "exited with status 2", "killed by signal SIGKILL"
	Output string // the end of its stdout and stderr
}

func (e *RunError) Error() string {
	out := strings.TrimSpace(e.Output)
	if out == "" {
		return e.Name + ": " + e.Exit
	}
	return e.Name + ": " + e.Exit + ": " + out
}

// LastLine returns the last line the command wrote, or how it ended when
// it wrote nothing.
func (e *RunError) LastLine() string {
	out := strings.TrimSpace(e.Output)
	if i := strings.LastIndexByte(out, '\n'); i >= 0 {
		out = out[i+1:]
	}
	if out == "" {
		return e.Exit
	}
	return out
}

// Run runs spec's command once to its end, as a bot is started (its box,
// limits, sandbox and view, Output included) but with no handshake: a
// command that does a piece of work for arena in the bot's sandbox and
// exits, such as building a Lisp bot's saved image. It returns the end of
// what the command wrote on stdout and stderr. A command that exits with
// a status other than 0, or is killed, is a *RunError; when ctx ends
// first the command's whole group is killed and ctx's error returned.
// Nothing of the command is left running.
func Run(ctx context.Context, spec Spec) (string, error) {
	spec.Limits = spec.Limits.withDefaults()
	if spec.Name == "" {
		spec.Name = filepath.Base(spec.Path)
	}
	path, err := executable(spec.Path)
	if err != nil {
		return "", err
	}
	if err := checkSum(path, spec.SHA256, spec.Name); err != nil {
		return "", err
	}
	box, err := sandbox.New(sandbox.Config{
		Path: path, Args: spec.Args, Launcher: spec.Launcher,
		MemoryMB: spec.Limits.MemoryMB, Processes: spec.Limits.Processes, ScratchMB: spec.Limits.ScratchMB,
		Ponder: true, Mode: spec.Sandbox, Files: spec.files(), Workspace: spec.Workspace, Output: spec.Output, NoCgroup: spec.noCgroup,
	})
	if err != nil {
		return "", err
	}
	defer box.Close()
	outR, outW, err := os.Pipe()
	if err != nil {
		return "", err
	}
	env := append(minimalEnv(box.Dir(), spec.Env), box.Marker())
	err = box.Start(env, outW, outW)
	outW.Close()
	if err != nil {
		outR.Close()
		return "", err
	}
	out := newOutput(0) // only its tail (tailSize): the end of what it wrote
	copied := make(chan struct{})
	go func() {
		io.Copy(out.stderr(), outR)
		outR.Close()
		close(copied)
	}()
	if err := box.Ready(); err != nil {
		box.Kill()
		box.Sweep(killWait)
		return "", err
	}
	exited := make(chan struct{})
	go func() {
		box.Wait()
		close(exited)
	}()
	var ctxErr error
	select {
	case <-exited:
	case <-ctx.Done():
		ctxErr = ctx.Err()
		box.Kill()
		<-exited
	}
	live := box.Sweep(killWait)
	select {
	case <-copied:
	case <-time.After(drainWait):
		outR.Close()
	}
	text := out.stderrTail()
	switch {
	case ctxErr != nil:
		return text, ctxErr
	case len(live) > 0:
		return text, fmt.Errorf("%s: processes %v survived SIGKILL", spec.Name, live)
	}
	if st := box.State(); st == nil || !st.Success() {
		return text, &RunError{Name: spec.Name, Exit: describeExit(st), Output: text}
	}
	return text, nil
}
