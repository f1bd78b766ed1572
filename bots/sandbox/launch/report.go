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
}

// ScratchInView is where a sandboxed bot sees its scratch directory: its
// /tmp, its working directory, HOME and TMPDIR.
const ScratchInView = "/tmp"

// SystemDirs are the host directories every sandboxed bot sees read-only
// (those that exist; a symbolic link is kept as a link).
var SystemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}
