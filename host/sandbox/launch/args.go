//go:build linux

package launch

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// protocolVersion is the version of the launcher's arguments. A launcher refuses
// the arguments of another version: Binary may come from another build of
// arena than the one that starts it.
const protocolVersion = 5

// Options are the launcher's arguments besides the bot's command.
type Options struct {
	// MemoryMB is the bot's RLIMIT_DATA in MiB (0 or less: none).
	MemoryMB int
	// Processes is RLIMIT_NPROC above the number of tasks the user runs
	// already (0 or less: none).
	Processes int
	// Cgroups are the bot's cgroups, which the launcher joins (one per
	// hierarchy: pids, memory, freezer).
	Cgroups []string
	// ScratchMB is the size of the bot's scratch: its RLIMIT_FSIZE is
	// twice that (a file fills a full scratch before the limit, so a bot
	// gets ENOSPC, not SIGXFSZ), and in the sandbox its /tmp is a tmpfs of
	// this size (0 or less: no limit, the scratch directory as /tmp).
	ScratchMB int
	// Nice is the nice value the launcher gives its process group, 0 to
	// leave it as it is.
	Nice int
	// Sandbox, when set, starts the bot in its own namespaces and confines
	// it (see Sandbox).
	Sandbox *Sandbox
	// Report prints what the sandbox achieved, as JSON, instead of
	// starting the bot.
	Report bool
}

// Sandbox is how the launcher isolates a bot (see the package comment).
type Sandbox struct {
	// UID and GID are the host ids mapped to 0 in the bot's user
	// namespace.
	UID, GID int
	// Shared says that UID is the launcher's own (arena does not run as
	// root): nothing else to map, and the supplementary groups stay, as
	// an unprivileged user cannot drop them.
	Shared bool
	// UIDMode says, for the report, how UID was chosen.
	UIDMode string
	// Scratch is the host path of the scratch directory: the bot's /tmp.
	Scratch string
	// ReadOnly are the bot's own files, at their host paths in its view.
	ReadOnly []OwnFile
	// Workspace, one of the ReadOnly paths (a directory) or "", is seen
	// writable through a private copy-on-write layer: an overlay whose
	// upper layer is in the bot's scratch tmpfs.
	Workspace string
	// Output, when its Path is set, is the one file of the host the bot
	// may write, at its host path: a file made for it to fill (a Lisp
	// bot's saved image while it is built), not one of ReadOnly.
	Output OwnFile
	// KeepGroup refuses setsid and setpgid (seccomp): where no cgroup
	// freezer holds the bot, stopping its process group stops all of it.
	KeepGroup bool
	// LeaveTo, a cgroup directory outside the bot's freezer (arena's own
	// in the freezer's hierarchy) or "", is where the first stage moves
	// once it started the second: the host freezes and thaws the bot's
	// cgroup at every call, and each of its tasks then runs to stop or
	// resume, the first stage's threads too, which only wait for the bot.
	LeaveTo string
}

// OwnFile is one of the bot's own files (or directories) in its view: at
// Path, attached from descriptor FD, a detached copy of its mount tree
// (open_tree(2)), or bound from Path when FD is negative.
type OwnFile struct {
	Path string
	FD   int
}

// String returns the launcher's argument for f: FD:PATH, or PATH.
func (f OwnFile) String() string {
	if f.FD < 0 {
		return f.Path
	}
	return strconv.Itoa(f.FD) + ":" + f.Path
}

// parseOwnFile reads an OwnFile argument: FD:PATH, or an absolute PATH.
func parseOwnFile(s string) (OwnFile, error) {
	if strings.HasPrefix(s, "/") {
		return OwnFile{Path: s, FD: -1}, nil
	}
	fd, path, _ := strings.Cut(s, ":")
	n, err := strconv.Atoi(fd)
	if err != nil || n < 0 || !strings.HasPrefix(path, "/") {
		return OwnFile{}, fmt.Errorf("%q: want FD:PATH or PATH, with PATH absolute", s)
	}
	return OwnFile{Path: path, FD: n}, nil
}

// Descriptors a sandboxed launcher gets from the host. On GroupFD it
// writes the bot's process group id, in decimal, once it has started its
// second stage: the bot leads a group of its own, so that stopping and
// resuming it at every call leaves the first stage alone. On SelfFD it
// finds its own executable: it starts its second stage from it, as the
// bot's uid, which may not reach the executable by its path (a directory
// closed to others on the way, such as /root or go run's build
// directory). The bot's own files, as descriptors, follow it.
const (
	GroupFD = 3
	SelfFD  = 4
)

