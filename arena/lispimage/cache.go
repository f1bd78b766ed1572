package lispimage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/internal/inert"
)

// Bounds of a saved image and of its build.
const (
	// MaxBytes is the largest saved image arena keeps: an SBCL core
	// with a course project loaded is about 45 MB.
	MaxBytes = 256 << 20
	// buildScratchMB is the scratch a build gets: its RLIMIT_FSIZE (twice
	// the scratch) is MaxBytes, which bounds the image SBCL writes.
	buildScratchMB = MaxBytes >> 20 / 2
	// MaxAge is how long an image no game started from stays in the
	// cache: a build removes older ones (and the folders of builds killed
	// over a day ago), as the go command trims its build cache, so that
	// the images of a class's old hand-ins do not pile up.
	MaxAge = 30 * 24 * time.Hour
	// usedEvery is how often a used image's or compiled driver's time is
	// brought up to date.
	usedEvery = time.Hour
)

// coreMagic is how an SBCL core starts: its magic word, "SBCL" read as a
// little-endian number.
var coreMagic = []byte("LCBS")

// Cache keeps the saved images of Lisp bots (see lisp.Adapter.Build) in Dir,
// each named after its key (lisp.ImageKey: SBCL's version, the driver,
// every file the bot's loading may read), which arena computes, never the
// bot. A bot's image is built in the bot's own sandbox, which may write
// that one file; arena checks it and moves it into Dir, read-only, and
// gives it only to bots of the same key, read-only in their view. Set Dir
// (and SBCL, "sbcl" by default) before use; it is safe for concurrent use,
// and builds each key once. A nil *Cache gives no images.
type Cache struct {
	// Dir is where the images are kept (the default of arena's commands:
	// DefaultDir).
	Dir string
	// SBCL is the sbcl executable whose version is part of the key.
	// Default: "sbcl".
	SBCL string

	mu    sync.Mutex
	calls map[string]*imageCall // "version", "key ARGS" of each bot, "image KEY" of each key, "trim"
}

// imageCall is the outcome of one key's build (or of SBCL's version),
// shared by whoever asks for it while and after it runs.
type imageCall struct {
	done chan struct{}
	val  string // the image's path (SBCL's version)
	err  error
}

// DefaultDir is where arena's commands keep saved images:
// arena/lisp-images in the user's cache folder (os.UserCacheDir).
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "arena", "lisp-images"), nil
}

