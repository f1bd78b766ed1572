//go:build linux

package launch

import (
	"fmt"
	"strings"
)

// Report is what the sandbox achieved, as the launcher found it: the
// record of a league's config.yaml.
type Report struct {
	Mode       string   `json:"mode" yaml:"mode"` // "strict" or "off"
	Namespaces []string `json:"namespaces,omitempty" yaml:"namespaces,omitempty"`
	UID        string   `json:"uid,omitempty" yaml:"uid,omitempty"`
	// Landlock is the Landlock ABI version applied, 0 where the kernel has
	// none.
	Landlock int  `json:"landlock" yaml:"landlock"`
	Seccomp  bool `json:"seccomp" yaml:"seccomp"`
	// SeccompArch says which architecture's system calls the filter lets
	// through to its deny-list ("x86_64 only": the calls of any other,
	// i386's int $0x80 and x32's included, fail with ENOSYS).
	SeccompArch string `json:"seccomp_arch,omitempty" yaml:"seccomp_arch,omitempty"`
	// KeepGroup says that seccomp refuses setsid and setpgid: there is no
	// cgroup freezer, and stopping the bot's process group stops all of it.
	KeepGroup bool `json:"keep_group,omitempty" yaml:"keep_group,omitempty"`
	// ScratchMB is the size of the bot's tmpfs /tmp, 0 where its /tmp is a
	// directory of the host's.
	ScratchMB int `json:"scratch_mb" yaml:"scratch_mb"`
	// Overlay says how a bot's workspace is seen: "copy-on-write", or why
	// it is read-only.
	Overlay string `json:"overlay,omitempty" yaml:"overlay,omitempty"`
	// Freezer and Memory say how a bot is stopped between its calls and how
	// its memory is counted, as the host found its cgroups (see package
	// sandbox); FileSizeMB is its RLIMIT_FSIZE.
	Freezer    string `json:"freezer,omitempty" yaml:"freezer,omitempty"`
	Memory     string `json:"memory,omitempty" yaml:"memory,omitempty"`
	FileSizeMB int    `json:"file_size_mb,omitempty" yaml:"file_size_mb,omitempty"`
	// CPUClock says what counts a bot's CPU time, which clock: cpu
	// charges: its cgroup's file, or "none: the wall clock" where it has
	// none (the league then charges the wall clock).
	CPUClock string `json:"cpu_clock,omitempty" yaml:"cpu_clock,omitempty"`
}

// CPUCounted reports whether a cgroup counts each bot's CPU time here, as
// clock: cpu needs; a report of an older arena, without CPUClock, says
// nothing of it and counts as counted.
func (r Report) CPUCounted() bool {
	return r.CPUClock == "" || strings.HasPrefix(r.CPUClock, "cgroup")
}

// Unenforced says, one line each, what of the bots' limits r could not
// enforce here: their memory counted for all their processes together (no
// memory cgroup), all their processes stopped between calls (no cgroup
// freezer: their process group is stopped instead), their scratch off the
// host's disk (no sandbox: a directory, bounded per file only).
func (r Report) Unenforced() []string {
	var out []string
	if r.Memory != "" && !strings.HasPrefix(r.Memory, "cgroup") {
		out = append(out, "no memory cgroup for the bots here: memory_mb bounds each process's data (RLIMIT_DATA), not all of a bot's processes, its shared memory and its scratch together")
	}
	if r.Freezer != "" && !strings.HasPrefix(r.Freezer, "cgroup") {
		what := "their process group is stopped, and the sandbox refuses setsid and setpgid"
		if r.Mode == "off" {
			what = "their process group is stopped, and a process that leaves it runs on"
		}
		out = append(out, "no cgroup freezer for the bots here: between their calls "+what)
	}
	if r.Mode == "off" && r.FileSizeMB > 0 {
		out = append(out, fmt.Sprintf("sandbox off: a bot's scratch is a directory on the host's disk, each file bounded to %d MiB, not the whole", r.FileSizeMB))
	}
	return out
}

// ScratchInView is where a sandboxed bot sees its scratch directory: its
// /tmp, its working directory, HOME and TMPDIR.
const ScratchInView = "/tmp"

// SystemDirs are the host directories every sandboxed bot sees read-only
// (those that exist; a symbolic link is kept as a link).
var SystemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}
