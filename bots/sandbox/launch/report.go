//go:build linux

package launch

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
}

// ScratchInView is where a sandboxed bot sees its scratch directory: its
// /tmp, its working directory, HOME and TMPDIR.
const ScratchInView = "/tmp"

// SystemDirs are the host directories every sandboxed bot sees read-only
// (those that exist; a symbolic link is kept as a link).
var SystemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}
