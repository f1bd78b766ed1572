//go:build linux

package host

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/host/sandbox/launch"
)

// Spec says how to start a bot process.
type Spec struct {
	Name         string        // display name, for messages
	Path         string        // the executable
	Args         []string      // its arguments
	Env          []string      // KEY=VALUE added to the minimal environment
	GameName     string        // the game it is started for, if one: wire.GameEnv names it
	StartTimeout time.Duration // handshake and Info; 0: defaultStartTimeout
	Limits       Limits        // zero fields: defaults
	// SHA256, when set, is the hex sha256 the executable must have (checked
	// with go-plugin's SecureConfig before it starts).
	SHA256 string
	// Verbose sends go-plugin's log and the bot's raw stderr to arena's
	// stderr as well; otherwise go-plugin is silent.
	Verbose bool
	// Launcher is the command that applies Limits and then replaces itself
	// with the bot: arena's own `arena bot launch` (see Launch and
	// SelfLauncher). SelfSpec and ExecSpec set it. When it is empty the
	// host applies the limits with prlimit(2) right after starting the bot,
	// which leaves the bot a moment without them.
	Launcher []string
	// Ponder lets the bot run between its calls. By default all its
	// processes are stopped from the end of one call to the start of the
	// next (its cgroup freezer, else SIGSTOP to its process group), so that
	// it cannot take the CPU on its opponent's time; that costs the host
	// about 0.01 ms a call (cgroup v2, signals), 0.3 to 0.6 ms with the
	// cgroup v1 freezer, not charged to the bot.
	Ponder bool

	// Sandbox isolates the bot from the host (see package sandbox); the
	// zero value is sandbox.Strict, which needs a Launcher.
	Sandbox sandbox.Mode
	// Files are the bot's own files and directories besides its
	// executable, absolute: what a sandboxed bot sees of the host's files,
	// read-only at the same paths (a script's directory, a Lisp bot's
	// sources). ExecSpec and botkind.LispSpec set them.
	Files []string
	// Workspace is a directory the bot sees at its own path, writable
	// through a private copy-on-write layer (in the sandbox: an overlay
	// whose upper layer is in the bot's scratch tmpfs): what it writes
	// there counts in its scratch and memory and never reaches the
	// directory, which stays as handed in. It is one of the bot's files
	// (added to Files when it is not there). Without a scratch tmpfs, or
	// where the kernel refuses the overlay, it is read-only, as Files.
	Workspace string
	// Output, when set, is one file of the host, absolute and existing,
	// that the bot sees writable at its path: in the sandbox the only
	// host file it may write, bounded as any file of its by RLIMIT_FSIZE
	// (twice Limits.ScratchMB). Run gives it to a bot that makes a file
	// for arena, such as a Lisp bot's saved image.
	Output string

	// noCgroup keeps the bot out of a pids cgroup even where arena could
	// make one, for the tests of the host's ways without cgroups.
	noCgroup bool
	// noFence leaves out the marks at the end of each call (see fence),
	// for the benchmark that measures what they cost.
	noFence bool
	// noCanal leaves the bot's lean call channel unasked for (see
	// openCanal), for the tests of the Partida stream.
	noCanal bool
}

// Limits bound a bot process. A zero field takes its default; a negative
// field turns that limit off.
type Limits struct {
	// MemoryMB bounds the bot's data memory (RLIMIT_DATA: heap and private
	// writable mappings, what a process actually fills). Default 1024.
	//
	// RLIMIT_AS is not used: it also counts address space that is reserved
	// but never used, which the Go runtime does in hundreds of MB, so a Go
	// bot under RLIMIT_AS = 1 GB may get as little as 100 MB, depending on
	// its address-space layout.
	MemoryMB int
	// Processes bounds fork bombs. Where arena can make the bot a pids
	// cgroup (see package sandbox) it is the cgroup's pids.max: the exact number
	// of tasks, processes and threads, the bot may run, for any user.
	// Elsewhere it is RLIMIT_NPROC, which the kernel counts over all
	// processes and threads of the user, not of one bot, so the launcher
	// sets it to the number the user already runs plus Processes: a ceiling
	// that stops runaway forking, not an exact quota per bot; and it does
	// not bind root. Default 512.
	Processes int
	// OutputBytes caps the bot's stdout and stderr kept between two calls
	// (Reply.Log); the rest is dropped and counted. Default 16384.
	OutputBytes int
	// ScratchMB bounds the bot's scratch (its /tmp, working directory and
	// HOME): in the sandbox a tmpfs of its own of this size, counted in
	// its memory; RLIMIT_FSIZE twice that, sandbox or not. Default 64.
	ScratchMB int
}

