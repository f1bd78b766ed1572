package intake

import (
	"archive/tar"
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/arenabots/arena/internal/inert"
)

// Limits of unpack, so that an archive bomb or a hostile archive cannot
// fill the disk, hold the CPU or write outside the work folder.
const (
	maxZipFiles = 2000
	maxZipBytes = 256 << 20 // unpacked, in all
	maxZipFile  = 64 << 20  // unpacked, one file
)

// limits bound what one hand-in may unpack to.
type limits struct {
	files int   // entries
	bytes int64 // unpacked, in all
	file  int64 // unpacked, one file
	// uncounted unpacks without the counting readers (a nil meter): for
	// BenchmarkUnpack30 alone, which weighs them.
	uncounted bool
}

// submissionLimits are the limits of a hand-in.
func submissionLimits() limits {
	return limits{files: maxZipFiles, bytes: maxZipBytes, file: maxZipFile}
}

// stream is the most bytes an archive's reader may decompress: the
// entries' bytes, and for a tar each entry's header and padding (1 KiB at
// most) and its end (a record, 10 KiB at most). Skipped entries count
// too: their bytes are decompressed all the same.
func (l limits) stream() int64 {
	return l.bytes + int64(l.files+1)<<10 + 10<<10
}

// errTooBig says that an archive unpacks to more than its limits.
var errTooBig = fmt.Errorf("unpacks to more than %d MiB, or %d MiB in one file: more than a submission (an archive bomb?)", maxZipBytes>>20, maxZipFile>>20)

// meter counts the bytes read through its readers against a limit, and
// stops them when ctx is done: put under an archive's decompressor it
// counts what the archive holds (not what its headers say), and over it
// what is decompressed, skipped entries included.
type meter struct {
	ctx      context.Context
	n, limit int64
}

// reader returns r counted by m; r itself when m is nil.
func (m *meter) reader(r io.Reader) io.Reader {
	if m == nil {
		return r
	}
	return &metered{m: m, r: r}
}

// err returns the error of m's context; nil when m is nil.
func (m *meter) err() error {
	if m == nil {
		return nil
	}
	return m.ctx.Err()
}

// over returns errTooBig when m has counted past its limit, else err.
func (m *meter) over(err error) error {
	if m != nil && m.n > m.limit {
		return errTooBig
	}
	return err
}

// sibling returns a meter of m's context with limit, or nil when m is.
func (m *meter) sibling(limit int64) *meter {
	if m == nil {
		return nil
	}
	return &meter{ctx: m.ctx, limit: limit}
}

// metered is a reader counted by its meter.
type metered struct {
	m *meter
	r io.Reader
}

// Read reads from the reader, at most one byte past the meter's limit:
// past it, Read returns errTooBig; once the meter's context is done, its
// error.
func (r *metered) Read(p []byte) (int, error) {
	m := r.m
	if err := m.ctx.Err(); err != nil {
		return 0, err
	}
	if m.n > m.limit {
		return 0, errTooBig
	}
	if left := m.limit - m.n + 1; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := r.r.Read(p)
	if m.n += int64(n); m.n > m.limit {
		return n, errTooBig
	}
	return n, err
}

