package queue

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/league"
	"github.com/nats-io/nats.go/jetstream"
	"gopkg.in/yaml.v3"
)

// Bundle lists the files of one external bot as they travel: a binary, or
// a Lisp bot's files and the files it reads.
type Bundle struct {
	Files []BundleFile `json:"files"` // sorted by Path
}

// BundleFile is one file of a bundle.
type BundleFile struct {
	Path   string `json:"path"` // slash-separated, relative to the bundle's root
	SHA256 string `json:"sha256"`
	Exec   bool   `json:"exec,omitempty"`
}

// maxBundleBytes bounds the files of one bot, so that a Lisp bot's reads
// of a big directory fail with a clear error, not a full object store.
const maxBundleBytes = 256 << 20

// manifest returns the bundle's JSON and its hash, the sha256 of the JSON.
func (b Bundle) manifest() ([]byte, string) {
	data, _ := json.Marshal(b) // a Bundle always marshals
	sum := sha256.Sum256(data)
	return data, hex.EncodeToString(sum[:])
}

// Object names in the bots' store.
func fileObject(sum string) string    { return "sha256-" + sum }
func bundleObject(hash string) string { return "bundle-" + hash }

// external reports whether bot b has files to travel: built-in bots have
// none.
func external(b league.BotConfig) bool { return len(b.Files()) > 0 }

// packed is a bundle on the coordinator's disk.
type packed struct {
	Bundle
	hash  string
	local map[string]string // a file's path on this machine, by sha256
}

// pack makes the bundle of external bot b and returns b as the worker sees
// it: its paths relative to the bundle's root.
func pack(b league.BotConfig) (packed, league.BotConfig, error) {
	roots := b.Files()
	base := filepath.Dir(roots[0])
	for _, r := range roots[1:] {
		for !within(base, r) {
			base = filepath.Dir(base)
		}
	}
	p := packed{local: map[string]string{}}
	var total int64
	add := func(file string, info fs.FileInfo) error {
		if total += info.Size(); total > maxBundleBytes {
			return fmt.Errorf("bot %q: its files pass %d MB", b.Name, maxBundleBytes>>20)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("bot %q: %w", b.Name, err)
		}
		sum := sha256.Sum256(data)
		rel, _ := filepath.Rel(base, file)
		f := BundleFile{Path: filepath.ToSlash(rel), SHA256: hex.EncodeToString(sum[:]), Exec: info.Mode()&0o111 != 0}
		p.Files = append(p.Files, f)
		p.local[f.SHA256] = file
		return nil
	}
	for _, r := range roots {
		err := filepath.WalkDir(r, func(file string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if !info.Mode().IsRegular() {
				return nil
			}
			return add(file, info)
		})
		if err != nil {
			return packed{}, b, fmt.Errorf("packing bot %q: %w", b.Name, err)
		}
	}
	slices.SortFunc(p.Files, func(x, y BundleFile) int { return strings.Compare(x.Path, y.Path) })
	p.Files = slices.CompactFunc(p.Files, func(x, y BundleFile) bool { return x.Path == y.Path })
	_, p.hash = p.manifest()

	rel := func(file string) string {
		r, _ := filepath.Rel(base, file)
		return filepath.ToSlash(r)
	}
	b.Bundled(rel)
	return p, b, nil
}

// within reports whether path is dir or below it.
func within(dir, path string) bool {
	r, err := filepath.Rel(dir, path)
	return err == nil && r != ".." && !strings.HasPrefix(r, "../")
}

// put stores p's files and its manifest in the bots' store, skipping the
// files already there.
func (p packed) put(ctx context.Context, obs jetstream.ObjectStore) error {
	for _, f := range p.Files {
		name := fileObject(f.SHA256)
		if _, err := obs.GetInfo(ctx, name); err == nil {
			continue
		}
		data, err := os.ReadFile(p.local[f.SHA256])
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 {
			return fmt.Errorf("%s changed while the league started", p.local[f.SHA256])
		}
		if _, err := obs.PutBytes(ctx, name, data); err != nil {
			return fmt.Errorf("storing %s: %w", p.local[f.SHA256], err)
		}
	}
	data, _ := p.manifest()
	if _, err := obs.PutBytes(ctx, bundleObject(p.hash), data); err != nil {
		return fmt.Errorf("storing a bot's manifest: %w", err)
	}
	return nil
}