// Args returns the launcher's arguments for o, followed by the bot's
// command, path and args.
func (o Options) Args(path string, args []string) []string {
	out := []string{
		"-protocol", strconv.Itoa(protocolVersion),
		"-memory-mb", strconv.Itoa(o.MemoryMB),
		"-processes", strconv.Itoa(o.Processes),
	}
	for _, c := range o.Cgroups {
		out = append(out, "-cgroup", c)
	}
	if o.ScratchMB > 0 {
		out = append(out, "-scratch-mb", strconv.Itoa(o.ScratchMB))
	}
	if o.Nice != 0 {
		out = append(out, "-nice", strconv.Itoa(o.Nice))
	}
	if sb := o.Sandbox; sb != nil {
		out = append(out, "-sandbox", "-uid", strconv.Itoa(sb.UID), "-gid", strconv.Itoa(sb.GID),
			"-uid-mode", sb.UIDMode, "-scratch", sb.Scratch)
		if sb.Shared {
			out = append(out, "-shared-uid")
		}
		for _, f := range sb.ReadOnly {
			out = append(out, "-ro", f.String())
		}
		if sb.Workspace != "" {
			out = append(out, "-workspace", sb.Workspace)
		}
		if sb.Output.Path != "" {
			out = append(out, "-rw", sb.Output.String())
		}
		if sb.KeepGroup {
			out = append(out, "-keep-group")
		}
		if sb.LeaveTo != "" {
			out = append(out, "-leave-to", sb.LeaveTo)
		}
	}
	if o.Report {
		out = append(out, "-report")
	}
	out = append(out, "--", path)
	return append(out, args...)
}

// parse reads the launcher's arguments: the options, whether this is the
// sandbox's second stage, and the bot's command.
func parse(args []string) (o Options, inside bool, command []string, err error) {
	fs := flag.NewFlagSet("launch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var sb Sandbox
	var sandboxed bool
	protocol := 0
	fs.IntVar(&protocol, "protocol", 0, "the version of these arguments")
	fs.IntVar(&o.MemoryMB, "memory-mb", 0, "data memory limit in MiB (0 or less: none)")
	fs.IntVar(&o.Processes, "processes", 0, "processes and threads above the user's current count (0 or less: none)")
	fs.Func("cgroup", "a cgroup to join", func(s string) error {
		o.Cgroups = append(o.Cgroups, s)
		return nil
	})
	fs.IntVar(&o.ScratchMB, "scratch-mb", 0, "the scratch's size in MiB (0: no limit)")
	fs.StringVar(&sb.Workspace, "workspace", "", "a directory of the bot's seen writable through a copy-on-write layer")
	fs.BoolVar(&sb.KeepGroup, "keep-group", false, "refuse setsid and setpgid")
	fs.StringVar(&sb.LeaveTo, "leave-to", "", "the cgroup the first stage moves to once it started the second")
	fs.IntVar(&o.Nice, "nice", 0, "the nice value of the process group")
	fs.BoolVar(&sandboxed, "sandbox", false, "start the bot in its own namespaces and confine it")
	fs.IntVar(&sb.UID, "uid", 0, "the host uid mapped to 0 in the bot's user namespace")
	fs.IntVar(&sb.GID, "gid", 0, "the host gid mapped to 0 in the bot's user namespace")
	fs.BoolVar(&sb.Shared, "shared-uid", false, "the uid is the launcher's own")
	fs.StringVar(&sb.UIDMode, "uid-mode", "", "how the bot's uid was chosen")
	fs.StringVar(&sb.Scratch, "scratch", "", "the scratch directory, the bot's /tmp")
	fs.Func("ro", "a file of the bot's, read-only: [FD:]PATH", func(s string) error {
		f, err := parseOwnFile(s)
		sb.ReadOnly = append(sb.ReadOnly, f)
		return err
	})
	fs.Func("rw", "the one file of the bot's it may write: [FD:]PATH", func(s string) error {
		f, err := parseOwnFile(s)
		sb.Output = f
		return err
	})
	fs.BoolVar(&o.Report, "report", false, "report what the sandbox achieved instead of exec")
	fs.BoolVar(&inside, "inside", false, "the sandbox's second stage, in the bot's namespaces")
	if err := fs.Parse(args); err != nil {
		return o, false, nil, fmt.Errorf("launch: %w", err)
	}
	if protocol != protocolVersion {
		return o, false, nil, fmt.Errorf("launch: %s speaks launcher protocol %d, not arena's %d: it comes from another build of arena; build both from the same sources (go build -o DIR ./cmd/arena ./cmd/%s)", os.Args[0], protocolVersion, protocol, Binary)
	}
	if sandboxed {
		o.Sandbox = &sb
	}
	if command = fs.Args(); len(command) == 0 {
		return o, false, nil, errors.New("launch: no executable after the limits")
	}
	return o, inside, command, nil
}
