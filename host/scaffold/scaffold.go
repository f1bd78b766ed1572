package scaffold

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	arenasdk "github.com/arenabots/arena"
	"github.com/arenabots/arena/bots/examples"
)

// sdkModule is the module path of arena's source tree, which a Go bot
// imports.
const sdkModule = "github.com/arenabots/arena"

// Lang is the language of a bot project.
type Lang string

// The languages of Write. C, Python, Rust and JavaScript bots speak the
// line protocol (docs/protocol.md); a Go bot is built with the SDK, a Lisp
// one runs in the Lisp adapter.
const (
	Go     Lang = "go"
	C      Lang = "c"
	Python Lang = "python"
	Rust   Lang = "rust"
	JS     Lang = "js" // JavaScript, run by Node
	Lisp   Lang = "lisp"
)

// Langs returns the languages of Write, in the order a user reads them.
func Langs() []Lang { return []Lang{Go, C, Python, Rust, JS, Lisp} }

// starter is how a line-protocol bot of a language is written from its
// example in bots/examples/lines and built.
type starter struct {
	example string   // the example, in bots/examples/lines: first+ext
	ext     string   // the source file's extension: the project's is NAME+ext
	name    string   // the example's name in its handshake, which becomes NAME
	tool    string   // the command that builds or runs the bot
	apt     string   // the Debian package that has tool
	build   []string // tool's arguments that build the binary NAME; nil: a script, run as it is
}

// starters are the line-protocol languages.
var starters = map[Lang]starter{
	C:      {"first.c", ".c", "first-c", "cc", "gcc", []string{"-O2", "-o", "NAME", "NAME.c"}},
	Python: {"first.py", ".py", "first-py", "python3", "python3", nil},
	Rust:   {"first.rs", ".rs", "first-rs", "rustc", "rustc", []string{"-O", "-o", "NAME", "NAME.rs"}},
	JS:     {"first.js", ".js", "first-js", "node", "nodejs", nil},
}

// args returns s.build for the bot name.
func (s starter) args(name string) []string {
	args := make([]string, len(s.build))
	for i, a := range s.build {
		args[i] = strings.ReplaceAll(a, "NAME", name)
	}
	return args
}

// Project is a bot project that Write created.
type Project struct {
	Name string
	Lang Lang
	Dir  string // absolute
	// Bot is what runs or loads the bot: the binary of a Go, C or Rust
	// project (once built), the script of a Python or JavaScript one,
	// jogo.lisp of a Lisp one.
	Bot string
	// Source is the file to edit: main.go, NAME.c, NAME.py, ...
	Source string
	// Rebuild is the command, run in Dir, that builds the bot again after
	// an edit, as a user types it; "" when the bot needs no build.
	Rebuild string
	// SDK is the arena source tree that a Go project's go.mod points to:
	// the copy of the SDK in the project (sdkDir), or the tree given to
	// Write.
	SDK string
	// Lines says the bot speaks the line protocol (docs/protocol.md), not
	// go-plugin's gRPC: a C, Python, Rust or JavaScript project's.
	Lines bool
	// EveryGame says the bot plays every game of the table, as the line
	// starters do (the first legal move); the others play the default
	// game.
	EveryGame bool
	// Settings are a Lisp project's adapter settings, as `arena bot check
	// --lisp` takes them (KEY=VALUE): the sample bot gets the board alone,
	// answers with the new board and always plays as white.
	Settings []string
}

// sdkDir is the folder of a Go project that holds the copy of the SDK
// that arena carries (package sdk), when Write is given no source tree.
const sdkDir = "arena-sdk"

// ErrNotEmpty says that the folder of a new project already holds files.
var ErrNotEmpty = errors.New("already exists and is not empty: choose another --dir")

// CheckSDK reports whether dir is an arena source tree.
func CheckSDK(dir string) error {
	mod, err := modulePath(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("%s is not an arena source tree: %w", dir, err)
	}
	if mod != sdkModule {
		return fmt.Errorf("%s is not an arena source tree: its go.mod is module %s, not %s", dir, mod, sdkModule)
	}
	return nil
}

// modulePath returns the module path that the go.mod at path declares.
func modulePath(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if mod := directive(data, "module"); mod != "" {
		return mod, nil
	}
	return "", fmt.Errorf("%s declares no module", path)
}

// directive returns the argument of the first line of a go.mod that starts
// with the directive name ("module", "go"), unquoted, or "".
func directive(gomod []byte, name string) string {
	sc := bufio.NewScanner(bytes.NewReader(gomod))
	for sc.Scan() {
		if arg, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), name+" "); ok {
			return strings.Trim(strings.TrimSpace(arg), `"`)
		}
	}
	return ""
}

