package lisp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/arenabots/arena/internal/treehash"
	"github.com/arenabots/arena/referee/sexp"
)

// A saved image: Build loads a bot's files as Start does, then asks the
// driver to SAVE the image as a core; an adapter whose Config.Core names
// that core starts SBCL on it, and its LOAD answers at once. Who keeps the
// cores (arena's host, arena/botkind) names each after ImageKey, a key
// over everything that could change it, so that any change builds a new
// one.

// SBCLVersion returns what `sbcl --version` prints, part of ImageKey.
func SBCLVersion(sbcl string) (string, error) {
	out, err := exec.Command(sbcl, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("lisp: %s --version: %w", sbcl, err)
	}
	return string(out), nil
}

// ImageKey returns the key of the saved image of c, started with the
// environment env (NAME=value, as the bot gets it), for SBCL's version
// (SBCLVersion): a sha256 in hex over the version, the driver's source,
// every setting of c (Args: package, root, files, reads, conventions,
// heap...), env, and every file the bot's sandbox lets it read: its Files,
// its Reads, its Root and its files' folders, each with where the
// symbolic links there lead (treehash.Sum), whatever its loading may read.
// A link out of them is an error. c's paths should be absolute (see
// Resolve).
func ImageKey(c Config, env []string, sbclVersion string) (string, error) {
	c = c.WithDefaults()
	c.Driver = "" // where the compiled driver is kept: the driver's source is in the key
	if c.Root == "" && len(c.Files) > 0 {
		c.Root = filepath.Dir(c.Files[0]) // as New sets it
	}
	h := sha256.New()
	fmt.Fprintf(h, "sbcl %q\ndriver %q\nargs %q\nenv %q\n", sbclVersion, driverSource, Args(c), env)
	// What the sandbox shows holds every file and read, each once.
	view := visible(c)
	for _, r := range view {
		sum, err := treehash.Sum(r, view)
		if err != nil {
			return "", fmt.Errorf("lisp: reading the bot's files for its saved image: %w", err)
		}
		fmt.Fprintf(h, "tree %q %s\n", r, sum)
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

// ErrNoImage is the error of Build for a bot whose image cannot be saved:
// its loading left what an image cannot keep (a file it wrote, a file
// left open, a thread). The text after it says what.
var ErrNoImage = errors.New("no saved image")

// save asks the driver, its bot loaded, to save the image as path and
// waits for SBCL to exit. The driver answers only when it refuses.
func (p *process) save(ctx context.Context, path string) error {
	p.nextID++
	req := sexp.List(sexp.Sym("SAVE"), sexp.Int(p.nextID), sexp.Str(path))
	if _, err := p.req.Write(append(sexp.Append(nil, req), '\n')); err != nil {
		p.kill()
		return fmt.Errorf("sending SAVE: %w", err)
	}
	select {
	case v, ok := <-p.answers:
		if ok {
			p.close(time.Second)
			r, err := parseReply(v)
			if err != nil {
				return err
			}
			if r.kind == "IMAGE" {
				return fmt.Errorf("lisp: %w: %s", ErrNoImage, oneLine(r.text))
			}
			return r.failure()
		}
	case <-ctx.Done():
		p.kill()
		return ctx.Err()
	}
	select {
	case <-p.exited:
	case <-ctx.Done():
		p.kill()
		return ctx.Err()
	}
	p.shutdown()
	if p.waitErr != nil {
		return fmt.Errorf("lisp: saving the image: sbcl: %v; %s", p.waitErr, oneLine(p.out.String()))
	}
	return nil
}

// Build loads the bot's files as Start does and saves SBCL's image, the
// files loaded, as the core path (a file SBCL may write; it is
// overwritten), for an adapter whose Config.Core names it. What loading
// prints goes to the log. A bot that does not load fails with Start's
// message; one whose loading left what an image cannot keep, with
// ErrNoImage and what it left ("its loading writes dados.txt").
func (a *Adapter) Build(ctx context.Context, path string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	sbcl, err := exec.LookPath(a.opt.SBCL)
	if err != nil {
		return fmt.Errorf("lisp: %w (install SBCL, e.g. apt-get install sbcl)", err)
	}
	begun := time.Now()
	// Loading gets the time a game's start gets, no more: a bot that
	// loads longer gets no image, as it would not start in a game.
	loadCtx, cancel := context.WithTimeout(ctx, RecommendedStartTimeout)
	p, r, err := a.load(loadCtx, sbclCommand(sbcl, a.heapMB(), a.cfg.Driver))
	cancel()
	if err != nil {
		return err
	}
	a.writeLog(r.log)
	if r.op != "READY" {
		p.close(time.Second)
		return errors.New(explainView(r.failure().Error(), a.cfg))
	}
	if err := p.save(ctx, path); err != nil {
		return err
	}
	fmt.Fprintf(a.log, "lisp: saved the loaded image as %s in %v\n", path, time.Since(begun).Round(time.Millisecond))
	return nil
}

// startFromCore starts SBCL on the bot's saved image, Config.Core. An
// error says why the image cannot be used; the caller then loads the
// files as usual.
func (a *Adapter) startFromCore(ctx context.Context, sbcl string, heap int) (*process, reply, error) {
	p, r, err := a.load(ctx, coreCommand(sbcl, heap, a.cfg.Core))
	if err != nil {
		return nil, reply{}, err
	}
	if r.op != "READY" {
		p.close(time.Second)
		return nil, reply{}, errors.Join(errors.New("starting from "+a.cfg.Core), r.failure())
	}
	return p, r, nil
}
