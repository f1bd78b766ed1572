package registry_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/host/registry"
)

// sum is a well-formed sha256 for registry entries.
const sum = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

func TestRegistryRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bots.yaml")
	checked := time.Date(2026, 3, 1, 12, 30, 0, 0, time.UTC)
	want := &registry.Registry{Bots: []registry.Registered{
		{
			Name: "alice", Path: "/opt/bots/alice", SHA256: sum, Checked: checked,
			Info: registry.InfoYAML{Name: "Alice", Author: "A. Student", Version: "2.1", Games: []string{"cavalo"}},
		},
		{
			Name: "bob", Path: "/opt/bots/bob.py", Args: []string{"--depth", "3"}, SHA256: sum, Checked: checked,
			Info: registry.InfoYAML{Name: "bob"},
		},
	}}
	if err := want.Save(path); err != nil {
		t.Fatalf("Save: %v", err)
	}
	got, err := registry.Load(path)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Load after Save = %+v, want %+v", got, want)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o644 {
		t.Errorf("registry file mode %v, want 0644", perm)
	}
	left, err := filepath.Glob(filepath.Join(filepath.Dir(path), ".bots-*"))
	if err != nil || len(left) > 0 {
		t.Errorf("temporary files left: %v (%v)", left, err)
	}
}

func TestLoadRegistryMissing(t *testing.T) {
	r, err := registry.Load(filepath.Join(t.TempDir(), "none.yaml"))
	if err != nil || len(r.Bots) != 0 {
		t.Errorf("Load(missing) = %+v, %v; want an empty registry", r, err)
	}
}

func TestLoadRegistryErrors(t *testing.T) {
	entry := func(name, path, sha string) string {
		return "  - {name: " + name + ", path: " + path + ", sha256: " + sha + ", info: {name: x}, checked: 2026-03-01T12:30:00Z}\n"
	}
	for _, tc := range []struct {
		name, file, errHas string
	}{
		{"unknown key", "bots:\n  - name: a\n    colour: red\n", "bots.yaml: line 3: field colour not found"},
		{"not yaml", "bots: [\n", "did not find expected node content"},
		{"twice", "bots:\n" + entry("a", "/a", sum) + entry("a", "/b", sum), `entry 2: bot "a" is registered twice`},
		{"bad name", "bots:\n" + entry("'a b'", "/a", sum), `entry 1: bot name "a b"`},
		{"relative path", "bots:\n" + entry("a", "bin/a", sum), `path "bin/a" is not absolute`},
		{"short sum", "bots:\n" + entry("a", "/a", "abc123"), `sha256 "abc123" is not 64`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bots.yaml")
			if err := os.WriteFile(path, []byte(tc.file), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := registry.Load(path)
			if err == nil || !strings.Contains(err.Error(), tc.errHas) || !strings.Contains(err.Error(), path) {
				t.Errorf("Load error = %v, want one naming %s and saying %q", err, path, tc.errHas)
			}
		})
	}
}

func TestRegistryPut(t *testing.T) {
	for _, tc := range []struct {
		name     string
		put      []string // names put in turn; the last one's path is "/new"
		want     []string // names in the registry after
		replaced bool     // whether the last Put replaced a bot
	}{
		{"into empty", []string{"b"}, []string{"b"}, false},
		{"sorted", []string{"c", "a", "b"}, []string{"a", "b", "c"}, false},
		{"replaces", []string{"a", "b", "a"}, []string{"a", "b"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r registry.Registry
			var replaced bool
			for i, name := range tc.put {
				path := "/old"
				if i == len(tc.put)-1 {
					path = "/new"
				}
				replaced = r.Put(registry.Registered{Name: name, Path: path, SHA256: sum})
			}
			var names []string
			for _, b := range r.Bots {
				names = append(names, b.Name)
			}
			if !reflect.DeepEqual(names, tc.want) {
				t.Errorf("names after Put = %q, want %q", names, tc.want)
			}
			if replaced != tc.replaced {
				t.Errorf("last Put replaced = %v, want %v", replaced, tc.replaced)
			}
			last := tc.put[len(tc.put)-1]
			if b, ok := r.Lookup(last); !ok || b.Path != "/new" {
				t.Errorf("Lookup(%q) = %+v, %v; want the last one put", last, b, ok)
			}
		})
	}
}

func TestRegisteredVerify(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bot")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	good, err := registry.FileSHA256(bin)
	if err != nil {
		t.Fatal(err)
	}
	// From sha256sum.
	if want := "a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf"; good != want {
		t.Fatalf("FileSHA256 = %q, want %q", good, want)
	}
	for _, tc := range []struct {
		name string
		b    registry.Registered
		want error // nil, registry.ErrChanged or fs.ErrNotExist
	}{
		{"same", registry.Registered{Name: "a", Path: bin, SHA256: good}, nil},
		{"changed", registry.Registered{Name: "a", Path: bin, SHA256: sum}, registry.ErrChanged},
		{"missing", registry.Registered{Name: "a", Path: filepath.Join(dir, "gone"), SHA256: good}, fs.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.b.Verify()
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("Verify() = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestChangedError(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  registry.ChangedError
		want string
	}{
		{"default registry", registry.ChangedError{Name: "bob", Path: "bin/bob", Want: "ab12ab12ab12ab12", Got: "cd34cd34cd34cd34"},
			"bin/bob changed since it was registered (sha256 cd34cd34cd34, registered ab12ab12ab12): if the change is meant, register it again: arena bot add bob bin/bob"},
		{"named registry, arguments", registry.ChangedError{Name: "bob", Path: "my bots/bob", Args: []string{"-d", "two words"}, Registry: "other.yaml", Want: "ab", Got: "cd"},
			"my bots/bob changed since it was registered (sha256 cd, registered ab): if the change is meant, register it again: arena bot add --registry other.yaml bob 'my bots/bob' --args=-d '--args=two words'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q\nwant      %q", got, tc.want)
			}
			if !errors.Is(&tc.err, registry.ErrChanged) {
				t.Error("not ErrChanged")
			}
		})
	}
}
