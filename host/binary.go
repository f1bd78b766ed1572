//go:build linux

package host

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/registry"
)

// The bot's executable: a regular, executable file, unchanged since it
// was registered.

// executable resolves path to an absolute path of an executable file.
func executable(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if err := CheckExecutable(abs); err != nil {
		return "", err
	}
	return abs, nil
}

// CheckExecutable checks that path is a regular file with an execute bit,
// saying how to fix it if not.
func CheckExecutable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no bot binary at %s", path)
	case err != nil:
		return err
	case fi.IsDir():
		return fmt.Errorf("%s is a directory, not a bot binary", path)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", path)
	case fi.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("%s is not executable (chmod +x %s)", path, path)
	}
	return nil
}

// checkSum checks the executable at path against the hex sha256 want, when
// set (registry.CheckSum: its *registry.ChangedError names the bot name). A
// file checked before and not changed since (see fileVersion) is not read
// again: a league starts its bots thousands of times.
func checkSum(path, want, name string) error {
	if want == "" {
		return nil
	}
	version, versioned := fileVersionOf(path)
	if versioned && checked.has(version, want) {
		return nil
	}
	err := registry.CheckSum(path, want)
	var changed *registry.ChangedError
	switch {
	case errors.As(err, &changed):
		changed.Name = name
		return err
	case err != nil:
		return fmt.Errorf("checking sha256 of %s: %w", path, err)
	}
	if versioned {
		checked.add(version, want)
	}
	return nil
}

// fileVersion names one version of a file: any write to it, or a new file
// at its path, changes its inode change time (which no program can set), its
// modification time or its inode.
type fileVersion struct {
	path         string
	dev, ino     uint64
	size         int64
	mtime, ctime unix.Timespec
}

// fileVersionOf returns the version of the file at path.
func fileVersionOf(path string) (fileVersion, bool) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return fileVersion{}, false
	}
	return fileVersion{path: path, dev: st.Dev, ino: st.Ino, size: st.Size, mtime: st.Mtim, ctime: st.Ctim}, true
}

// checked remembers the files whose sha256 checkSum found as registered.
var checked = sumCache{sums: map[fileVersion]string{}}

// sumCache maps a file's version to the sha256 it was found to have.
type sumCache struct {
	mu   sync.Mutex
	sums map[fileVersion]string
}

func (c *sumCache) has(v fileVersion, sum string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sums[v] == sum
}

func (c *sumCache) add(v fileVersion, sum string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sums[v] = sum
}
