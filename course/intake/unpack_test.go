package intake

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// TestHostileTarBz2 takes in a class with a tar.bz2 of a few dozen KiB
// that decompresses to 64 GiB, its entries skipped for their absolute
// names (issue 39, row 1): today the tar reader decompresses every byte
// of them (minutes of CPU, 1.5 h for the 880 GiB of the issue) before
// the other groups are read. Every byte decompressed counts against the
// limits: the archive is a row "not eligible" within seconds, and the
// other group is read. The class is listed within limits of 64 MiB in
// all, a submission's limit of one file, which each entry is within (by
// its header, and skipped, it writes nothing): the thousand entries
// unpack 66 MiB, not a submission's 258, before the stream's limit stops
// them, and the reason is the same.
func TestHostileTarBz2(t *testing.T) {
	lim := limits{files: maxZipFiles, bytes: maxZipFile, file: maxZipFile}
	for _, tc := range []struct {
		name string
		bomb intaketest.Bomb
	}{
		{"one entry of 880 GiB", intaketest.OneHuge},
		{"1000 entries of 64 MiB", intaketest.ManySkipped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			class := filepath.Join(dir, "class")
			if err := os.Mkdir(class, 0o755); err != nil {
				t.Fatal(err)
			}
			writeZip(t, filepath.Join(class, "a_2200001_P1.zip"), []zipEntry{{"jogo.lisp", 0o644, []byte("(defun jogar (e tempo) e)")}})
			if err := intaketest.WriteBomb(filepath.Join(class, "b_2200002_P2.tar.bz2"), tc.bomb); err != nil {
				t.Fatal(err)
			}
			// The verdict is the reason: an archive whose skipped bytes
			// did not count (the bug) would end with another one, after
			// minutes of CPU, and the test's own timeout stops a hang.
			// How long it took is not the test's to judge.
			start := time.Now()
			subs, err := list(t.Context(), []string{class}, filepath.Join(dir, "work"), lim)
			t.Logf("list took %v", time.Since(start))
			if err != nil {
				t.Fatal(err)
			}
			// errTooBig's words: a submission's limits, whatever lim.
			const reason = "not eligible: its tar.bz2 unpacks to more than 256 MiB"
			if len(subs) != 2 || subs[0].Problem != "" || !strings.HasPrefix(subs[1].Problem, reason) {
				t.Fatalf("list = %+v, want a_2200001_P1 read and b_2200002_P2 a row saying %q", subs, reason)
			}
			if _, err := os.Stat(filepath.Join(subs[0].Root, "jogo.lisp")); err != nil {
				t.Errorf("the other group is not read: %v", err)
			}
		})
	}
}

// TestUnpackStopsWhenCancelled unpacks the bomb with no limit and cancels
// it after a moment, within an entry that is being skipped: unpack returns
// the context's error. So does List, given a context already done, before
// it reads an entry. How soon is not the test's to judge on a busy
// machine: an unpack that does not stop runs into the test's timeout (the
// bomb's entry is 880 GiB).
func TestUnpackStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b_2200002_P2.tar.bz2")
	if err := intaketest.WriteBomb(path, intaketest.OneHuge); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(300*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := unpack(ctx, path, filepath.Join(dir, "out"), archiveOf(path), limits{files: 1 << 20, bytes: 1 << 50, file: 1 << 50})
		done <- err
	}()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("unpack = %v, want %v", err, context.Canceled)
	}
	ended, stop := context.WithCancel(t.Context())
	stop()
	if subs, err := List(ended, []string{dir}, filepath.Join(dir, "work")); !errors.Is(err, context.Canceled) {
		t.Errorf("List of a context done = %+v, %v; want %v", subs, err, context.Canceled)
	}
}

// TestTwoArchivesOfOneGroup takes in a group's zip and tar.gz of one
// name, each with its own jogar (issue 39, row 2): today both are
// unpacked into one folder, the second emptying it, and both rows load
// the second's code. Each is unpacked into a folder of its own, each is
// a row with its own code, and each names the other as its twin.
func TestTwoArchivesOfOneGroup(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	if err := os.Mkdir(class, 0o755); err != nil {
		t.Fatal(err)
	}
	const group = "ana_2201234_rui_2205678_P2"
	zipped, tarred := []byte("(defun jogar (e tempo) :zip)"), []byte("(defun jogar (e tempo) :tar)")
	writeZip(t, filepath.Join(class, group+".zip"), []zipEntry{{"jogo.lisp", 0o644, zipped}})
	writeTar(t, filepath.Join(class, group+".tar.gz"), true, map[string][]byte{"jogo.lisp": tarred})
	subs, err := List(t.Context(), []string{class}, filepath.Join(dir, "work"))
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 2 {
		t.Fatalf("List = %+v, want two rows", subs)
	}
	var got []string
	for i, s := range subs {
		if s.Group != group || s.Problem != "" {
			t.Errorf("entry %d = %+v, want group %s, read", i, s, group)
		}
		data, err := os.ReadFile(filepath.Join(s.Root, "jogo.lisp"))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(data))
		if other := subs[1-i].Source; !slices.Equal(s.Twins, []string{other}) {
			t.Errorf("%s: twins %q, want %q", s.Source, s.Twins, other)
		}
	}
	if slices.Sort(got); !slices.Equal(got, []string{string(tarred), string(zipped)}) {
		t.Errorf("the two rows load %q, want one archive's code each", got)
	}
	if note := twinsNote(subs[0]); !strings.Contains(note, "one of 2 hand-ins of "+group) {
		t.Errorf("the report's note %q does not say that the group handed in twice", note)
	}
}

// TestEmptyStreamsCount: a tar.gz of empty gzip members, which
// decompress to nothing, is held to the limits by its own size: one read
// of a decompressor may go through any number of them.
func TestEmptyStreamsCount(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	for range 3000 {
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		zw.Reset(&b)
	}
	path := filepath.Join(t.TempDir(), "g.tar.gz")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	lim := limits{files: 10, bytes: 1000, file: 1000} // a stream of 21 KiB, the file of 69 KB
	if _, err := unpack(t.Context(), path, filepath.Join(t.TempDir(), "out"), archiveOf(path), lim); !errors.Is(err, errTooBig) {
		t.Errorf("unpack = %v, want %v", err, errTooBig)
	}
}
