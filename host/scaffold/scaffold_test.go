package scaffold

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCheckSDK(t *testing.T) {
	if err := CheckSDK("../.."); err != nil {
		t.Errorf("CheckSDK(the module's root) = %v", err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckSDK(other); err == nil {
		t.Error("CheckSDK accepted a tree of another module")
	}
}

func TestWrite(t *testing.T) {
	sdk, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		lang    Lang
		sdk     string // "": the SDK's copy
		files   []string
		bot     string
		rebuild string
	}{
		{"go", Go, sdk, []string{"go.mod", "go.sum", "main.go"}, "b", "go build -o b ."},
		{"go with the SDK's copy", Go, "", []string{sdkDir, "go.mod", "go.sum", "main.go"}, "b", "go build -o b ."},
		{"c", C, "", []string{"b.c"}, "b", "cc -O2 -o b b.c"},
		{"python", Python, "", []string{"b.py"}, "b.py", ""},
		{"rust", Rust, "", []string{"b.rs"}, "b", "rustc -O -o b b.rs"},
		{"js", JS, "", []string{"b.js"}, "b.js", ""},
		{"lisp", Lisp, "", []string{"jogo.lisp", "regras.lisp"}, "jogo.lisp", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "b")
			p, err := Write(dir, "b", tc.lang, tc.sdk)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(got, tc.files) {
				t.Errorf("files %q, want %q", got, tc.files)
			}
			if want := filepath.Join(dir, tc.bot); p.Bot != want {
				t.Errorf("Bot = %q, want %q", p.Bot, want)
			}
			if p.Rebuild != tc.rebuild {
				t.Errorf("Rebuild = %q, want %q", p.Rebuild, tc.rebuild)
			}
			if _, lines := starters[tc.lang]; lines != p.Lines {
				t.Errorf("Lines = %v, want %v", p.Lines, lines)
			}
			if p.Lines {
				checkStarter(t, p)
			}
			if _, err := Write(dir, "b", tc.lang, tc.sdk); !errors.Is(err, ErrNotEmpty) {
				t.Errorf("Write into the same folder again = %v, want ErrNotEmpty", err)
			}
		})
	}
}

// checkStarter checks the source of the line-protocol project p: the bot
// says its own name in the handshake, its comments name its own files, and
// a script is executable.
func checkStarter(t *testing.T, p *Project) {
	t.Helper()
	src, err := os.ReadFile(p.Source)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bot name " + p.Name + " "; !strings.Contains(string(src), want) {
		t.Errorf("%s lacks %q", p.Source, want)
	}
	prose := strings.NewReplacer("A first bot", "", "the first legal move", "", "the first move", "")
	if strings.Contains(prose.Replace(string(src)), "first") {
		t.Errorf("%s still names the example, first:\n%s", p.Source, src)
	}
	info, err := os.Stat(p.Source)
	if err != nil {
		t.Fatal(err)
	}
	if script := p.Rebuild == ""; script != (info.Mode()&0o100 != 0) {
		t.Errorf("%s has mode %v; want it executable only when it is a script", p.Source, info.Mode())
	}
}

func TestWriteUnknownLanguage(t *testing.T) {
	if _, err := Write(t.TempDir(), "b", "cobol", ""); err == nil {
		t.Error("Write accepted language cobol")
	}
}

// TestSDKCopy checks that the SDK's copy holds every file of every package
// of this module that package bots imports, and the files they embed, and
// no test file, by asking the go command.
func TestSDKCopy(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the SDK's packages")
	}
	out, err := exec.Command(gocmd, "list", "-deps", "-f",
		`{{if .Module}}{{if eq .Module.Path "`+sdkModule+`"}}{{.Dir}}|{{join .GoFiles ","}}|{{join .EmbedFiles ","}}{{end}}{{end}}`,
		sdkModule+"/bots").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "b")
	if _, err := Write(dir, "b", Go, ""); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, sdkDir)
	want := map[string]bool{"go.mod": true, "go.sum": true}
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		fields := strings.Split(strings.TrimSpace(line), "|")
		pkg, err := filepath.Rel(root, fields[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range strings.Split(fields[1]+","+fields[2], ",") {
			if f != "" {
				want[filepath.ToSlash(filepath.Join(pkg, f))] = true
			}
		}
	}
	got := map[string]bool{}
	err = filepath.WalkDir(copied, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(copied, path)
			got[filepath.ToSlash(rel)] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for f := range want {
		if !got[f] {
			t.Errorf("the SDK's copy lacks %s: add its folder to the embed patterns of the module root's sdk.go", f)
		}
	}
	for f := range got {
		if strings.HasSuffix(f, "_test.go") {
			t.Errorf("the SDK's copy holds the test file %s", f)
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		a, _ := os.ReadFile(filepath.Join(root, f))
		b, _ := os.ReadFile(filepath.Join(copied, f))
		if string(a) != string(b) {
			t.Errorf("the SDK's copy of %s differs from the module's", f)
		}
	}
}
