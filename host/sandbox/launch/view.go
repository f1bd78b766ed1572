//go:build linux

package launch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// view is the file system a sandboxed bot sees, built by the launcher in
// its own mount namespace (where it is root of its own user namespace, with
// no power over the host's files) before it execs the bot.
type view struct {
	scratch   string    // host path of the scratch directory
	scratchMB int       // the size of the bot's tmpfs /tmp; 0: the scratch directory is its /tmp
	readOnly  []OwnFile // the bot's own files and directories, at their host paths
	workspace string    // one of them, seen writable through an overlay
	output    OwnFile   // the one host file it may write, if its Path is set
	// probeOverlay tries an overlay in the scratch tmpfs, for the report.
	probeOverlay bool

	// overlay says, once built, how the workspace (or the probe's) is
	// seen: "copy-on-write", or why it is read-only.
	overlay string
}

// Where the view is built: a tmpfs on /tmp (of this mount namespace only),
// which then becomes the root, with the host's root under oldRoot.
const (
	buildBase = "/tmp"
	oldRoot   = "/oldroot"
	newRoot   = "/newroot"
)

// secretFiles and secretDirs of /etc are hidden: /dev/null over a file, an
// empty directory over a directory.
var (
	secretFiles = []string{"shadow", "shadow-", "gshadow", "gshadow-", "sudoers", "security/opasswd"}
	secretDirs  = []string{"sudoers.d", "ssh", "ssl/private"}
)

// devices are the nodes of the bot's /dev, bound from the host's.
var devices = []string{"null", "zero", "full", "random", "urandom"}

// build makes the view and makes it the root: afterwards "/" is the bot's
// view, and the working directory its /tmp.
func (v *view) build() error {
	steps := []struct {
		what string
		do   func() error
	}{
		{"making mounts private", func() error { return unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "") }},
		{"mounting the build tmpfs", func() error {
			return unix.Mount("tmpfs", buildBase, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=0755,size=1m")
		}},
		{"moving to the build tmpfs", v.enterBuild},
		{"binding the system directories", v.bindSystem},
		{"hiding the secrets of /etc", v.maskSecrets},
		{"making the scratch", v.makeScratch},
		{"binding the bot's files", v.bindOwn},
		{"binding its output file", v.bindOutput},
		{"making the workspace", v.makeWorkspace},
		{"making /dev", v.makeDev},
		{"mounting /proc", func() error {
			if err := os.Mkdir(newRoot+"/proc", 0o555); err != nil {
				return err
			}
			return unix.Mount("proc", newRoot+"/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
		}},
		{"making the root read-only", func() error {
			return setAttr(newRoot, false, unix.MOUNT_ATTR_RDONLY|unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV)
		}},
		{"entering the view", enterView},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			return fmt.Errorf("sandbox: %s: %w", s.what, err)
		}
	}
	return nil
}

// enterBuild makes the build tmpfs the root, with the host's root at
// oldRoot and the view to be at newRoot (a mount of its own, for
// pivot_root).
func (view) enterBuild() error {
	for _, d := range []string{buildBase + newRoot, buildBase + oldRoot} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	if err := unix.Mount(buildBase+newRoot, buildBase+newRoot, "", unix.MS_BIND, ""); err != nil {
		return err
	}
	if err := unix.PivotRoot(buildBase, buildBase+oldRoot); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	return os.Chdir("/")
}

// bindSystem binds the system directories read-only, or copies them where
// they are symbolic links (/bin -> usr/bin).
func (view) bindSystem() error {
	for _, d := range SystemDirs {
		fi, err := os.Lstat(oldRoot + d)
		switch {
		case errors.Is(err, os.ErrNotExist):
			continue
		case err != nil:
			return err
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(oldRoot + d)
			if err != nil {
				return err
			}
			if err := os.Symlink(target, newRoot+d); err != nil {
				return err
			}
			continue
		}
		if err := bind(oldRoot+d, newRoot+d, true); err != nil {
			return err
		}
	}
	return nil
}

// maskSecrets hides the secrets of /etc under the read-only /etc.
func (view) maskSecrets() error {
	for _, f := range secretFiles {
		if fi, err := os.Stat(newRoot + "/etc/" + f); err == nil && !fi.IsDir() {
			if err := unix.Mount(oldRoot+"/dev/null", newRoot+"/etc/"+f, "", unix.MS_BIND, ""); err != nil {
				return fmt.Errorf("/etc/%s: %w", f, err)
			}
		}
	}
	for _, d := range secretDirs {
		if fi, err := os.Stat(newRoot + "/etc/" + d); err == nil && fi.IsDir() {
			if err := unix.Mount("tmpfs", newRoot+"/etc/"+d, "tmpfs", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, "mode=0755,size=4k"); err != nil {
				return fmt.Errorf("/etc/%s: %w", d, err)
			}
		}
	}
	return nil
}

