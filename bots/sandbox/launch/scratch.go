//go:build linux

package launch

import (
	"fmt"
	"os"
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
	v.overlay = "copy-on-write"
	if v.workspace == "" {
		return unix.Unmount(lower, unix.MNT_DETACH)
	}
	return nil
}

// overlayPath escapes the characters that separate overlayfs's options
// and layers.
func overlayPath(p string) string {
	return strings.NewReplacer(`\`, `\\`, ",", `\,`, ":", `\:`).Replace(p)
}

// writable returns the paths beneath which the bot may write besides /tmp
// and /dev: the workspace, where its overlay was made.
func (v *view) writable() []string {
	if v.workspace != "" && v.overlay == "copy-on-write" {
		return []string{v.workspace}
	}
	return nil
}
