package registry

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Registry is the file of bots registered with `arena bot add` (bots.yaml by
// default): each bot's absolute path, the sha256 of its binary when it was
// checked, and what it said of itself. A league names a registered bot with
// `registered: NAME`, and the host refuses to start it if its binary no
// longer has the registered sha256 (Spec.SHA256).
type Registry struct {
	Bots []Registered `yaml:"bots"`
}

// DefaultFile is the registry file `arena bot add` writes and a league
// reads when it names none: bots.yaml, in the current directory for `arena
// bot add` and `arena bot list`, next to the league file for a league.
const DefaultFile = "bots.yaml"

// Registered is one registered bot.
type Registered struct {
	Name    string    `yaml:"name"`
	Path    string    `yaml:"path"` // absolute
	Args    []string  `yaml:"args,omitempty"`
	SHA256  string    `yaml:"sha256"` // hex, of the file at Path
	Info    InfoYAML  `yaml:"info"`
	Checked time.Time `yaml:"checked"` // when it passed Check
}

// InfoYAML is Info as the registry writes it.
type InfoYAML struct {
	Name    string   `yaml:"name"`
	Author  string   `yaml:"author,omitempty"`
	Version string   `yaml:"version,omitempty"`
	Games   []string `yaml:"games,omitempty"`
}

// registryHeader opens a saved registry, for whoever opens the file.
const registryHeader = "# Bots registered with `arena bot add NAME PATH`; `arena bot list` shows them.\n"

// namePattern is the rule of bot names, shared with league files: names
// appear in file names.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.+-]*$`)

// sumPattern is a hex sha256 as FileSHA256 writes it.
var sumPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// CheckName reports whether name may name a registered bot: letters,
// digits, '.', '_', '+' and '-', starting with a letter or a digit (the rule
// of bot names in league files).
func CheckName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("bot name %q: use letters, digits, '.', '_', '+' or '-', starting with a letter or digit", name)
	}
	return nil
}

// Load reads the registry at path; a missing file is an empty
// registry. Unknown keys, duplicate or malformed names, relative paths and
// malformed sums are errors naming the file.
func Load(path string) (*Registry, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Registry{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("bot registry: %w", err)
	}
	var r Registry
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil && !errors.Is(err, io.EOF) {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			// One line per problem in yaml's text; arena's errors are one line.
			err = errors.New(strings.Join(te.Errors, "; "))
		}
		return nil, fmt.Errorf("bot registry %s: %w", path, err)
	}
	if err := r.validate(); err != nil {
		return nil, fmt.Errorf("bot registry %s: %w", path, err)
	}
	return &r, nil
}

// validate checks what a hand edit may have broken.
func (r *Registry) validate() error {
	seen := make(map[string]bool, len(r.Bots))
	for i, b := range r.Bots {
		var err error
		switch {
		case CheckName(b.Name) != nil:
			err = CheckName(b.Name)
		case seen[b.Name]:
			err = fmt.Errorf("bot %q is registered twice", b.Name)
		case !filepath.IsAbs(b.Path):
			err = fmt.Errorf("bot %q: path %q is not absolute", b.Name, b.Path)
		case !sumPattern.MatchString(b.SHA256):
			err = fmt.Errorf("bot %q: sha256 %q is not 64 lower-case hex digits", b.Name, b.SHA256)
		}
		if err != nil {
			return fmt.Errorf("entry %d: %w", i+1, err)
		}
		seen[b.Name] = true
	}
	return nil
}

// Lookup returns the bot registered as name.
func (r *Registry) Lookup(name string) (Registered, bool) {
	for _, b := range r.Bots {
		if b.Name == name {
			return b, true
		}
	}
	return Registered{}, false
}

// Put adds b, replacing a bot of the same name; the bots stay sorted by
// name. It reports whether b replaced a bot.
func (r *Registry) Put(b Registered) (replaced bool) {
	for i := range r.Bots {
		if r.Bots[i].Name == b.Name {
			r.Bots[i] = b
			return true
		}
	}
	r.Bots = append(r.Bots, b)
	slices.SortFunc(r.Bots, func(x, y Registered) int { return strings.Compare(x.Name, y.Name) })
	return false
}

// Save writes the registry to path atomically: to a temporary file in the
// same directory, synced, then renamed over path.
func (r *Registry) Save(path string) error {
	var buf bytes.Buffer
	buf.WriteString(registryHeader)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("bot registry %s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("bot registry %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".bots-*.yaml")
	if err != nil {
		return fmt.Errorf("bot registry %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename, a no-op
	_, err = tmp.Write(buf.Bytes())
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("bot registry %s: %w", path, err)
	}
	return nil
}

// ErrChanged says a registered bot's binary no longer has its registered
// sha256: errors.Is(err, ErrChanged) holds for every *ChangedError.
var ErrChanged = errors.New("binary changed since it was registered")

// ChangedError is the one error of a registered bot whose binary no longer
// has its registered sha256, whoever finds it (`arena bot list`, a league's
// check of its bots, the host before it starts a bot): what changed, and
// the command that registers the bot again. A caller may set Path and
// Registry as it wants them shown.
type ChangedError struct {
	Name     string   // the bot's registered name
	Path     string   // its binary
	Args     []string // its registered arguments
	Registry string   // the registry file; "" for DefaultFile, which the fix omits
	Want     string   // the registered sha256, hex
	Got      string   // the binary's sha256 now, hex
}

// Error says what changed and how to register it again.
func (e *ChangedError) Error() string {
	return e.Summary() + ": " + Again + ": " + e.Fix()
}

// Summary says what changed: "PATH changed since it was registered (sha256
// NOW, registered BEFORE)", the hashes shortened.
func (e *ChangedError) Summary() string {
	return fmt.Sprintf("%s changed since it was registered (sha256 %s, registered %s)",
		e.Path, e.Got[:min(12, len(e.Got))], e.Want[:min(12, len(e.Want))])
}

// Again introduces the fix of a *ChangedError.
const Again = "if the change is meant, register it again"

// Is reports whether target is ErrChanged.
func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// Fix returns the command that registers the bot again.
func (e *ChangedError) Fix() string {
	fix := []string{"arena", "bot", "add"}
	if e.Registry != "" {
		fix = append(fix, "--registry", e.Registry)
	}
	fix = append(fix, e.Name, e.Path)
	for _, a := range e.Args {
		fix = append(fix, "--args="+a)
	}
	return ShellWords(fix)
}

// CheckSum checks the file at path against want, a hex sha256. It returns
// nil when they match, a *ChangedError (naming no bot) when they differ,
// and an error wrapping fs.ErrNotExist when the file is gone.
func CheckSum(path, want string) error {
	sum, err := FileSHA256(path)
	if err != nil {
		return err
	}
	if sum != want {
		return &ChangedError{Path: path, Want: want, Got: sum}
	}
	return nil
}

// Verify checks the file at b.Path against b.SHA256 (see CheckSum); a
// *ChangedError names b and its arguments.
func (b Registered) Verify() error {
	err := CheckSum(b.Path, b.SHA256)
	var ce *ChangedError
	if errors.As(err, &ce) {
		ce.Name, ce.Args = b.Name, b.Args
	}
	return err
}

// ShellWords joins words for a POSIX shell, quoting those that need it.
func ShellWords(words []string) string {
	special := func(r rune) bool {
		plain := 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
			strings.ContainsRune("_@%+=:,./-", r)
		return !plain
	}
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.IndexFunc(w, special) < 0 {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// FileSHA256 returns the hex sha256 of the file at path.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("hashing: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hashing %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
