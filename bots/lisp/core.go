package lisp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/arenabots/arena/referee/sexp"
)

// A saved image (Options.CoreDir): the first start of a bot loads its
// files as always, then asks the driver to SAVE the image as a core;
// later starts run SBCL on that core, whose LOAD answers at once. The core
// is named after a key over everything that could change it (coreKey), so
// that any change builds a new one.

// sbclVersions caches `sbcl --version` by executable.
var sbclVersions sync.Map

// sbclVersion returns what `sbcl --version` prints.
func sbclVersion(sbcl string) (string, error) {
	if v, ok := sbclVersions.Load(sbcl); ok {
		return v.(string), nil
	}
	out, err := exec.Command(sbcl, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("lisp: %s --version: %w", sbcl, err)
	}
	sbclVersions.Store(sbcl, string(out))
	return string(out), nil
}

// coreKey returns the key of the saved image of c: a sha256 over SBCL's
// version, the driver's source, the bot's settings that loading uses, and
// the path and content of every file of its Files, its Reads and its Root
// (whatever its loading may read).
func coreKey(c Config, version string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "sbcl %q\ndriver %q\npackage %q\nroot %q\nfiles %q\n", version, driverSource, c.Package, c.Root, c.Files)
	seen := map[string]bool{}
	add := func(path string) error {
		if seen[path] {
			return nil
		}
		seen[path] = true
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "file %q\n", path)
		_, err = io.Copy(h, f)
		return err
	}
	roots := append(slices.Clone(c.Files), c.Reads...)
	if c.Root != "" {
		roots = append(roots, c.Root)
	}
	for _, r := range roots {
		err := filepath.WalkDir(r, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() {
				return add(path)
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("lisp: reading the bot's files for its saved image: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// coreCommand returns the command line that starts SBCL on the saved
// image core, whose toplevel is the driver's.
func coreCommand(sbcl string, heapMB int, core string) []string {
	args := []string{sbcl, "--core", core}
	if heapMB > 0 {
		args = append(args, "--dynamic-space-size", strconv.Itoa(heapMB)+"MB")
	}
	return append(args, "--noinform", "--disable-ldb", "--end-runtime-options")
}

// save asks the driver, its bot loaded, to save the image as path and
// waits for SBCL to exit.
func (p *process) save(ctx context.Context, path string) error {
	p.nextID++
	req := sexp.List(sexp.Sym("SAVE"), sexp.Int(p.nextID), sexp.Str(path))
	if _, err := p.req.Write(append(sexp.Append(nil, req), '\n')); err != nil {
		p.kill()
		return fmt.Errorf("sending SAVE: %w", err)
	}
	select {
	case <-p.exited:
	case <-ctx.Done():
		p.kill()
		return ctx.Err()
	}
	p.shutdown()
	if p.waitErr != nil {
		return fmt.Errorf("sbcl: %v; %s", p.waitErr, p.out.String())
	}
	return nil
}

// corePath returns the saved image of the adapter's bot for sbcl, building
// it first when it is not there: a first SBCL loads the files as Start
// does (argv, the driver's command line) and saves itself to a temporary
// name that is renamed into place, so that two adapters building one core
// at once do not see half of it.
func (a *Adapter) corePath(ctx context.Context, sbcl string, argv []string) (string, error) {
	version, err := sbclVersion(sbcl)
	if err != nil {
		return "", err
	}
	key, err := coreKey(a.cfg, version)
	if err != nil {
		return "", err
	}
	path := filepath.Join(a.opt.CoreDir, key+".core")
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, nil
	}
	if err := os.MkdirAll(a.opt.CoreDir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(a.opt.CoreDir, key+".*.tmp")
	if err != nil {
		return "", err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	begun := time.Now()
	p, r, err := a.load(ctx, argv)
	if err != nil {
		return "", err
	}
	if r.op != "READY" {
		p.close(time.Second)
		return "", r.failure()
	}
	if err := p.save(ctx, tmp.Name()); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	fmt.Fprintf(a.log, "lisp: saved the loaded image as %s in %v\n", path, time.Since(begun).Round(time.Millisecond))
	return path, nil
}

// startFromCore starts SBCL on the bot's saved image, building it first
// when needed. An error says why the image cannot be used; the caller then
// loads the files as usual.
func (a *Adapter) startFromCore(ctx context.Context, sbcl string, heap int) (*process, reply, error) {
	core, err := a.corePath(ctx, sbcl, sbclCommand(sbcl, heap, driverSource))
	if err != nil {
		return nil, reply{}, err
	}
	p, r, err := a.load(ctx, coreCommand(sbcl, heap, core))
	if err != nil {
		return nil, reply{}, err
	}
	if r.op != "READY" {
		p.close(time.Second)
		return nil, reply{}, errors.Join(errors.New("starting from "+core), r.failure())
	}
	return p, r, nil
}
