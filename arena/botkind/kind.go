package botkind

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/bots/lines"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/treehash"
)

// Kind is how a bot is given to arena. How an executable talks to arena
// is its protocol (Ref.Protocol), not a kind. The zero value is no kind.
type Kind int

// The kinds of bot.
const (
	invalid    Kind = iota
	Builtin         // one of arena's own bots, run by arena's executable
	Registered      // an executable recorded in a registry with its sha256
	Path            // an executable (or script) at a path
	Lisp            // a Common Lisp submission, run by arena's Lisp adapter
)

// String is the kind's key in a league file.
func (k Kind) String() string {
	switch k {
	case Builtin:
		return "builtin"
	case Registered:
		return "registered"
	case Path:
		return "path"
	case Lisp:
		return "lisp"
	}
	return "invalid"
}

// Ref is how one bot is given, in a league file (the keys beside its name)
// or on the command line (see Parse): exactly one of Builtin, Registered,
// Path or Lisp, with what that kind takes.
type Ref struct {
	Builtin    string            `yaml:"builtin,omitempty"`
	Registered string            `yaml:"registered,omitempty"`
	Path       string            `yaml:"path,omitempty"`
	Args       []string          `yaml:"args,omitempty"`
	Env        map[string]string `yaml:"env,omitempty"`
	Options    map[string]string `yaml:"options,omitempty"`
	Lisp       *lisp.Config      `yaml:"lisp,omitempty"`
	SHA256     string            `yaml:"sha256,omitempty"` // filled in for registered bots
	// Protocol is how an executable (path or registered) talks: "grpc"
	// (go-plugin, the default) or "lines" (docs/protocol.md).
	Protocol string `yaml:"protocol,omitempty" json:",omitempty"`

	given string // Path as written, before Resolve made it absolute
}

// Kind returns the kind of r, or an error when r gives none or several,
// or a protocol its kind does not speak (see Lines). A resolved registered
// bot has its path too: it is still Registered.
func (r Ref) Kind() (Kind, error) {
	k, n := invalid, 0
	for _, c := range []struct {
		set  bool
		kind Kind
	}{{r.Builtin != "", Builtin}, {r.Registered != "", Registered}, {r.Path != "" && r.Registered == "", Path}, {r.Lisp != nil, Lisp}} {
		if c.set {
			k, n = c.kind, n+1
		}
	}
	if n != 1 {
		return invalid, errors.New("give exactly one of builtin, registered, path or lisp")
	}
	switch r.Protocol {
	case "", ProtocolGRPC:
		return k, nil
	case ProtocolLines:
		if k != Path && k != Registered {
			return invalid, fmt.Errorf("protocol: %s is for an executable (path or registered), not a %s bot", ProtocolLines, k)
		}
		return k, nil
	}
	return invalid, fmt.Errorf("protocol: want %s or %s, got %q", ProtocolGRPC, ProtocolLines, r.Protocol)
}

// Lines reports whether r is an executable (path or registered) that
// speaks the line protocol (docs/protocol.md), which arena's line adapter
// (bots/lines) runs; otherwise an executable speaks gRPC (go-plugin).
func (r Ref) Lines() bool { return r.Protocol == ProtocolLines }

// ArenasOwn reports whether r is one of arena's own bots (a built-in
// bot), which no one hands in: a league's reference, with no group to
// grade.
func (r Ref) ArenasOwn() bool {
	k, _ := r.Kind()
	return k == Builtin
}

// ImageKind reports whether r is of the kind that starts from a saved
// image where a run keeps them (lispimage.Cache): a Lisp bot, whose own
// settings may still say image: false (lisp.Config.Images).
func (r Ref) ImageKind() bool {
	k, _ := r.Kind()
	return k == Lisp
}

// FromImage returns s, the spec of bot r, set to start from r's saved
// image in im (lispimage.Cache.Apply) where r's kind has one (ImageKind);
// for the other kinds, and with im nil, s as it is and no error.
func (r Ref) FromImage(ctx context.Context, im *lispimage.Cache, s host.Spec) (host.Spec, error) {
	return im.Apply(ctx, s, r.Lisp)
}

// Registry is the registry of a league's registered bots, at Path, loaded
// once for all of them.
type Registry struct {
	Path   string
	loaded *registry.Registry
}

