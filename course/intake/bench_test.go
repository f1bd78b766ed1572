package intake

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// BenchmarkIntake30 takes in a class of 30 submissions, the Cavalo
// samples of the conventions of jogar (the samples of project shapes
// aside, so that its numbers compare across versions) replicated, half of them zipped, at the course's
// tempo of 1000 ms, with as many probes at once as CPUs: the time of
// `arena intake` for a class.
func BenchmarkIntake30(b *testing.B) {
	examples, err := filepath.Abs(examples)
	if err != nil {
		b.Fatal(err)
	}
	var ready []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.Game == "cavalo" && s.Shape == "" {
			ready = append(ready, s)
		}
	}
	dir := b.TempDir()
	for i := range 30 {
		s := ready[i%len(ready)]
		if err := intaketest.AssembleAs(examples, dir, s, fmt.Sprintf("%s_%02d", s.Group, i), i%2 == 0); err != nil {
			b.Fatal(err)
		}
	}
	opt := testOptions(b, "cavalo", time.Second)
	b.ResetTimer()
	for range b.N {
		subs, err := List(b.Context(), []string{dir}, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		results := Run(context.Background(), subs, opt)
		eligible, calls := 0, 0
		for _, r := range results {
			calls += r.Findings.Calls
			if r.Eligible {
				eligible++
			}
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/class")
		b.ReportMetric(float64(eligible), "eligible")
		b.ReportMetric(float64(calls), "calls")
	}
}

// BenchmarkUnpack30 unpacks a class of 30 archives, half zips and half
// tar.gz, of the Cavalo samples (a few KiB each), then of the same with a
// file of 1 MiB of Lisp comments added: with the counting readers that
// hold every byte decompressed to the limits (counted) and without them
// (uncounted), the cost of counting (issue 39).
func BenchmarkUnpack30(b *testing.B) {
	examples, err := filepath.Abs(examples)
	if err != nil {
		b.Fatal(err)
	}
	var ready []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.Game == "cavalo" && s.Shape == "" {
			ready = append(ready, s)
		}
	}
	for _, class := range []struct {
		name string
		pad  int // bytes of the file added
	}{{"samples", 0}, {"1MiB", 1 << 20}} {
		src, dir := b.TempDir(), b.TempDir()
		var paths []string
		for i := range 30 {
			s, group := ready[i%len(ready)], fmt.Sprintf("%s_%02d", ready[i%len(ready)].Group, i)
			if err := intaketest.AssembleAs(examples, src, s, group, false); err != nil {
				b.Fatal(err)
			}
			files := map[string][]byte{}
			root := filepath.Join(src, group)
			err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(root, path)
				files[group+"/"+filepath.ToSlash(rel)], err = os.ReadFile(path)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
			if class.pad > 0 {
				files[group+"/dados.lisp"] = bytes.Repeat([]byte(";; (jogar estado tempo) uma linha de comentario\n"), class.pad/48)
			}
			path := filepath.Join(dir, group+".zip")
			if i%2 == 0 {
				var entries []zipEntry
				for _, name := range slices.Sorted(maps.Keys(files)) {
					entries = append(entries, zipEntry{name, 0o644, files[name]})
				}
				writeZip(b, path, entries)
			} else {
				path = filepath.Join(dir, group+".tar.gz")
				writeTar(b, path, true, files)
			}
			paths = append(paths, path)
		}
		for _, counted := range []bool{false, true} {
			name := map[bool]string{true: "counted", false: "uncounted"}[counted]
			lim := submissionLimits()
			lim.uncounted = !counted
			// unpack: to disk, as intake does.
			b.Run(class.name+"/unpack/"+name, func(b *testing.B) {
				work := b.TempDir()
				runtime.GC() // not the setup's garbage
				for b.Loop() {
					for i, p := range paths {
						if _, err := unpack(b.Context(), p, filepath.Join(work, strconv.Itoa(i)), archiveOf(p), lim); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
			// read: decompressed and counted, nothing written, so that the
			// disk's noise does not hide the counting's cost.
			b.Run(class.name+"/read/"+name, func(b *testing.B) {
				var m *meter
				runtime.GC()
				for b.Loop() {
					for _, p := range paths {
						if counted {
							m = &meter{ctx: b.Context(), limit: lim.stream()}
						}
						err := archiveOf(p).unpack(p, m, lim, func(_ header, r io.Reader) error {
							if r == nil {
								return nil
							}
							_, err := io.Copy(io.Discard, r)
							return err
						})
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
