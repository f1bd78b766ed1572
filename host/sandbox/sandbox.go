//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
	"github.com/arenabots/arena/host/sandbox/launch"
)

// readOnlyPaths returns the bot's own files as the view binds them: clean,
// absolute, sorted, without those that the system directories or another
// of them (a directory) hold already.
func readOnlyPaths(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("sandbox: the bot's file %q is not an absolute path", p)
		}
		p = filepath.Clean(p)
		if underAny(p, launch.SystemDirs) || p == "/" {
			continue
		}
		out = append(out, p)
	}
	slices.Sort(out)
	var bound []string
	for _, p := range out {
		if !underAny(p, bound) {
			bound = append(bound, p)
		}
	}
	return bound, nil
}

// underAny reports whether p is one of dirs or beneath one.
func underAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// sandboxed is what a Box needs of a sandboxed bot.
type sandboxed struct {
	id        identity
	readOnly  []string // the bot's own files, for the view
	workspace string   // one of them, seen through a copy-on-write layer
	output    string   // the one host file it may write, or ""
	keepGroup bool     // refuse setsid and setpgid: no freezer holds the bot
	leaveTo   string   // where the launcher's first stage leaves the freezer for, or ""
}

// newSandboxed prepares the sandbox of a bot started through launcher, whose
// own files (its executable first) are files and scratch directory dir: a
// uid, and dir handed over to it.
func newSandboxed(launcher, files []string, dir string) (*sandboxed, error) {
	if len(launcher) == 0 {
		return nil, errors.New("sandbox: the bot has no launcher to build it (set \"sandbox: off\" to run without)")
	}
	ro, err := readOnlyPaths(files)
	if err != nil {
		return nil, err
	}
	id, err := newIdentity()
	if err != nil {
		return nil, err
	}
	if err := id.own(dir); err != nil {
		id.release()
		return nil, err
	}
	return &sandboxed{id: id, readOnly: ro}, nil
}

// command returns the sandboxed launcher, bound to ctx, that runs the bot
// path with args: the command launcher (arena's binary and its arguments)
// with opts and the sandbox, started from its descriptor (launch.SelfFD),
// which its second stage, as the bot's uid, starts from in turn. As root,
// each of the bot's own files goes as a read-only detached copy of its
// mount tree (see detach), which the launcher attaches in its view;
// otherwise the bot's uid is arena's, and the launcher binds them by path.
// The launcher writes the bot's process group id on the returned file. The
// caller closes the command's ExtraFiles once it started.
func (sb *sandboxed) command(ctx context.Context, launcher []string, opts launch.Options, scratch, path string, args []string) (*exec.Cmd, *os.File, error) {
	cmd := exec.CommandContext(ctx, "/proc/self/fd/"+strconv.Itoa(launch.SelfFD))
	group, groupW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	cmd.ExtraFiles = []*os.File{groupW} // launch.GroupFD
	fail := func(err error) (*exec.Cmd, *os.File, error) {
		closeFiles(cmd)
		group.Close()
		return nil, nil, err
	}
	// Not watched by Go's poller: only the launcher reads it.
	self, err := sysfile.Open(launcher[0], os.O_RDONLY)
	if err != nil {
		return fail(fmt.Errorf("sandbox: opening the launcher: %w", err))
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, self) // launch.SelfFD
	fi, err := self.Stat()
	switch {
	case err != nil:
		return fail(fmt.Errorf("sandbox: the launcher: %w", err))
	case !sb.id.self && fi.Mode().Perm()&0o001 == 0:
		return fail(fmt.Errorf("sandbox: %s is not executable by others, and the bots' uids run it (chmod o+x %s), or set \"sandbox: off\"", launcher[0], launcher[0]))
	}
	opts.Sandbox = &launch.Sandbox{UID: sb.id.uid, GID: sb.id.gid, Shared: sb.id.self, UIDMode: sb.id.uidMode(), Scratch: scratch, KeepGroup: sb.keepGroup, LeaveTo: sb.leaveTo}
	if sb.workspace != "" {
		opts.Sandbox.Workspace = filepath.Clean(sb.workspace)
	}
	if sb.output != "" {
		own, f, err := sb.outputFile()
		if err != nil {
			return fail(err)
		}
		if f != nil {
			own.FD = launch.GroupFD + len(cmd.ExtraFiles)
			cmd.ExtraFiles = append(cmd.ExtraFiles, f)
		}
		opts.Sandbox.Output = own
	}
	for _, p := range sb.readOnly {
		own := launch.OwnFile{Path: p, FD: -1}
		if !sb.id.self {
			f, err := detach(p, true)
			if err != nil {
				return fail(err)
			}
			own.FD = launch.GroupFD + len(cmd.ExtraFiles)
			cmd.ExtraFiles = append(cmd.ExtraFiles, f)
		}
		opts.Sandbox.ReadOnly = append(opts.Sandbox.ReadOnly, own)
	}
	// argv[0] stays arena's path, for ps and the bot's messages.
	cmd.Args = append(slices.Clone(launcher), opts.Args(path, args)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	return cmd, group, nil
}

// outputFile prepares the bot's output file: a regular file, which the
// bot's uid owns (as root, a writable detached copy of its mount, whose
// descriptor is returned; otherwise bound by its path).
func (sb *sandboxed) outputFile() (launch.OwnFile, *os.File, error) {
	own := launch.OwnFile{Path: filepath.Clean(sb.output), FD: -1}
	fi, err := os.Lstat(own.Path)
	if err != nil {
		return own, nil, fmt.Errorf("sandbox: the bot's output file: %w", err)
	}
	if !fi.Mode().IsRegular() || !filepath.IsAbs(own.Path) {
		return own, nil, fmt.Errorf("sandbox: the bot's output file %s is not a regular file at an absolute path", own.Path)
	}
	if sb.id.self {
		return own, nil, nil
	}
	if err := os.Lchown(own.Path, sb.id.uid, sb.id.gid); err != nil {
		return own, nil, fmt.Errorf("sandbox: the bot's output file: %w", err)
	}
	f, err := detach(own.Path, false)
	return own, f, err
}

// closeFiles closes the host's copies of the descriptors handed to cmd,
// once it started (or failed to).
func closeFiles(cmd *exec.Cmd) {
	for _, f := range cmd.ExtraFiles {
		_ = f.Close()
	}
}

// detach returns a copy of the mount tree at path (a file or a
// directory), read-only when ro, detached from every mount namespace
// (open_tree(2)), which a launcher may attach in its view without any
// right on path's directories.
func detach(path string, ro bool) (*os.File, error) {
	fd, err := unix.OpenTree(unix.AT_FDCWD, path, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
	if err != nil {
		return nil, fmt.Errorf("sandbox: open_tree %s: %w", path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_NOSUID | unix.MOUNT_ATTR_NODEV | unix.MOUNT_ATTR_NOEXEC}
	if ro {
		attr = unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
	}
	if err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, &attr); err != nil {
		f.Close()
		return nil, fmt.Errorf("sandbox: the mount attributes of %s: %w", path, err)
	}
	return f, nil
}