// bindOwn mounts the bot's own files read-only at their host paths:
// attaches the copies of their mount trees the host handed over, or binds
// their paths. A path under the bot's /tmp lands in its scratch directory,
// which is its own.
func (v view) bindOwn() error {
	for _, f := range v.readOnly {
		if f.FD < 0 {
			if err := bind(oldRoot+f.Path, newRoot+f.Path, true); err != nil {
				return err
			}
			continue
		}
		if err := attach(f.FD, newRoot+f.Path); err != nil {
			return fmt.Errorf("attaching %s: %w", f.Path, err)
		}
	}
	return nil
}

// bindOutput mounts the bot's output file, if any, writable at its host
// path: attaches the writable copy of its mount the host handed over, or
// binds its path.
func (v view) bindOutput() error {
	f := v.output
	switch {
	case f.Path == "":
		return nil
	case f.FD < 0:
		return bind(oldRoot+f.Path, newRoot+f.Path, false)
	}
	if err := attach(f.FD, newRoot+f.Path); err != nil {
		return fmt.Errorf("attaching %s: %w", f.Path, err)
	}
	return nil
}

// makeDev makes a read-only tmpfs /dev holding the host's null, zero, full,
// random and urandom, and the links to /proc/self/fd.
func (view) makeDev() error {
	dev := newRoot + "/dev"
	if err := os.Mkdir(dev, 0o755); err != nil {
		return err
	}
	if err := unix.Mount("tmpfs", dev, "tmpfs", unix.MS_NOSUID, "mode=0755,size=4k"); err != nil {
		return err
	}
	for _, d := range devices {
		if err := touch(dev + "/" + d); err != nil {
			return err
		}
		if err := unix.Mount(oldRoot+"/dev/"+d, dev+"/"+d, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("/dev/%s: %w", d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, dev+"/"+name); err != nil {
			return err
		}
	}
	// Only the tmpfs is read-only: the devices stay writable.
	return setAttr(dev, false, unix.MOUNT_ATTR_RDONLY)
}

// enterView makes newRoot the root, drops the host's root and moves to the
// bot's /tmp.
func enterView() error {
	if err := unix.Unmount(oldRoot, unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the host's root: %w", err)
	}
	if err := os.Chdir(newRoot); err != nil {
		return err
	}
	// pivot_root(".", ".") stacks the old root under the new one; the
	// unmount then drops it.
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the build root: %w", err)
	}
	return os.Chdir(ScratchInView)
}

// bind binds src on dst, recursively, making dst (a directory or an empty
// file, like src) first; read-only when ro.
func bind(src, dst string, ro bool) error {
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	if err := mountPoint(dst, fi.IsDir()); err != nil {
		return err
	}
	if err := unix.Mount(src, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("binding %s: %w", src[len(oldRoot):], err)
	}
	if ro {
		return setAttr(dst, true, unix.MOUNT_ATTR_RDONLY|unix.MOUNT_ATTR_NOSUID)
	}
	return setAttr(dst, false, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV)
}

// attach mounts the detached mount tree tree (see detach), read-only
// already, on dst, making dst (a directory or an empty file, like the
// tree's root) first.
func attach(tree int, dst string) error {
	var st unix.Stat_t
	if err := unix.Fstat(tree, &st); err != nil {
		return err
	}
	if err := mountPoint(dst, st.Mode&unix.S_IFMT == unix.S_IFDIR); err != nil {
		return err
	}
	return unix.MoveMount(tree, "", unix.AT_FDCWD, dst, unix.MOVE_MOUNT_F_EMPTY_PATH)
}

// mountPoint makes a directory, or an empty file, at path, and its
// directories.
func mountPoint(path string, dir bool) error {
	if dir {
		return os.MkdirAll(path, 0o755)
	}
	return touch(path)
}

// setAttr sets the attributes attr on the mount at path, and on every
// mount beneath it when recursive.
func setAttr(path string, recursive bool, attr uint64) error {
	flags := uint(0)
	if recursive {
		flags = unix.AT_RECURSIVE
	}
	if err := unix.MountSetattr(unix.AT_FDCWD, path, flags, &unix.MountAttr{Attr_set: attr}); err != nil {
		return fmt.Errorf("mount_setattr %s: %w", path, err)
	}
	return nil
}

// touch makes an empty file at path, and its directories.
func touch(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	// Not os.OpenFile, which would offer the file to Go's poller first
	// (see package sysfile).
	fd, err := unix.Open(path, unix.O_CREAT|unix.O_WRONLY|unix.O_CLOEXEC, 0o644)
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return unix.Close(fd)
}