// files returns the bot's own files: Files, and the Workspace.
func (s Spec) files() []string {
	if s.Workspace == "" || slices.Contains(s.Files, s.Workspace) {
		return s.Files
	}
	return append(slices.Clone(s.Files), s.Workspace)
}

// Defaults of Spec and Limits.
const (
	defaultStartTimeout = 5 * time.Second
	DefaultMemoryMB     = 1024
	DefaultProcesses    = 512
	DefaultOutputBytes  = 16 << 10
	DefaultScratchMB    = 64
)

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&l.MemoryMB, DefaultMemoryMB)
	def(&l.Processes, DefaultProcesses)
	def(&l.OutputBytes, DefaultOutputBytes)
	def(&l.ScratchMB, DefaultScratchMB)
	return l
}

// SelfSpec returns the Spec that runs self, arena's own executable, with
// args (say `bot serve SELECTOR ...`, a bot that arena serves), launched
// through SelfLauncher(self) so that limits apply.
func SelfSpec(self string, args ...string) Spec {
	return Spec{Path: self, Args: args, Launcher: SelfLauncher(self)}
}

// Beside returns the executable called name in self's directory, or "":
// a part of arena built alone (cmd/arena-launch, cmd/arena-bot), which
// starts in less time than arena's own executable.
func Beside(self, name string) string {
	path := filepath.Join(filepath.Dir(self), name)
	if CheckExecutable(path) != nil {
		return ""
	}
	return path
}

// scriptDir returns the directory of the script at path, or "" when path
// is not a script (a file starting with "#!"): a script's interpreter reads
// it, and often its siblings, so a sandboxed script sees its directory.
func scriptDir(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var magic [2]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil || string(magic[:]) != "#!" {
		return ""
	}
	return filepath.Dir(path)
}

// ExecSpec returns the Spec that runs the executable at path with args,
// launched through self (arena's own executable) so that limits apply. Its
// name is the file's base name; a script (starting with "#!") sees its
// directory in the sandbox.
func ExecSpec(self, path string, args []string) Spec {
	spec := Spec{Name: filepath.Base(path), Path: path, Args: args, Launcher: SelfLauncher(self)}
	if abs, err := filepath.Abs(path); err == nil {
		if dir := scriptDir(abs); dir != "" {
			spec.Files = []string{dir}
		}
	}
	return spec
}

// SelfLauncher returns the Launcher of self, arena's own executable: the
// launcher alone (launch.Binary, cmd/arena-launch) when it is beside self,
// since it starts in a fraction of arena's time; otherwise self, as `self
// bot launch`.
func SelfLauncher(self string) []string {
	if alone := Beside(self, launch.Binary); alone != "" {
		return []string{alone}
	}
	return append([]string{self}, launch.Command...)
}

// Self returns the path of the running executable, for SelfSpec and
// ExecSpec.
func Self() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(p)
}

// CheckOpen reports whether a sandboxed bot can reach its own files. When
// arena runs as root, a sandboxed bot runs as an unprivileged uid of its
// own, which reaches its executable and Files only through the rights of
// others: the executable needs o+x (and o+r for a script), a directory
// o+rx, any other file o+r. The error names the first file closed to
// others and the chmod that opens it.
func (s Spec) CheckOpen() error {
	if s.Sandbox == sandbox.Off || os.Geteuid() != 0 {
		return nil
	}
	exec := "x"
	if scriptDir(s.Path) != "" {
		exec = "rx"
	}
	for i, f := range append([]string{s.Path}, s.Files...) {
		fi, err := os.Stat(f)
		if err != nil {
			continue // a missing file is the start's to report
		}
		need := "r"
		switch {
		case i == 0:
			need = exec
		case fi.IsDir():
			need = "rx"
		}
		if bits := othersBits(need); fi.Mode().Perm()&bits != bits {
			return fmt.Errorf("%s is closed to other users (%v), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+%s %s", f, fi.Mode(), need, f)
		}
	}
	return nil
}

// othersBits returns the permission bits of others for rights, a string of
// "r", "w" and "x".
func othersBits(rights string) fs.FileMode {
	var m fs.FileMode
	for _, r := range rights {
		m |= map[rune]fs.FileMode{'r': 0o004, 'w': 0o002, 'x': 0o001}[r]
	}
	return m
}
