package botkind

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
)

// BuiltinPrefix marks a built-in bot on the command line:
// "builtin:greedy" (see Parse), and in `arena bot serve builtin:NAME`.
const BuiltinPrefix = "builtin:"

// LinesPrefix marks, on the command line, a program that speaks the line
// protocol: "lines:./mybot".
const LinesPrefix = "lines:"

// LispPrefix marks, on the command line, a Common Lisp submission:
// lisp:FOLDER, lisp:ARCHIVE or lisp:FILE,...,KEY=VALUE..., which
// ParseSpec takes (and Parse does not).
const LispPrefix = "lisp:"

// Parse reads a bot of the command line: builtin:NAME[,KEY=VALUE...] for a
// built-in bot (its options checked; args are refused), lines:PATH for a
// program that speaks the line protocol, or the path of an executable
// (go-plugin) run with args. A bare name that is no file but names a
// built-in bot, or a bot of the registry at registryPath, is an error
// saying which was meant.
func Parse(ref string, args []string, registryPath string) (Ref, error) {
	if path, ok := strings.CutPrefix(ref, LinesPrefix); ok {
		r, err := Parse(path, args, registryPath)
		if err != nil || r.Builtin != "" {
			return Ref{}, fmt.Errorf("%s: want %sPATH, the path of a program that speaks the line protocol", ref, LinesPrefix)
		}
		r.Protocol = ProtocolLines
		return r, nil
	}
	rest, ok := strings.CutPrefix(ref, BuiltinPrefix)
	if !ok {
		if ref == "" {
			return Ref{}, errors.New("empty bot")
		}
		path, err := filepath.Abs(ref)
		if err != nil {
			return Ref{}, err
		}
		if err := host.CheckExecutable(path); err != nil {
			switch k, p := meant(ref, path, registryPath); k {
			case Builtin:
				err = fmt.Errorf("%w: did you mean %s%s?", err, BuiltinPrefix, ref)
			case Registered:
				err = fmt.Errorf("%w: did you mean %s, registered as %s in %s?", err, relPath(p), ref, registryPath)
			}
			return Ref{}, err
		}
		return Ref{Path: path, Args: args, given: ref}, nil // as Resolve makes it in a league of this folder
	}
	if len(args) > 0 {
		return Ref{}, fmt.Errorf("%s: a built-in bot takes options (builtin:NAME,KEY=VALUE), not arguments", ref)
	}
	fields := strings.Split(rest, ",")
	opts, err := builtin.ParseOptions(fields[1:])
	if err != nil {
		return Ref{}, fmt.Errorf("%s: %w", ref, err)
	}
	r := Ref{Builtin: fields[0], Options: opts}
	if err := r.Resolve(fields[0], "", nil); err != nil { // bad options are refused here, not in the bot
		return Ref{}, err
	}
	return r, nil
}

// ParseRegistrable reads the bot of `arena bot add NAME PATH ARGS...`, as
// Parse does: the executable at PATH, with args, that a registry records.
// A built-in bot is refused (a league names it with builtin:, unregistered),
// and so is a line bot, which a league names by its path.
func ParseRegistrable(ref string, args []string, registryPath string) (Ref, error) {
	if strings.HasPrefix(ref, BuiltinPrefix) {
		return Ref{}, fmt.Errorf("%s is built into arena: a league names it with 'builtin:', without registering it", ref)
	}
	r, err := Parse(ref, args, registryPath)
	if err != nil {
		return Ref{}, err
	}
	if !r.Registrable() { // a line bot: Parse gives no other kind here
		return Ref{}, fmt.Errorf("%s speaks the line protocol: a registry holds gRPC bots; a league names it with `path: %s, protocol: %s`", ref, r.given, ProtocolLines)
	}
	return r, nil
}

// Names returns the names that Named takes for a game of game: the
// built-in bots, then the bots of reg that play it (their Info lists it, or
// no game), each once.
func Names(reg *registry.Registry, game string) []string {
	names := builtin.Names()
	for _, b := range reg.Bots {
		if !slices.Contains(names, b.Name) && (len(b.Info.Games) == 0 || slices.Contains(b.Info.Games, game)) {
			names = append(names, b.Name)
		}
	}
	return names
}

// Named returns the bot that a bare name names where a person picks one by
// name (`arena serve --play`): the built-in bot of that name, else the bot
// registered under it in reg, with its path, arguments and sha256.
func Named(name string, reg *registry.Registry) (Ref, error) {
	if _, err := builtin.Lookup(name); err == nil {
		return Ref{Builtin: name}, nil
	}
	if e, ok := reg.Lookup(name); ok {
		return Ref{Registered: name, Path: e.Path, Args: slices.Clone(e.Args), SHA256: e.SHA256}, nil
	}
	return Ref{}, fmt.Errorf("no built-in or registered bot %q", name)
}
