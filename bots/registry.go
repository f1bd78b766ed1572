package bots

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"gopkg.in/yaml.v3"
)

// Registry is the file of bots registered with `arena bot add` (bots.yaml by
// default): each bot's absolute path, the sha256 of its binary when it was
// checked, and what it said of itself.
type Registry struct {
	Bots []Registered `yaml:"bots"`
}

// Registered is one registered bot.
type Registered struct {
	Name    string    `yaml:"name"`
	Path    string    `yaml:"path"`
	Args    []string  `yaml:"args,omitempty"`
	SHA256  string    `yaml:"sha256"`
	Info    InfoYAML  `yaml:"info"`
	Checked time.Time `yaml:"checked"`
}

// InfoYAML is Info as the registry writes it.
type InfoYAML struct {
	Name    string   `yaml:"name"`
	Author  string   `yaml:"author,omitempty"`
	Version string   `yaml:"version,omitempty"`
	Games   []string `yaml:"games,omitempty"`
}

// LoadRegistry reads the registry at path; a missing file is an empty
// registry.
func LoadRegistry(path string) (*Registry, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Registry{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("bot registry: %w", err)
	}
	var r Registry
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("bot registry %s: %w", path, err)
	}
	return &r, nil
}

// Lookup returns the bot registered as name.
func (r *Registry) Lookup(name string) (Registered, bool) {
	for _, b := range r.Bots {
		if b.Name == name {
			return b, true
		}
	}
	return Registered{}, false
}

// Put adds b, replacing a bot of the same name.
func (r *Registry) Put(b Registered) {
	for i := range r.Bots {
		if r.Bots[i].Name == b.Name {
			r.Bots[i] = b
			return
		}
	}
	r.Bots = append(r.Bots, b)
	sort.Slice(r.Bots, func(i, j int) bool { return r.Bots[i].Name < r.Bots[j].Name })
}

// Save writes the registry to path atomically.
func (r *Registry) Save(path string) error {
	data, err := yaml.Marshal(r)
	if err != nil {
		return fmt.Errorf("bot registry: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".bots-*.yaml")
	if err != nil {
		return fmt.Errorf("bot registry: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("bot registry: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("bot registry: %w", err)
	}
	return os.Rename(tmp.Name(), path)
}

// FileSHA256 returns the hex sha256 of the file at path.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hashing %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
