package scaffold

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestFindSDK(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := FindSDK("."); err != nil || got != root {
		t.Errorf("FindSDK(.) = %q, %v; want %q", got, err, root)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := FindSDK(other); !errors.Is(err, ErrNoSDK) {
		t.Errorf("FindSDK(a tree of another module) = %v, want ErrNoSDK", err)
	}
	if err := CheckSDK(other); err == nil {
		t.Error("CheckSDK accepted a tree of another module")
	}
}

func TestWrite(t *testing.T) {
	sdk, err := FindSDK(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang  Lang
		files []string
		bot   string
	}{
		{Go, []string{"go.mod", "go.sum", "main.go"}, "b"},
		{Python, []string{"bot.py", "go_plugin_pb2.py", "go_plugin_pb2_grpc.py", "health_pb2.py", "health_pb2_grpc.py", "jogador_pb2.py", "jogador_pb2_grpc.py"}, "bot.py"},
		{Lisp, []string{"jogo.lisp", "regras.lisp"}, "jogo.lisp"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "b")
			p, err := Write(dir, "b", tc.lang, sdk)
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
			if _, err := Write(dir, "b", tc.lang, sdk); !errors.Is(err, ErrNotEmpty) {
				t.Errorf("Write into the same folder again = %v, want ErrNotEmpty", err)
			}
		})
	}
}

func TestWriteUnknownLanguage(t *testing.T) {
	if _, err := Write(t.TempDir(), "b", "rust", ""); err == nil {
		t.Error("Write accepted language rust")
	}
}
