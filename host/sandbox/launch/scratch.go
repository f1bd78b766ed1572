//go:build linux

package launch

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// The bot's scratch and workspace in its view. With a size (view.scratchMB)
// the scratch is a tmpfs of the bot's own mount namespace, mounted at
// scratchBase of the build root: its tmp/ is the bot's /tmp, its ws/ holds
// the upper and work directories of the workspace's overlay, which the bot
// so cannot reach but pays for. Its pages are charged to the memory cgroup
// of the process that writes them, the bot's: the tmpfs counts in the
// bot's memory, and it is gone with the bot's mount namespace, so a full
// scratch is the bot's problem (ENOSPC), never the host's disk's.
const scratchBase = "/scratch"

// makeScratch mounts the bot's /tmp: the tmpfs, or the scratch directory
// where there is no size.
func (v *view) makeScratch() error {
	if v.scratchMB <= 0 {
		return bind(oldRoot+v.scratch, newRoot+ScratchInView, false)
	}
	if err := os.Mkdir(scratchBase, 0o755); err != nil {
		return err
	}
	opts := "mode=0755,size=" + strconv.Itoa(v.scratchMB) + "m"
	if err := unix.Mount("tmpfs", scratchBase, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		return fmt.Errorf("mounting a tmpfs of %d MiB: %w", v.scratchMB, err)
	}
	tmp := scratchBase + "/tmp"
	if err := os.Mkdir(tmp, 0o755); err != nil {
		return err
	}
	// The directories the host made in the scratch directory before the
	// start (go-plugin's socket directory) are made again, empty: the
	// host reaches the bot's /tmp through /proc/PID/root.
	entries, err := os.ReadDir(oldRoot + v.scratch)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			if err := os.Mkdir(tmp+"/"+e.Name(), 0o700); err != nil {
				return err
			}
		}
	}
	return bind(tmp, newRoot+ScratchInView, false)
}

// makeWorkspace mounts the overlay over the workspace, which bindOwn bound
// read-only: the workspace is its lower layer, its upper and work
// directories are in the scratch tmpfs. Where the overlay cannot be made
// (no scratch tmpfs, a kernel without overlayfs in user namespaces) the
// workspace stays read-only and v.overlay says why. With probeOverlay, an
// overlay is tried in the tmpfs alone, for the report.
func (v *view) makeWorkspace() error {
	switch {
	case v.workspace == "" && !v.probeOverlay:
		return nil
	case v.scratchMB <= 0:
		v.overlay = "read-only: no scratch tmpfs for its upper layer"
		return nil
	}
	ws := scratchBase + "/ws"
	for _, d := range []string{ws, ws + "/upper", ws + "/work"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	lower := newRoot + v.workspace
	if v.workspace != "" && !mappedTree(lower) {
		return v.copyWorkspace(lower, ws+"/copy")
	}
	if v.workspace == "" { // the probe
		lower = ws + "/lower"
		if err := os.Mkdir(lower, 0o755); err != nil {
			return err
		}
	}
	opts := "lowerdir=" + overlayPath(lower) + ",upperdir=" + ws + "/upper,workdir=" + ws + "/work,userxattr"
	if err := unix.Mount("overlay", lower, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
		v.overlay = "read-only: the kernel refused an overlay: " + err.Error()
		return nil
	}
	v.overlay = copyOnWrite
	if v.workspace == "" {
		return unix.Unmount(lower, unix.MNT_DETACH)
	}
	return nil
}

// How a workspace is seen when it is writable: through an overlay, or, where
// its files belong to users the bot's namespace does not map (arena run as
// root, a submission of root's), as a private copy in the scratch tmpfs:
// overlayfs copies a file up as its owner, which such a namespace cannot
// name, so the bot could not rewrite a file handed in.
const (
	copyOnWrite = "copy-on-write"
	copied      = copyOnWrite + ", a copy in the scratch: its files belong to users the bot's namespace does not map"
)

// mappedTree reports whether every file below dir belongs to a user and a
// group that the bot's user namespace maps (its own, 0 in the namespace),
// as an overlay's copy-up needs.
func mappedTree(dir string) bool {
	mapped := true
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		var st unix.Stat_t
		if err != nil || unix.Lstat(path, &st) != nil || st.Uid != 0 || st.Gid != 0 {
			mapped = false
			return filepath.SkipAll
		}
		return nil
	})
	return mapped
}

// copyWorkspace copies the workspace lower into dir, in the scratch tmpfs,
// as the bot's own files, and binds the copy over the workspace. A copy the
// scratch cannot hold leaves the workspace read-only, saying why.
func (v *view) copyWorkspace(lower, dir string) error {
	if err := copyTree(lower, dir); err != nil {
		_ = os.RemoveAll(dir)
		v.overlay = "read-only: copying it into the scratch: " + err.Error()
		return nil
	}
	if err := unix.Mount(dir, lower, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("binding the copy of the workspace: %w", err)
	}
	v.overlay = copied
	return nil
}

// copyTree copies the directories, regular files and symbolic links below
// src to dst, each writable by its owner; it leaves out other files
// (devices, sockets, pipes).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Mkdir(to, info.Mode().Perm()|0o700)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		case d.Type().IsRegular():
			return copyFile(path, to, info.Mode().Perm()|0o600)
		}
		return nil
	})
}

// copyFile copies the regular file src to a new file dst of mode perm.
func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// overlayPath escapes the characters that separate overlayfs's options
// and layers.
func overlayPath(p string) string {
	return strings.NewReplacer(`\`, `\\`, ",", `\,`, ":", `\:`).Replace(p)
}

// writable returns the paths beneath which the bot may write besides /tmp
// and /dev: the workspace, where its overlay was made.
func (v *view) writable() []string {
	if v.workspace != "" && strings.HasPrefix(v.overlay, copyOnWrite) {
		return []string{v.workspace}
	}
	return nil
}