func (g *Registry) load() (*registry.Registry, error) {
	if g.loaded != nil {
		return g.loaded, nil
	}
	r, err := registry.Load(g.Path)
	if err != nil {
		return nil, err
	}
	g.loaded = r
	return r, nil
}

// The protocols an executable may speak (Ref.Protocol).
const (
	ProtocolGRPC  = "grpc"
	ProtocolLines = "lines"
)

// FieldError is a problem with one key of a Ref: Key names it as a league
// file does ("builtin", "options", "lisp"...).
type FieldError struct {
	Key string
	Err error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

func fieldErr(key, format string, args ...any) error {
	return &FieldError{Key: key, Err: fmt.Errorf(format, args...)}
}

// Resolve checks r, bot name of a league file in dir, and completes it:
// a built-in bot's options are tried, a registered bot takes its path,
// sha256 and arguments from reg, a path becomes absolute, a Lisp bot's
// paths absolute and its settings defaulted. Errors are *FieldError.
func (r *Ref) Resolve(name, dir string, reg *Registry) error {
	k, err := r.Kind()
	if err == nil && r.Registered != "" && r.Path != "" {
		err = errors.New("give exactly one of builtin, registered, path or lisp")
	}
	if err != nil {
		return &FieldError{Err: fmt.Errorf("bot %q: %w", name, err)}
	}
	switch k {
	case Builtin:
		f, err := builtin.Lookup(r.Builtin)
		if err != nil {
			return &FieldError{Key: "builtin", Err: err}
		}
		if _, err := f(r.Options); err != nil {
			return fieldErr("options", "bot %q: options: %v", name, err)
		}
	case Registered:
		rg, err := reg.load()
		if err != nil {
			return &FieldError{Key: "registered", Err: err}
		}
		e, ok := rg.Lookup(r.Registered)
		if !ok {
			return fieldErr("registered", "bot %q is not in the registry %s: register it with `arena bot add --registry %s %s PATH`", r.Registered, reg.Path, relPath(reg.Path), r.Registered)
		}
		r.Path, r.SHA256 = e.Path, e.SHA256
		r.Args = append(slices.Clone(e.Args), r.Args...)
	case Path:
		r.given = r.Path
		r.Path = Abs(dir, r.Path)
	case Lisp:
		l := r.Lisp.Resolve(dir).WithDefaults()
		if err := l.Validate(); err != nil {
			return fieldErr("lisp", "bot %q: lisp: %s", name, strings.ReplaceAll(err.Error(), "\n", "; "))
		}
		r.Lisp = &l
	}
	if k != Builtin && len(r.Options) > 0 {
		return fieldErr("options", "bot %q: options are for built-in bots; pass settings to a program with args or env", name)
	}
	return nil
}

// Preflight says what keeps r, bot name resolved from a league that uses
// the registry at registryPath, from starting in mode, or "": the binary of
// a path or registered bot is missing or not executable, a registered
// binary's sha256 is no longer the registered one, a Lisp bot's file or
// folder is missing, a symbolic link under its folders leads out of them
// (see Seen), or the sandboxed bot of arena run as root could not
// reach its files (see host.Spec.CheckOpen). Built-in bots always start.
func (r Ref) Preflight(name, registryPath string, mode sandbox.Mode) string {
	k, _ := r.Kind()
	var msg string
	switch k {
	case Builtin:
		return ""
	case Registered:
		msg = r.checkRegistered(name, registryPath)
	case Path:
		if err := host.CheckExecutable(r.Path); err != nil {
			msg = fmt.Sprintf("bot %q: %v: %s", name, err, r.pathFix(registryPath))
		}
	case Lisp:
		for _, f := range r.Lisp.Files {
			if _, err := os.Stat(f); err != nil {
				msg = fmt.Sprintf("bot %q: no Lisp file %s: fix lisp.files or restore the file", name, f)
				break
			}
		}
		if st, err := os.Stat(r.Lisp.Root); msg == "" && r.Lisp.Root != "" && (err != nil || !st.IsDir()) {
			msg = fmt.Sprintf("bot %q: no folder %s: fix lisp.root (the submission's folder) or leave it out", name, r.Lisp.Root)
		}
	}
	if msg != "" {
		return msg
	}
	if err := r.checkLinks(); err != nil {
		return fmt.Sprintf("bot %q: %v", name, err)
	}
	spec := r.Spec("", name, "")
	spec.Sandbox = mode
	if err := spec.CheckOpen(); err != nil {
		return fmt.Sprintf("bot %q: %v (or `sandbox: off`)", name, err)
	}
	return ""
}

// pathFix is the fix for a path bot whose path names no executable: the
// built-in or registered bot of that name when the path was written as a
// bare name that names one (`path: greedy` for `builtin: greedy`), else to
// fix the path or build the bot.
func (r Ref) pathFix(registryPath string) string {
	switch k, _ := meant(r.given, r.Path, registryPath); k {
	case Builtin:
		return fmt.Sprintf("did you mean `builtin: %s`?", r.given)
	case Registered:
		return fmt.Sprintf("did you mean `registered: %s` (from %s)?", r.given, relPath(registryPath))
	}
	return "fix the path or build the bot"
}

// meant returns the kind of bot that name, written where the path of an
// executable was expected and resolved to path where nothing is, may have
// meant when it is a bare name: the built-in bot of that name, or the bot
// registered under it in the registry at registryPath (with its path).
func meant(name, path, registryPath string) (Kind, string) {
	if name == "" || filepath.Base(name) != name || fileExists(path) {
		return invalid, ""
	}
	if _, err := builtin.Lookup(name); err == nil {
		return Builtin, ""
	}
	if reg, err := registry.Load(registryPath); err == nil {
		if e, ok := reg.Lookup(name); ok {
			return Registered, e.Path
		}
	}
	return invalid, ""
}

// DefaultName is the name of bot r where none is given: a built-in bot's
// name, an executable's base name, a Lisp bot's first file's base name.
func (r Ref) DefaultName() string {
	k, _ := r.Kind()
	switch k {
	case Builtin:
		return r.Builtin
	case Lisp:
		if len(r.Lisp.Files) > 0 {
			f := filepath.Base(r.Lisp.Files[0])
			return strings.TrimSuffix(f, filepath.Ext(f))
		}
		return filepath.Base(r.Lisp.Root)
	}
	return filepath.Base(r.Path)
}

// checkRegistered says what keeps registered bot r from starting, or "".
func (r Ref) checkRegistered(name, registryPath string) string {
	again := fmt.Sprintf("arena bot add --registry %s %s", relPath(registryPath), r.Registered)
	who := fmt.Sprintf("bot %q (registered %q)", name, r.Registered)
	if err := host.CheckExecutable(r.Path); err != nil {
		return fmt.Sprintf("%s: %v: rebuild it there, or register it where it is now with '%s PATH'", who, err, again)
	}
	err := registry.Registered{Name: r.Registered, Path: r.Path, SHA256: r.SHA256}.Verify()
	var changed *registry.ChangedError
	if errors.As(err, &changed) {
		changed.Path, changed.Registry = relPath(r.Path), relPath(registryPath)
	}
	if err != nil {
		return fmt.Sprintf("%s: %v", who, err)
	}
	return ""
}

// Spec returns how to start r, a resolved bot called name, for a game of
// game (a line bot's handshake names it, a Lisp bot's Info lists it),
// through self (arena's executable; "" for a spec that is only checked):
// its process, arguments, environment (Env, in key order) and what it
// sees, and the game (host.Spec.GameName). Limits, sandbox and timeouts are
// the caller's.
func (r Ref) Spec(self, name, game string) host.Spec {
	k, _ := r.Kind()
	var s host.Spec
	switch k {
	case Builtin:
		s = builtinSpec(self, r.Builtin, r.Options)
	case Lisp:
		l := *r.Lisp
		if game != "" {
			l.GameName = game // the one game its Info lists
		}
		s = LispSpec(self, name, l)
	default:
		s = r.execSpec(self, game)
	}
	s.Name, s.GameName = name, game
	for _, k := range slices.Sorted(maps.Keys(r.Env)) {
		s.Env = append(s.Env, k+"="+r.Env[k])
	}
	return s
}

// BotBinary is the name of the built-in bots alone (cmd/arena-bot), which
// a built-in bot's Spec runs when it is beside arena's executable.
const BotBinary = "arena-bot"

// builtinSpec returns the Spec that runs built-in bot name, launched
// through self so that limits apply: as `arena-bot NAME key=value...`
// (options in key order) when BotBinary is beside self, arena's own
// executable, since it starts in less time; otherwise as `self bot serve
// builtin:NAME key=value...`.
func builtinSpec(self, name string, opts map[string]string) host.Spec {
	var kv []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		kv = append(kv, k+"="+opts[k])
	}
	s := host.SelfSpec(self, append([]string{"bot", "serve", BuiltinPrefix + name}, kv...)...)
	if alone := host.Beside(self, BotBinary); alone != "" {
		s.Path, s.Args = alone, append([]string{name}, kv...)
	}
	return s
}

