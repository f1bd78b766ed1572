package intake

import (
	"archive/zip"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zipEntry is one entry of a test zip.
type zipEntry struct {
	name string
	mode fs.FileMode
	data []byte
}

// writeZip writes a zip of entries at path.
func writeZip(t *testing.T, path string, entries []zipEntry) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		h.SetMode(e.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestUnzip(t *testing.T) {
	lisp := []byte("(defun jogar (e tempo) e)")
	for _, tc := range []struct {
		name     string
		entries  []zipEntry
		root     string   // the root returned, relative to the unpack folder
		files    []string // files that must be there, relative to the unpack folder
		absent   []string // paths, relative to the test's folder, that must not exist
		errorHas string
	}{
		{"one top folder is the root", []zipEntry{{"g12/", fs.ModeDir | 0o755, nil}, {"g12/jogo.lisp", 0o644, lisp}, {"__MACOSX/g12/._jogo.lisp", 0o644, lisp}},
			"g12", []string{"g12/jogo.lisp"}, []string{"out/__MACOSX"}, ""},
		{"files at the top", []zipEntry{{"jogo.lisp", 0o644, lisp}, {"src/regras.lisp", 0o644, lisp}},
			".", []string{"jogo.lisp", "src/regras.lisp"}, nil, ""},
		{"zip slip", []zipEntry{{"../evil.lisp", 0o644, lisp}, {"g/../../evil2.lisp", 0o644, lisp}, {"/tmp/evil3.lisp", 0o644, lisp}, {"jogo.lisp", 0o644, lisp}},
			".", []string{"jogo.lisp"}, []string{"evil.lisp", "evil2.lisp"}, ""},
		{"links are skipped", []zipEntry{{"passwd", fs.ModeSymlink | 0o777, []byte("/etc/passwd")}, {"jogo.lisp", 0o644, lisp}},
			".", []string{"jogo.lisp"}, []string{"out/passwd"}, ""},
		{"zip bomb", []zipEntry{{"zeros.lisp", 0o644, make([]byte, maxZipFile+1)}},
			"", nil, nil, "more than the limits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "g.zip")
			writeZip(t, path, tc.entries)
			root, err := unzip(path, filepath.Join(dir, "out"))
			if tc.errorHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errorHas) {
					t.Fatalf("unzip error %v, want one saying %q", err, tc.errorHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(dir, "out", tc.root); root != want {
				t.Errorf("root %s, want %s", root, want)
			}
			for _, f := range tc.files {
				if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
					t.Errorf("%s not unpacked: %v", f, err)
				}
			}
			for _, f := range tc.absent {
				if _, err := os.Lstat(filepath.Join(dir, f)); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s was written (%v)", f, err)
				}
			}
			if _, err := os.Stat("/tmp/evil3.lisp"); err == nil {
				t.Error("/tmp/evil3.lisp was written")
			}
		})
	}
}

func TestList(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "entregas")
	for _, d := range []string{"b_2200002_P2", ".git", "__MACOSX"} {
		if err := os.MkdirAll(filepath.Join(class, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeZip(t, filepath.Join(class, "a_2200001_P1.zip"), []zipEntry{{"jogo.lisp", 0o644, []byte("(defun jogar (e tempo) e)")}})
	if err := os.WriteFile(filepath.Join(class, "notas.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	subs, err := List([]string{class}, filepath.Join(dir, "work"))
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 || subs[0].Group != "a_2200001_P1" || subs[1].Group != "b_2200002_P2" {
		t.Fatalf("List = %+v, want a_2200001_P1 (zip) then b_2200002_P2", subs)
	}
	if want := filepath.Join(dir, "work", "submissions", "a_2200001_P1"); subs[0].Root != want {
		t.Errorf("the zip's root is %s, want %s (under the work folder)", subs[0].Root, want)
	}
	if _, err := os.Stat(filepath.Join(class, "a_2200001_P1")); err == nil {
		t.Error("the zip was unpacked beside itself")
	}
	// A folder of Lisp files alone is one submission.
	one := writeTree(t, map[string]string{"jogo.lisp": "(defun jogar (e tempo) e)"})
	subs, err = List([]string{one}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != 1 || subs[0].Root != one {
		t.Errorf("List(%s) = %+v, %v; want the folder itself", one, subs, err)
	}
}
