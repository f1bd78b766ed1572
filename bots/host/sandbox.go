package host

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/bots/host/launch"
)

// The sandbox. With Sandbox strict (the default) every bot process starts in
// its own user, mount, PID, network, IPC and UTS namespaces, which the
// launcher (package launch) asks of clone(2) for its second stage; that
// stage then builds the bot's view of the file system and confines the
// thread that execs the bot before the bot's first instruction:
//
//   - its uid and gid are 0 in its own user namespace, mapped to an
//     unprivileged host uid: one of its own for every bot when arena runs
//     as root (the supplementary groups dropped), arena's own uid through
//     the user namespace otherwise; it keeps no capability;
//   - it sees the system directories read-only, /etc without its secrets,
//     its own files read-only at their host paths (handed over by the
//     host, see command: no directory above them need be open to it),
//     its scratch directory (the host's Process directory) as /tmp, a
//     minimal /dev and the /proc of its own PID namespace; nothing else of
//     the host;
//   - its network namespace holds only its own loopback;
//   - no_new_privs, Landlock where the kernel has it (no writes outside
//     /tmp, no TCP, no signal or abstract socket outside its domain) and a
//     seccomp deny-list of what a bot never needs.
//
// It is the bot itself that becomes PID 1 of its namespace: when it ends,
// the kernel kills whatever it left there.

// Sandbox says how a bot is isolated from the host: SandboxStrict or
// SandboxOff. The zero value is strict.
type Sandbox string

// The sandbox modes.
const (
	SandboxStrict Sandbox = "strict" // own namespaces, view, uid; no capability, Landlock, seccomp
	SandboxOff    Sandbox = "off"    // the limits and containment only
)

// ParseSandbox reads a sandbox mode: "strict" or "off".
func ParseSandbox(s string) (Sandbox, error) {
	switch m := Sandbox(s); m {
	case SandboxStrict, SandboxOff:
		return m, nil
	}
	return "", fmt.Errorf("sandbox %q: want strict or off", s)
}

// strict reports whether s is strict (the zero value is).
func (s Sandbox) strict() bool { return s != SandboxOff }

// uidBase and uidSpan are the host uids given to bots when arena runs as
// root: far above the uids of people and system services.
const (
	uidBase = 1 << 30
	uidSpan = 1 << 29
)

// uids hands out the host uids of the bots of this arena process, so that
// two concurrent bots never share one. Across arena processes the random
// pick in a span of 2^29 makes a collision unlikely.
var uids = struct {
	sync.Mutex
	used map[int]bool
}{used: map[int]bool{}}

// identity is the host uid and gid a sandboxed bot runs as, mapped to 0 in
// its user namespace.
type identity struct {
	uid, gid int
	self     bool // arena's own uid (not root): nothing to hand over or give back
}

// newIdentity returns a fresh unprivileged uid for a bot when arena runs as
// root, arena's own uid and gid otherwise.
func newIdentity() (identity, error) {
	if os.Geteuid() != 0 {
		return identity{uid: os.Geteuid(), gid: os.Getegid(), self: true}, nil
	}
	uids.Lock()
	defer uids.Unlock()
	for range 100 {
		var b [4]byte
		if _, err := rand.Read(b[:]); err != nil {
			return identity{}, err
		}
		uid := uidBase + int(binary.LittleEndian.Uint32(b[:])%uidSpan)
		if !uids.used[uid] {
			uids.used[uid] = true
			return identity{uid: uid, gid: uid}, nil
		}
	}
	return identity{}, errors.New("no free uid for the bot")
}

// own hands dir and what it holds over to the bot's uid.
func (id identity) own(dir string) error {
	if id.self {
		return nil
	}
	err := filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, id.uid, id.gid)
	})
	if err != nil {
		return fmt.Errorf("sandbox: handing the scratch directory to uid %d: %w", id.uid, err)
	}
	return nil
}