// execSpec returns how to start r, an executable (path or registered),
// through self for a game of game: itself for gRPC; for the line protocol,
// arena's line adapter (`self bot serve lines GAME PATH ARGS...`), which
// starts it.
func (r Ref) execSpec(self, game string) host.Spec {
	if !r.Lines() {
		s := host.ExecSpec(self, r.Path, r.Args)
		s.SHA256 = r.SHA256
		return s
	}
	// The adapter starts the program by its path from the sandbox's
	// folder: a path of the command line (Parse) is made absolute.
	path := Abs("", r.Path)
	s := host.ExecSpec(self, path, r.Args) // what it sees: a script's folder too
	s.SHA256 = r.SHA256
	s.Path, s.Args = self, append([]string{"bot", "serve", lines.Selector, game, path}, r.Args...)
	s.Files = append(s.Files, path)
	return s
}

// LispSpec returns the Spec that runs the Lisp bot c, called name, through
// self as `self bot serve lisp key=value...` (see lisp.Args and Serve),
// launched through self so that limits apply, with
// lisp.RecommendedStartTimeout since loading happens before the
// handshake. The paths of c should be absolute (see lisp.Config.Resolve);
// in the sandbox the bot sees its Root as its workspace, writable through
// a private copy-on-write layer (host.Spec.Workspace), and the directories
// of its files and its Reads outside Root read-only, and its compiled
// driver (lisp.Config.Driver).
func LispSpec(self, name string, c lisp.Config) host.Spec {
	files := c.Seen()
	if c.Driver != "" {
		files = append(files, c.Driver)
	}
	return host.Spec{
		Name:         name,
		Path:         self,
		Args:         append([]string{"bot", "serve"}, lisp.Args(c)...),
		StartTimeout: lisp.RecommendedStartTimeout,
		Launcher:     host.SelfLauncher(self),
		Files:        files,
		Workspace:    c.Root,
	}
}