// Write creates the project of bot name in lang in dir, which must not
// exist or be empty. A Go project builds against sdk, an arena source tree
// (see CheckSDK), or, when sdk is "", against the copy of the SDK that
// arena carries, written into the project's sdkDir; the other languages
// ignore sdk.
func Write(dir, name string, lang Lang, sdk string) (*Project, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return nil, fmt.Errorf("%s %w", dir, ErrNotEmpty)
	}
	p := &Project{Name: name, Lang: lang, Dir: dir}
	var files []file
	switch s, lines := starters[lang]; {
	case lines:
		p.Lines, p.EveryGame, p.Source = true, true, filepath.Join(dir, name+s.ext)
		p.Bot = p.Source
		mode := fs.FileMode(0o755) // a script is the bot's executable
		if s.build != nil {
			p.Bot, mode = filepath.Join(dir, name), 0o644
			p.Rebuild = strings.Join(append([]string{s.tool}, s.args(name)...), " ")
		}
		// The bot's name in its handshake, and its file in the comments.
		var src []byte
		src, err = example("lines/"+s.example, s.name, name, s.example, name+s.ext, "-o first ", "-o "+name+" ")
		files = []file{{name + s.ext, src, mode}}
	case lang == Go:
		p.Bot, p.Source = filepath.Join(dir, name), filepath.Join(dir, "main.go")
		p.Rebuild = "go build -o " + name + " ."
		if sdk == "" {
			p.SDK = filepath.Join(dir, sdkDir)
			files, err = goFiles(name, arenasdk.FS(), "")
			break
		}
		if err := CheckSDK(sdk); err != nil {
			return nil, err
		}
		p.SDK = sdk
		files, err = goFiles(name, os.DirFS(sdk), sdk)
	case lang == Lisp:
		p.Bot = filepath.Join(dir, "jogo.lisp")
		p.Source = p.Bot
		p.Settings = []string{"state=board", "answer=state", "perspective=white"}
		files, err = lispFiles()
	default:
		return nil, fmt.Errorf("unknown language %q: want one of %q", lang, Langs())
	}
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, f.data, f.mode); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// file is one file of a new project.
type file struct {
	name string // slash-separated, relative to the project
	data []byte
	mode fs.FileMode
}

// example returns the example file at path, with each old of the pairs
// replaced by its new.
func example(path string, oldnew ...string) ([]byte, error) {
	data, err := fs.ReadFile(examples.FS(), path)
	if err != nil {
		return nil, err
	}
	return []byte(strings.NewReplacer(oldnew...).Replace(string(data))), nil
}

// goFiles are a Go project: the example bot named name, a go.mod that
// replaces the SDK's module with the source tree at tree, whose files are
// sdk, and sdk's go.sum (a superset of what the bot needs, so that
// building it downloads nothing that the SDK's build did not). When tree
// is "", the project holds a copy of sdk's files, less their tests, in
// sdkDir, and its go.mod replaces the module with that.
func goFiles(name string, sdk fs.FS, tree string) ([]file, error) {
	main, err := example("first/main.go", `Name: "first"`, fmt.Sprintf("Name: %q", name))
	if err != nil {
		return nil, err
	}
	sdkMod, err := fs.ReadFile(sdk, "go.mod")
	if err != nil {
		return nil, err
	}
	sum, err := fs.ReadFile(sdk, "go.sum")
	if err != nil {
		return nil, err
	}
	if mod := directive(sdkMod, "module"); mod != sdkModule {
		return nil, fmt.Errorf("the SDK's go.mod is module %q, not %s", mod, sdkModule)
	}
	replace := tree
	if tree == "" {
		replace = "./" + sdkDir
	}
	mod := fmt.Sprintf(`module %s

go %s

require %s v0.0.0

// %s is not fetchable: the bot builds against a copy of its sources.
replace %s => %s
`, name, directive(sdkMod, "go"), sdkModule, sdkModule, sdkModule, replace)
	files := []file{
		{"main.go", main, 0o644},
		{"go.mod", []byte(mod), 0o644},
		{"go.sum", sum, 0o644},
	}
	if tree != "" {
		return files, nil
	}
	err = fs.WalkDir(sdk, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := fs.ReadFile(sdk, path)
		files = append(files, file{sdkDir + "/" + path, data, 0o644})
		return err
	})
	return files, err
}

// lispFiles are a Lisp project: the sample bot that takes the board alone,
// and the rules it loads, side by side.
func lispFiles() ([]file, error) {
	bot, err := example("lisp/tabuleiro/jogo.lisp", `(load "../regras.lisp")`, `(load "regras.lisp")`)
	if err != nil {
		return nil, err
	}
	rules, err := example("lisp/regras.lisp")
	if err != nil {
		return nil, err
	}
	return []file{{"jogo.lisp", bot, 0o644}, {"regras.lisp", rules, 0o644}}, nil
}

// Build builds the project's bot: a Go project's binary with the go
// command, after `go mod tidy` completes its go.mod; a C or Rust one's with
// its compiler. For a script it checks that its interpreter is on PATH; a
// Lisp project needs no build. When the tool is missing, the error says
// what to install and wraps exec.ErrNotFound.
func (p *Project) Build(ctx context.Context) error {
	if s, ok := starters[p.Lang]; ok {
		tool, err := exec.LookPath(s.tool)
		if err != nil {
			return fmt.Errorf("a %s bot needs %s (Debian: apt-get install %s): %w", p.Lang, s.tool, s.apt, err)
		}
		if s.build == nil {
			return nil
		}
		return run(ctx, p.Dir, tool, s.args(p.Name)...)
	}
	if p.Lang != Go {
		return nil
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("building a Go bot needs the go command: %w", err)
	}
	if err := run(ctx, p.Dir, gocmd, "mod", "tidy"); err != nil {
		return err
	}
	return run(ctx, p.Dir, gocmd, "build", "-o", p.Bot, ".")
}

// run runs the command name with args in dir, its output in the error.
func run(ctx context.Context, dir, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s in %s: %w\n%s", filepath.Base(name), strings.Join(args, " "), dir, err, out)
	}
	return nil
}