// once runs f for name the first time and returns its outcome to every
// caller, waiting while it runs (or until ctx ends).
func (im *Cache) once(ctx context.Context, name string, f func() (string, error)) (string, error) {
	im.mu.Lock()
	if im.calls == nil {
		im.calls = map[string]*imageCall{}
	}
	c := im.calls[name]
	if c == nil {
		c = &imageCall{done: make(chan struct{})}
		im.calls[name] = c
		im.mu.Unlock()
		c.val, c.err = f()
		if c.err != nil && ctx.Err() != nil {
			// Cut short, not failed: the next caller tries again.
			im.mu.Lock()
			delete(im.calls, name)
			im.mu.Unlock()
		}
		close(c.done)
	} else {
		im.mu.Unlock()
	}
	select {
	case <-c.done:
		return c.val, c.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// sbcl returns the sbcl executable: SBCL, or "sbcl".
func (im *Cache) sbcl() string {
	if im.SBCL == "" {
		return "sbcl"
	}
	return im.SBCL
}

// sbclVersion returns `sbcl --version`, asked once.
func (im *Cache) sbclVersion(ctx context.Context) (string, error) {
	return im.once(ctx, "version", func() (string, error) { return lisp.SBCLVersion(im.sbcl()) })
}

// Driver returns the Lisp driver compiled by the cache's SBCL, kept in Dir
// (see lisp.CompileDriver), compiled once per Cache, for the Lisp bots
// that start from their files (Apply gives it to them; a probe takes it
// as lisp.Config.Driver); "" where it cannot be (a nil Cache, no SBCL, a
// failed compile), and a bot then compiles the driver at its start.
func (im *Cache) Driver(ctx context.Context) string {
	if im == nil {
		return ""
	}
	path, err := im.once(ctx, "driver", func() (string, error) {
		version, err := im.sbclVersion(ctx)
		if err != nil {
			return "", err
		}
		path, err := lisp.CompileDriver(ctx, im.sbcl(), version, im.Dir)
		if err != nil {
			return "", err
		}
		touch(path) // in use: not trimmed while this run's bots start with it
		return path, nil
	})
	if err != nil {
		return ""
	}
	return path
}

// touch brings the time of path, a file of the cache in use, up to date
// when it is older than usedEvery, so that Trim keeps it.
func touch(path string) {
	if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > usedEvery {
		now := time.Now()
		_ = os.Chtimes(path, now, now)
	}
}

// Apply returns s, the Spec of a bot (its Spec, with the caller's limits
// and sandbox), set to start from the bot's saved image when c, its Lisp
// settings, is not nil, and as it is for any other kind (lc nil): the
// image among its Files
// (read-only) and named by its arguments (core=). When Dir holds no image
// of the bot's key it first builds one, once per key:
// s's command, in s's sandbox, with build= and the image's file as the one
// file it may write (host.Spec.Output), within lisp.BuildTimeout. When
// there is no image (a bot whose loading has side effects that an image
// cannot keep, one that does not load, a build that failed) it returns s
// as it is, which loads the bot's files, and an error that says why, on
// one line. A bot with `image: false` (lisp.Config.Images false) is s as
// it is, and no error. Either way a Lisp bot gets the compiled driver
// (Driver) among its Files, which it loads when it loads its files.
func (im *Cache) Apply(ctx context.Context, s host.Spec, lc *lisp.Config) (host.Spec, error) {
	if im == nil || lc == nil {
		return s, nil
	}
	if d := im.Driver(ctx); d != "" {
		s.Files = append(slices.Clone(s.Files), d)
		s.Args = append(slices.Clone(s.Args), "driver="+d)
	}
	if !lc.Images() {
		return s, nil
	}
	c := *lc
	// The key reads every file of the bot: once per bot and Cache (a
	// run), as the league's bot keys are, not at every game's start.
	key, err := im.once(ctx, "key "+strings.Join(append(lisp.Args(c), s.Env...), "\x00"), func() (string, error) {
		version, err := im.sbclVersion(ctx)
		if err != nil {
			return "", err
		}
		return lisp.ImageKey(c, s.Env, version)
	})
	if err != nil {
		return s, err
	}
	path, err := im.once(ctx, "image "+key, func() (string, error) { return im.build(ctx, s, key) })
	if err != nil {
		return s, err
	}
	touch(path) // an image in use is not trimmed
	s.Files = append(slices.Clone(s.Files), path)
	s.Args = append(slices.Clone(s.Args), "core="+path)
	return s, nil
}

// build returns the path of the image of key in Dir, building it first
// when it is not there: s's command with build= writes it into a file of
// a fresh folder of Dir, the one file its sandbox may write; the file is
// checked (a regular file, an SBCL core, at most MaxBytes), made
// arena's and read-only, and renamed into place, so that two builders of
// one key never see half an image.
func (im *Cache) build(ctx context.Context, s host.Spec, key string) (string, error) {
	path := filepath.Join(im.Dir, key+".core")
	if err := checkImage(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(im.Dir, 0o755); err != nil {
		return "", err
	}
	_, _ = im.once(ctx, "trim", func() (string, error) { return "", im.trim(time.Now()) })
	tmp, err := os.MkdirTemp(im.Dir, key+".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "image.core")
	if err := os.WriteFile(out, nil, 0o600); err != nil {
		return "", err
	}
	b := buildSpec(s, out)
	ctx, cancel := context.WithTimeout(ctx, lisp.BuildTimeout)
	defer cancel()
	if _, err := host.Run(ctx, b); err != nil {
		if re, ok := errors.AsType[*host.RunError](err); ok {
			// The bot wrote that line: it reaches a terminal inert.
			return "", errors.New(inert.Line(buildReason(re.LastLine())))
		}
		if ctx.Err() != nil {
			return "", fmt.Errorf("building it took more than %v", lisp.BuildTimeout)
		}
		return "", err
	}
	if err := checkImage(out); err != nil {
		return "", err
	}
	// The sandbox's uid owned the file while it wrote it: arena's now.
	if err := os.Chown(out, os.Getuid(), os.Getgid()); err != nil && os.Geteuid() == 0 {
		return "", err
	}
	if err := os.Chmod(out, 0o444); err != nil {
		return "", err
	}
	if err := os.Rename(out, path); err != nil {
		return "", err
	}
	return path, nil
}

// buildSpec returns the spec that builds the image of bot s into the
// empty file out: s with build=out, out its one writable file, and the
// scratch of a build, buildScratchMB, whatever the league's: the image
// is bounded by RLIMIT_FSIZE (twice the scratch) as it is written, so
// no more than MaxBytes ever reaches the cache's folder. (A load
// that writes a file gets no image, so a build needs no more scratch.)
// Without a scratch tmpfs (scratch_mb below 0) it is left as it is.
func buildSpec(s host.Spec, out string) host.Spec {
	b := s
	b.Args = append(slices.Clone(s.Args), "build="+out)
	b.Output = out
	if b.Limits.ScratchMB >= 0 {
		b.Limits.ScratchMB = buildScratchMB
	}
	return b
}

// trim removes from Dir the images not used for MaxAge and the
// folders of builds begun over a day before now (a build killed with
// arena).
func (im *Cache) trim(now time.Time) error {
	_, _, err := im.Trim(now, MaxAge)
	return err
}

// Trim removes from Dir the images no game started from for age before
// now (0: every image), the compiled drivers no run used for as long (an
// older SBCL's, an older driver's), and the folders of builds begun over a
// day before now (a build killed with arena); it returns how many files it
// removed and the bytes they held. An image in use by a bot stays readable to it
// until the bot ends.
func (im *Cache) Trim(now time.Time, age time.Duration) (removed int, freed int64, err error) {
	entries, err := os.ReadDir(im.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	var errs []error
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			continue
		}
		old := now.Sub(fi.ModTime())
		switch name := e.Name(); {
		case (strings.HasSuffix(name, ".core") || strings.HasSuffix(name, ".fasl")) && fi.Mode().IsRegular() && old >= age:
			if err := os.Remove(filepath.Join(im.Dir, name)); err != nil {
				errs = append(errs, err)
				continue
			}
			removed, freed = removed+1, freed+fi.Size()
		case strings.Contains(name, ".build-") && fi.IsDir() && old > 24*time.Hour:
			errs = append(errs, os.RemoveAll(filepath.Join(im.Dir, name)))
		}
	}
	return removed, freed, errors.Join(errs...)
}

// Usage returns how many images Dir holds and their size in bytes: none
// when Dir does not exist yet.
func (im *Cache) Usage() (n int, size int64, err error) {
	entries, err := os.ReadDir(im.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, err
	}
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".core") && fi.Mode().IsRegular() {
			n, size = n+1, size+fi.Size()
		}
	}
	return n, size, nil
}

// buildReason is why a build failed, from the last line it wrote (arena:
// lisp: no saved image: its loading writes dados.txt): the reason alone.
func buildReason(line string) string {
	for _, prefix := range []string{"arena: ", "lisp: ", lisp.ErrNoImage.Error() + ": "} {
		line = strings.TrimPrefix(line, prefix)
	}
	return line
}

// checkImage says what keeps the file at path from being a saved image:
// not a regular file, empty, larger than MaxBytes, or not an SBCL
// core.
func checkImage(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return fmt.Errorf("the image %s is not a regular file", path)
	case fi.Size() == 0:
		return errors.New("the build wrote no image")
	case fi.Size() > MaxBytes:
		return fmt.Errorf("the image is %d MB, more than arena keeps (%d MB)", fi.Size()>>20, MaxBytes>>20)
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	magic := make([]byte, len(coreMagic))
	if _, err := io.ReadFull(f, magic); err != nil || !bytes.Equal(magic, coreMagic) {
		return errors.New("the build wrote a file that is not an SBCL core")
	}
	return nil
}