// ProbeSpec returns the Spec that probes the Lisp bot c, called name: the
// bot's own LispSpec (its sandbox, its view, its start timeout) running
// `self bot serve lisp-probe [given=KEY,...] key=value...` instead of the
// bot. given names the keys of c that a person set, which the probe takes
// as they are.
func ProbeSpec(self, name string, c lisp.Config, given []string) host.Spec {
	s := LispSpec(self, name, c)
	args := []string{"bot", "serve", probe.Selector}
	if len(given) > 0 {
		args = append(args, "given="+strings.Join(given, ","))
	}
	s.Args = append(args, lisp.Args(c)[1:]...)
	return s
}

// Files returns the files and folders of the host that bot r needs, as
// they travel to another machine: a Lisp bot's files, reads and root, an
// executable's path; nil for a built-in bot, which arena's executable
// holds.
func (r Ref) Files() []string {
	k, _ := r.Kind()
	switch k {
	case Builtin:
		return nil
	case Lisp:
		files := append(slices.Clone(r.Lisp.Files), r.Lisp.Reads...)
		if r.Lisp.Root != "" {
			files = append(files, r.Lisp.Root)
		}
		return files
	}
	return []string{r.Path}
}

// Seen returns the files and folders of the host that bot r reads in its
// sandbox, each once: a Lisp bot's root (by default its first file's
// folder), the folders of its files and its reads; an executable's path
// and, for a script, its folder. nil for a built-in bot.
func (r Ref) Seen() []string {
	var seen []string
	add := func(p string) {
		if p != "" && !slices.Contains(seen, p) {
			seen = append(seen, p)
		}
	}
	k, _ := r.Kind()
	switch k {
	case Builtin:
	case Lisp:
		l := *r.Lisp
		if l.Root == "" && len(l.Files) > 0 {
			l.Root = filepath.Dir(l.Files[0])
		}
		add(l.Root)
		for _, p := range l.Seen() {
			add(p)
		}
	default:
		for _, p := range r.execSpec("", "").Files {
			add(p)
		}
		add(Abs("", r.Path))
	}
	return seen
}