// release gives the uid back.
func (id identity) release() {
	if id.self {
		return
	}
	uids.Lock()
	delete(uids.used, id.uid)
	uids.Unlock()
}

// uidMode says, for the record, how the bot's uid was chosen.
func (id identity) uidMode() string {
	if id.self {
		return "arena's own uid, mapped to 0 in the bot's user namespace"
	}
	return "a distinct unprivileged uid per bot, mapped to 0 in its user namespace"
}

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

// SandboxReport is what the sandbox achieved, as the launcher found it: the
// record of a league's config.yaml.
type SandboxReport = launch.Report

// parseReport reads the launcher's report.
func parseReport(data []byte) (SandboxReport, error) {
	var r SandboxReport
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("sandbox probe: unreadable report %q: %w", strings.TrimSpace(string(data)), err)
	}
	return r, nil
}

// sandboxed is what the runner needs of a sandboxed bot.
type sandboxed struct {
	id       identity
	readOnly []string // the bot's own files, for the view
}

// newSandboxed prepares the sandbox of a bot started from spec, whose
// executable is path and scratch directory dir: a uid, and dir handed over
// to it.
func newSandboxed(spec Spec, path, dir string) (*sandboxed, error) {
	if len(spec.Launcher) == 0 {
		return nil, errors.New("sandbox: the bot has no launcher to build it (set \"sandbox: off\" to run without)")
	}
	ro, err := readOnlyPaths(append([]string{path}, spec.Files...))
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
	self, err := os.Open(launcher[0])
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
	opts.Sandbox = &launch.Sandbox{UID: sb.id.uid, GID: sb.id.gid, Shared: sb.id.self, UIDMode: sb.id.uidMode(), Scratch: scratch}
	for _, p := range sb.readOnly {
		own := launch.OwnFile{Path: p, FD: -1}
		if !sb.id.self {
			f, err := detach(p)
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

// closeFiles closes the host's copies of the descriptors handed to cmd,
// once it started (or failed to).
func closeFiles(cmd *exec.Cmd) {
	for _, f := range cmd.ExtraFiles {
		_ = f.Close()
	}
}

// detach returns a read-only copy of the mount tree at path (a file or a
// directory), detached from every mount namespace (open_tree(2)), which a
// launcher may attach in its view without any right on path's directories.
func detach(path string) (*os.File, error) {
	fd, err := unix.OpenTree(unix.AT_FDCWD, path, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
	if err != nil {
		return nil, fmt.Errorf("sandbox: open_tree %s: %w", path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY | unix.MOUNT_ATTR_NOSUID}
	if err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, &attr); err != nil {
		f.Close()
		return nil, fmt.Errorf("sandbox: making %s read-only: %w", path, err)
	}
	return f, nil
}

// ProbeSandbox starts the launcher once in the strict sandbox, as a bot
// would be, and returns what the sandbox achieved; its error says what the
// kernel (or the user arena runs as) lacks. A league calls it once before
// its first game.
func ProbeSandbox(ctx context.Context, launcher []string) (SandboxReport, error) {
	if len(launcher) == 0 {
		return SandboxReport{}, errors.New("no launcher")
	}
	dir, err := os.MkdirTemp("", "arena-probe-")
	if err != nil {
		return SandboxReport{}, err
	}
	defer removeAll(dir)
	spec := Spec{Launcher: launcher}
	sb, err := newSandboxed(spec, launcher[0], dir)
	if err != nil {
		return SandboxReport{}, err
	}
	defer sb.id.release()
	opts := launch.Options{MemoryMB: -1, Processes: -1, Report: true}
	ctx, cancel := context.WithTimeout(ctx, DefaultStartTimeout)
	defer cancel()
	cmd, group, err := sb.command(ctx, launcher, opts, dir, launcher[0], nil)
	if err != nil {
		return SandboxReport{}, err
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
		return SandboxReport{}, fmt.Errorf("starting a sandboxed process: %w", err)
	}
	return parseReport(stdout.Bytes())
}