// portable returns c's config as workers get it: each external bot's paths
// relative to its bundle, and no out or registry, which are the
// coordinator's.
func portable(c *league.Config, bots []league.BotConfig) ([]byte, error) {
	d := *c
	d.Bots, d.Out, d.Registry = bots, "", ""
	return yaml.Marshal(&d)
}

// ErrBundle says a bot's files in the store do not match their hashes.
var ErrBundle = errors.New("bot files do not match their sha256")

// fetch returns the directory of bundle hash in the cache under dir,
// fetching and verifying it first when it is not there. A bundle enters the
// cache only once every file is verified, under a name that is its hash.
func fetch(ctx context.Context, obs jetstream.ObjectStore, dir, hash string) (string, error) {
	if !hex64.MatchString(hash) {
		return "", fmt.Errorf("%w: %q is not a sha256 (64 hex digits)", ErrBundle, hash)
	}
	final := filepath.Join(dir, hash)
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	data, err := obs.GetBytes(ctx, bundleObject(hash))
	if err != nil {
		return "", fmt.Errorf("fetching bundle %s: %w", hash[:12], err)
	}
	var b Bundle
	if err := json.Unmarshal(data, &b); err != nil {
		return "", fmt.Errorf("bundle %s: %w", hash[:12], err)
	}
	if _, got := b.manifest(); got != hash {
		return "", fmt.Errorf("%w: bundle %s hashes to %s", ErrBundle, hash[:12], got[:12])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, ".fetch-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", err
	}
	for _, f := range b.Files {
		if !fs.ValidPath(f.Path) {
			return "", fmt.Errorf("%w: bundle %s names %q", ErrBundle, hash[:12], f.Path)
		}
		data, err := obs.GetBytes(ctx, fileObject(f.SHA256))
		if err != nil {
			return "", fmt.Errorf("fetching %s of bundle %s: %w", f.Path, hash[:12], err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 {
			return "", fmt.Errorf("%w: %s of bundle %s", ErrBundle, f.Path, hash[:12])
		}
		file := filepath.Join(tmp, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return "", err
		}
		mode := os.FileMode(0o644)
		if f.Exec {
			mode = 0o755
		}
		if err := os.WriteFile(file, data, mode); err != nil {
			return "", err
		}
	}
	if err := os.Rename(tmp, final); err != nil && !errors.Is(err, fs.ErrExist) {
		if _, statErr := os.Stat(final); statErr != nil { // not another worker's copy
			return "", err
		}
	}
	return final, nil
}

// localize returns the config of a spec with each external bot's paths
// under its bundle's directory, dirs by bot name. With dirs nil, the paths
// stay relative to the bundles: a config that names the bots and the
// rules, to record a game, not to play it.
func localize(spec Spec, dirs map[string]string) (*league.Config, error) {
	var c league.Config
	if err := yaml.Unmarshal(spec.Config, &c); err != nil {
		return nil, fmt.Errorf("league %s: %w", spec.League, err)
	}
	for i := range c.Bots {
		b := &c.Bots[i]
		dir, ok := dirs[b.Name]
		if !external(*b) || dirs == nil {
			continue
		}
		if !ok {
			return nil, fmt.Errorf("league %s: bot %q has no files", spec.League, b.Name)
		}
		abs := func(p string) string { return filepath.Join(dir, filepath.FromSlash(path.Clean("/"+p))) }
		b.MapFiles(abs)
	}
	data, err := yaml.Marshal(&c)
	if err != nil {
		return nil, err
	}
	cfg, _, err := league.Parse("league "+spec.League, data)
	return cfg, err
}