// checkLinks returns the error of the first symbolic link under r's
// folders (Seen) that leads out of them: the sandbox would not show the
// bot what it leads to, and its key could not count it.
func (r Ref) checkLinks() error {
	seen := r.Seen()
	for _, p := range seen {
		if err := treehash.CheckLinks(p, seen); err != nil {
			var out *treehash.OutsideError
			if errors.As(err, &out) {
				return err
			}
		}
	}
	return nil
}

// MapFiles replaces each path of Files in r with f of it, as the files
// are on another machine.
func (r *Ref) MapFiles(f func(string) string) {
	k, _ := r.Kind()
	switch k {
	case Builtin:
	case Lisp:
		l := *r.Lisp
		l.Files, l.Reads = mapSlice(l.Files, f), mapSlice(l.Reads, f)
		if l.Root != "" {
			l.Root = f(l.Root)
		}
		r.Lisp = &l
	default:
		r.Path = f(r.Path)
	}
}

// Bundled makes r the bot a worker runs from a bundle of its files: each
// path mapped by f (MapFiles), and a registered bot a path bot, as the
// worker has no registry.
func (r *Ref) Bundled(f func(string) string) {
	r.Registered = ""
	r.MapFiles(f)
}

func mapSlice(s []string, f func(string) string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = f(v)
	}
	return out
}

// Serve runs arena's executable as a bot's process when args (the
// command line after the executable's name) is `bot serve SELECTOR ...`:
// builtin:NAME, lisp, lisp-probe or lines. handled is false for any other command
// line. It returns an error only when the bot cannot start; the caller
// prints it and exits non-zero, which the host reports as a start failure.
// The launcher (`arena bot launch ...`) never gets here: package launch
// runs it from its init.
func Serve(ctx context.Context, args []string, log io.Writer) (handled bool, err error) {
	if len(args) < 3 || args[0] != "bot" || args[1] != "serve" {
		return false, nil
	}
	sel, rest := args[2], args[3:]
	switch {
	case strings.HasPrefix(sel, BuiltinPrefix):
		if err := builtin.Serve(strings.TrimPrefix(sel, BuiltinPrefix), rest); err != nil {
			return true, &ArgsError{err} // a built-in bot fails only on its name and options
		}
		return true, nil
	case sel == probe.Selector:
		return true, probe.Serve(ctx, args[2:], log)
	case sel == lisp.Selector || strings.HasPrefix(sel, lisp.Selector+":"):
		return true, lisp.Serve(ctx, args[2:], log)
	case sel == lines.Selector:
		return true, lines.Serve(ctx, args[2:], log)
	}
	return true, &ArgsError{fmt.Errorf("%q is not %sNAME, %s, %s or %s", sel, BuiltinPrefix, lisp.Selector, probe.Selector, lines.Selector)}
}

// ArgsError is a command line of `arena bot serve` that names no bot
// arena can serve: a user's mistake, where a bot that cannot start is not.
type ArgsError struct{ Err error }

func (e *ArgsError) Error() string { return "bot serve: " + e.Err.Error() }
func (e *ArgsError) Unwrap() error { return e.Err }

// Abs returns path made absolute, a relative path taken from dir: how a
// league file's paths are read, a bot's among them (Ref.Resolve). It
// returns the path joined to dir when the working directory is not known.
func Abs(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	p, err := filepath.Abs(filepath.Join(dir, path))
	if err != nil {
		return filepath.Join(dir, path)
	}
	return p
}

// fileExists reports whether anything is at path.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// relPath returns path relative to the current directory when it is below
// it, for messages a user can paste.
func relPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if r, err := filepath.Rel(wd, path); err == nil && r != ".." && !strings.HasPrefix(r, "../") {
		return r
	}
	return path
}
