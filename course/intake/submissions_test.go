package intake

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
)

// zipEntry is one entry of a test zip.
type zipEntry struct {
	name string
	mode fs.FileMode
	data []byte
}

// writeZip writes a zip of entries at path. An entry of a MiB or more of
// zeros (a bomb) goes in compressed already (zerosDeflated).
func writeZip(t testing.TB, path string, entries []zipEntry) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		h.SetMode(e.mode)
		create, data := zw.CreateHeader, e.data
		if n := len(e.data); n >= 1<<20 && bytes.Equal(e.data, make([]byte, n)) {
			var crc uint32
			data, crc = zerosDeflated(t, int64(n))
			h.CRC32, h.CompressedSize64, h.UncompressedSize64 = crc, uint64(len(data)), uint64(n)
			create = zw.CreateRaw
		}
		w, err := create(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
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
		{"control characters are written escaped", []zipEntry{{"jo\x1b[2Jgo\r.lisp", 0o644, lisp}, {"jogo.lisp", 0o644, lisp}},
			".", []string{`jo\x1b[2Jgo\r.lisp`, "jogo.lisp"}, []string{"out/jo\x1b[2Jgo\r.lisp"}, ""},
		{"zip bomb", []zipEntry{{"zeros.lisp", 0o644, make([]byte, maxZipFile+1)}},
			"", nil, nil, "more than a submission"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "g.zip")
			writeZip(t, path, tc.entries)
			root, err := unpack(t.Context(), path, filepath.Join(dir, "out"), archiveOf(path), submissionLimits())
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
	jogo := []byte("(defun jogar (e tempo) e)")
	writeZip(t, filepath.Join(class, "a_2200001_P1.zip"), []zipEntry{{"jogo.lisp", 0o644, jogo}})
	writeTar(t, filepath.Join(class, "c_2200003_P3.tar.gz"), true, map[string][]byte{"c/jogo.lisp": jogo})
	writeTar(t, filepath.Join(class, "d_2200004_P4.tar"), false, map[string][]byte{"jogo.lisp": jogo})
	for name, data := range map[string][]byte{"notas.txt": nil, "e_2200005_P5.rar": []byte("Rar!\x1a\x07\x00")} {
		if err := os.WriteFile(filepath.Join(class, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := List(t.Context(), []string{class}, filepath.Join(dir, "work"))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ group, root, problem string }{
		{"a_2200001_P1", filepath.Join(dir, "work", "submissions", "a_2200001_P1.zip"), ""},
		{"b_2200002_P2", filepath.Join(class, "b_2200002_P2"), ""},
		{"c_2200003_P3", filepath.Join(dir, "work", "submissions", "c_2200003_P3.tar.gz", "c"), ""},
		{"d_2200004_P4", filepath.Join(dir, "work", "submissions", "d_2200004_P4.tar"), ""},
		{"e_2200005_P5", "", "not read: RAR archive, which arena does not read (it reads zip, tar, tar.gz, tar.bz2): unpack it into a folder and run intake again"},
		{"notas.txt", "", "not read: not a folder or an archive arena reads"},
	}
	if len(subs) != len(want) {
		t.Fatalf("List = %+v, want %d entries", subs, len(want))
	}
	for i, w := range want {
		s := subs[i]
		if s.Group != w.group || s.Root != w.root || !strings.HasPrefix(s.Problem, w.problem) || (w.problem == "") != (s.Problem == "") || s.Whole {
			t.Errorf("entry %d: %+v, want %+v", i, s, w)
		}
		if strings.HasPrefix(s.Root, filepath.Join(dir, "work")) {
			if _, err := os.Stat(filepath.Join(s.Root, "jogo.lisp")); err != nil {
				t.Errorf("%s: %v", s.Group, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(class, "a_2200001_P1")); err == nil {
		t.Error("the zip was unpacked beside itself")
	}
	// A folder of Lisp files alone is one submission.
	one := writeTree(t, map[string]string{"jogo.lisp": "(defun jogar (e tempo) e)"})
	subs, err = List(t.Context(), []string{one}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != 1 || subs[0].Root != one || !subs[0].Whole {
		t.Errorf("List(%s) = %+v, %v; want the folder itself", one, subs, err)
	}
	// So is a group's folder whose sub-folders are not groups'.
	group := filepath.Join(dir, "ana_2201001_rui_2201002_P1")
	for _, f := range []string{"src/jogo.lisp", "t/testes.lisp"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(group, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(group, f), jogo, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, err = List(t.Context(), []string{group}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != 1 || subs[0].Root != group || !subs[0].Whole {
		t.Errorf("List(%s) = %+v, %v; want the group's folder itself", group, subs, err)
	}
}

// writeTar writes a tar, gzipped when gz, of files at path.
func writeTar(t testing.TB, path string, gz bool, files map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	var w io.Writer = &buf
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(&buf)
		w = zw
	}
	tw := tar.NewWriter(w)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(files[name])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(files[name]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBadZips checks that an archive that breaks the limits of a
// submission is a row saying why, and the other entries go on (issue 28,
// H7): today a bad zip stops the whole intake.
func TestBadZips(t *testing.T) {
	jogo := []byte("(defun jogar (e tempo) e)")
	// A 300 MiB bomb: five entries of 60 MiB of zeros, compressed once.
	const chunk = 60 << 20
	zeros, crc := zerosDeflated(t, chunk)
	bomb := func(zw *zip.Writer) {
		for i := range 5 {
			w, err := zw.CreateRaw(&zip.FileHeader{Name: fmt.Sprintf("g/zeros%d.lisp", i), Method: zip.Deflate,
				CRC32: crc, CompressedSize64: uint64(len(zeros)), UncompressedSize64: chunk})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(zeros); err != nil {
				t.Fatal(err)
			}
		}
	}
	entries := func(zw *zip.Writer) {
		for i := range 100_000 {
			if _, err := zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("g/%d.lisp", i), Method: zip.Store}); err != nil {
				t.Fatal(err)
			}
		}
	}
	fileAndFolder := func(zw *zip.Writer) {
		for _, name := range []string{"g/jogo.lisp", "g/jogo.lisp/jogo.lisp"} {
			w, err := zw.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write(jogo); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name   string
		write  func(*zip.Writer)
		reason string
	}{
		{"300 MiB bomb", bomb, "not eligible: its zip unpacks to more than 256 MiB"},
		{"100k entries", entries, "not eligible: its zip has 100000 entries, more than 2000"},
		{"a file and a folder of one name", fileAndFolder, "not eligible: its zip holds g/jogo.lisp/jogo.lisp twice, or as a file and as a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			class := filepath.Join(dir, "class")
			if err := os.Mkdir(class, 0o755); err != nil {
				t.Fatal(err)
			}
			writeZip(t, filepath.Join(class, "a_2200001_P1.zip"), []zipEntry{{"jogo.lisp", 0o644, jogo}})
			f, err := os.Create(filepath.Join(class, "b_2200002_P2.zip"))
			if err != nil {
				t.Fatal(err)
			}
			zw := zip.NewWriter(f)
			tc.write(zw)
			if err := errors.Join(zw.Close(), f.Close()); err != nil {
				t.Fatal(err)
			}
			subs, err := List(t.Context(), []string{class}, filepath.Join(dir, "work"))
			if err != nil {
				t.Fatalf("List: %v: one bad zip stops the intake", err)
			}
			if len(subs) != 2 || subs[0].Problem != "" || !strings.HasPrefix(subs[1].Problem, tc.reason) {
				t.Fatalf("List = %+v, want a_2200001_P1 read and b_2200002_P2 a row saying %q", subs, tc.reason)
			}
			r := submit(context.Background(), subs[1], Options{Game: cavalo.Game{}})
			if r.Eligible || r.Reason != subs[1].Problem || r.Name != "p2" {
				t.Errorf("submit = %+v, want p2 not eligible: %s", r, subs[1].Problem)
			}
			if _, err := os.Stat(filepath.Join(dir, "work", "submissions", "b_2200002_P2.zip")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("what the bad zip unpacked is left behind (%v)", err)
			}
		})
	}
}

// zerosDeflated returns n zeros as a raw deflate stream, and their CRC-32.
// It compresses a block of 1 MiB once and repeats it: each copy ends on a
// byte boundary (a sync flush, not the final block) and refers back only
// to zeros, so the copies make one stream of all the zeros, at a fraction
// of the CPU time of compressing them all (tens of seconds under -race).
func zerosDeflated(t testing.TB, n int64) ([]byte, uint32) {
	t.Helper()
	const block = 1 << 20
	compress := func(w io.Writer, zeros int64, end func(*flate.Writer) error) {
		fw, err := flate.NewWriter(w, flate.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(make([]byte, zeros)); err != nil {
			t.Fatal(err)
		}
		if err := end(fw); err != nil {
			t.Fatal(err)
		}
	}
	var one, all bytes.Buffer
	compress(&one, block, (*flate.Writer).Flush)
	for range n / block {
		all.Write(one.Bytes())
	}
	compress(&all, n%block, (*flate.Writer).Close) // the rest, and the final block
	crc := crc32.NewIEEE()
	if _, err := io.Copy(crc, io.LimitReader(zeroReader{}, n)); err != nil {
		t.Fatal(err)
	}
	return all.Bytes(), crc.Sum32()
}

// zeroReader reads zeros.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
