//go:build linux

package sandbox

import "fmt"

// Mode says how a bot is isolated from the host: Strict or Off. The zero
// value is strict.
type Mode string

// The sandbox modes.
const (
	Strict Mode = "strict" // own namespaces, view, uid; no capability, Landlock, seccomp
	Off    Mode = "off"    // the limits and containment only
)

// ParseMode reads a sandbox mode: "strict" or "off".
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Strict, Off:
		return m, nil
	}
	return "", fmt.Errorf("sandbox %q: want strict or off", s)
}

// strict reports whether m is strict (the zero value is).
func (m Mode) strict() bool { return m != Off }