// unpack unpacks the archive at path, of kind a, into dir, which it
// empties first, and returns the submission's root: dir, or the one
// folder at its top when everything is in it. Entries whose names would
// leave dir (absolute paths, ..), links and special files are skipped,
// and control characters in names are written escaped (\x1b); more than
// lim.files entries, more bytes than lim.bytes in all or lim.file in one
// file, whatever the headers say and skipped entries included, is an
// error, as is an entry that cannot be written (a file and a folder of
// one name). When ctx is done, unpack stops, within an entry too, and
// returns its error.
func unpack(ctx context.Context, path, dir string, a *archive, lim limits) (string, error) {
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	var total int64
	files := 0
	tops := map[string]bool{}
	m := &meter{ctx: ctx, limit: lim.stream()}
	if lim.uncounted {
		m = nil
	}
	err := a.unpack(path, m, lim, func(h header, r io.Reader) error {
		if files++; files > lim.files {
			return fmt.Errorf("has more than %d entries: more than a submission", lim.files)
		}
		if h.mode.IsRegular() && (h.size > lim.file || total+h.size > lim.bytes) {
			return errTooBig // as its header says, skipped or not
		}
		name := inert.Line(strings.ReplaceAll(h.name, `\`, "/"))
		if !filepath.IsLocal(name) || strings.HasPrefix(name, "__MACOSX/") {
			return nil
		}
		dest := filepath.Join(dir, filepath.FromSlash(name))
		switch {
		case h.mode.IsDir():
			if err := os.MkdirAll(dest, 0o755); err != nil {
				return entryError(name, err)
			}
			tops[strings.SplitN(name, "/", 2)[0]+"/"] = true
			return nil
		case !h.mode.IsRegular():
			return nil // links and devices are not a submission's
		}
		top, _, nested := strings.Cut(name, "/")
		if nested {
			top += "/"
		}
		tops[top] = true
		n, err := writeEntry(r, dest, min(lim.file, lim.bytes-total))
		total += n
		if err != nil {
			return entryError(name, err)
		}
		return nil
	})
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return "", cerr
		}
		return "", err
	}
	if len(tops) == 1 {
		for t := range tops {
			if strings.HasSuffix(t, "/") {
				return filepath.Join(dir, strings.TrimSuffix(t, "/")), nil
			}
		}
	}
	return dir, nil
}

// entryError says which entry could not be unpacked, and why, without
// the work folder's path.
func entryError(name string, err error) error {
	if errors.Is(err, errTooBig) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrExist) || errors.Is(err, syscall.EISDIR) {
		return fmt.Errorf("holds %s twice, or as a file and as a folder: %w", inert.Line(name), err)
	}
	return fmt.Errorf("entry %s: %w", inert.Line(name), err)
}

// writeEntry writes r to dest, at most limit bytes, and returns how many
// it wrote.
func writeEntry(r io.Reader, dest string, limit int64) (int64, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return 0, err
	}
	out, err := os.OpenFile(dest, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(out, io.LimitReader(r, limit+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > limit {
		err = errTooBig
	}
	return n, err
}

// walkZip calls each for the entries of the zip at path, each entry's
// bytes read through m.
func walkZip(path string, m *meter, lim limits, each func(header, io.Reader) error) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return fmt.Errorf("cannot be read: %w", err)
	}
	defer zr.Close()
	if len(zr.File) > lim.files {
		return fmt.Errorf("has %d entries, more than %d: more than a submission", len(zr.File), lim.files)
	}
	var total uint64
	for _, f := range zr.File {
		if total += f.UncompressedSize64; total > uint64(lim.bytes) {
			return errTooBig // as its headers say; the bytes are counted too
		}
	}
	for _, f := range zr.File {
		if err := m.err(); err != nil {
			return err
		}
		err := func() error {
			h := header{name: f.Name, mode: f.Mode(), size: int64(min(f.UncompressedSize64, 1<<62))}
			if !h.mode.IsRegular() {
				return each(h, nil)
			}
			rc, err := f.Open()
			if err != nil {
				return entryError(f.Name, err)
			}
			defer rc.Close()
			return each(h, m.reader(rc))
		}()
		if err != nil {
			return err
		}
	}
	return nil
}

// walkTar returns the walk of a tar archive, compressed by what
// decompress undoes (nil: not compressed). The archive is read through
// one meter and the tar through m: every byte decompressed counts, those
// of the entries skipped too, and a done context stops the walk within
// an entry.
func walkTar(decompress func(io.Reader) (io.Reader, error)) func(string, *meter, limits, func(header, io.Reader) error) error {
	return func(path string, m *meter, lim limits, each func(header, io.Reader) error) error {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("cannot be read: %w", err)
		}
		defer f.Close()
		r := m.reader(f)
		// fm counts the file's own bytes apart, when compressed: a
		// hand-in larger than what it may unpack to (a bomb of empty
		// compressed streams) is stopped too, whatever error the
		// decompressor makes of it.
		var fm *meter
		if decompress != nil {
			fm = m.sibling(lim.stream())
			d, err := decompress(fm.reader(f))
			if err != nil {
				return fmt.Errorf("cannot be read: %w", errTooBigOr(m, fm.over(err)))
			}
			r = m.reader(d)
		}
		tr := tar.NewReader(r)
		for {
			th, err := tr.Next()
			switch {
			case errors.Is(err, io.EOF):
				return nil
			case errors.Is(fm.over(err), errTooBig) || m.err() != nil:
				return errTooBigOr(m, fm.over(err))
			case err != nil:
				return fmt.Errorf("cannot be read: %w", err)
			}
			if err := each(header{name: th.Name, mode: th.FileInfo().Mode(), size: th.Size}, tr); err != nil {
				return fm.over(err)
			}
		}
	}
}

// errTooBigOr returns the error of m's context when it is done, else err.
func errTooBigOr(m *meter, err error) error {
	if cerr := m.err(); cerr != nil {
		return cerr
	}
	return err
}
