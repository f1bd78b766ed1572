package referee

import "fmt"

// Reason says how a game ended. Only the referee decides it. The zero value
// is invalid.
type Reason uint8

// Reasons a game ends.
const (
	_           Reason = iota
	Normal             // neither side could move; points decide
	Timeout            // a bot answered after its budget plus margin
	Illegal            // a bot's answer did not parse or was not a legal move
	Crash              // a bot's process died, broke the connection, or ran out of memory
	Start              // a bot could not be started
	Interrupted        // the run was stopped before the game ended
	Resigned           // a side gave up the game, as a person may: not a fault
)

var reasonNames = [...]string{"invalid", "normal", "timeout", "illegal", "crash", "start", "interrupted", "resigned"}

// reasonTexts are the reasons' long texts, for people.
var reasonTexts = [...]string{
	"invalid reason",
	"neither side could move: points decide",
	"a bot answered after its time and margin",
	"a bot's answer was not a legal move",
	"a bot's process died, broke the connection or ran out of memory",
	"a bot could not be started",
	"the run was stopped before the game ended",
	"a side resigned: the other wins",
}

// String returns the short name used in results files.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Text returns the reason's long text, for people, e.g. "a side resigned:
// the other wins".
func (r Reason) Text() string {
	if int(r) < len(reasonTexts) {
		return reasonTexts[r]
	}
	return r.String()
}

// parseReason is the inverse of String.
func parseReason(s string) (Reason, error) {
	for i, n := range reasonNames[1:] {
		if n == s {
			return Reason(i + 1), nil
		}
	}
	return 0, fmt.Errorf("unknown reason %q", s)
}

// MarshalText writes the reason's name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads a reason's name.
func (r *Reason) UnmarshalText(b []byte) error {
	v, err := parseReason(string(b))
	*r = v
	return err
}
