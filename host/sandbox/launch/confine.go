//go:build linux

package launch

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
)

// What the launcher does to the thread that execs a sandboxed bot, after
// the view: credentials are per thread, and exec keeps only the calling
// thread's, so the caller has locked its goroutine to its thread
// (runtime.LockOSThread) and execs from it.

// bringUpLoopback sets the bot's own loopback interface up: the only
// network it has.
func bringUpLoopback() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("sandbox: loopback: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return fmt.Errorf("sandbox: loopback: %w", err)
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("sandbox: loopback: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("sandbox: loopback: %w", err)
	}
	return nil
}

// dropCapabilities leaves the thread, uid 0 of its own user namespace,
// without any capability, now and after exec: the bounding set is
// emptied, the securebits keep exec from granting root's capabilities
// again (locked), and the ambient, inheritable, permitted and effective
// sets are cleared.
func dropCapabilities() error {
	// The securebits of linux/securebits.h, which x/sys does not name:
	// NOROOT, NO_SETUID_FIXUP, KEEP_CAPS (off) and NO_CAP_AMBIENT_RAISE,
	// each with its lock.
	const (
		noRoot, noRootLocked                 = 1 << 0, 1 << 1
		noSetuidFixup, noSetuidFixupLocked   = 1 << 2, 1 << 3
		keepCapsLocked                       = 1 << 5
		noAmbientRaise, noAmbientRaiseLocked = 1 << 6, 1 << 7
	)
	bits := noRoot | noRootLocked | noSetuidFixup | noSetuidFixupLocked |
		keepCapsLocked | noAmbientRaise | noAmbientRaiseLocked
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits), 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: securebits: %w", err)
	}
	// Every capability the kernel knows, up to the first it refuses as
	// invalid (EINVAL): its last, /proc/sys/kernel/cap_last_cap, without
	// that file's path walk.
	for c := 0; ; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if errors.Is(err, unix.EINVAL) && c > 0 {
			break
		}
		if err != nil {
			return fmt.Errorf("sandbox: dropping capability %d from the bounding set: %w", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: clearing ambient capabilities: %w", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("sandbox: clearing capabilities: %w", err)
	}
	return nil
}

// Landlock's access rights, by the ABI version that brought them.
const (
	landlockFSv1 = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR |
		unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR |
		unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM
	landlockRead = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR
)

// LandlockABI returns the kernel's Landlock ABI version, 0 where it has
// none (or it is turned off).
func LandlockABI() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
}

// applyLandlock restricts the thread, for the rights the kernel's ABI abi
// knows: it may read and execute anything in its view, write only under
// /tmp (and to the devices of /dev) and to the file output (when not
// ""), use no TCP (ABI 4), and neither signal
// nor reach abstract Unix sockets outside its own domain (ABI 6). It
// returns abi, or 0 where the kernel has no Landlock.
func applyLandlock(writable []string, output string) (int, error) {
	abi := LandlockABI()
	if abi == 0 {
		return 0, nil
	}
	fs := uint64(landlockFSv1)
	if abi >= 2 {
		fs |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		fs |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= 5 {
		fs |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	attr := unix.LandlockRulesetAttr{Handled_access_fs: fs}
	size := unsafe.Offsetof(attr.Handled_access_net)
	if abi >= 4 {
		attr.Handled_access_net = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
		size = unsafe.Offsetof(attr.Scoped)
	}
	if abi >= 6 {
		attr.Scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
		size = unsafe.Offsetof(attr.Quiet_access_fs)
	}
	rfd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return 0, fmt.Errorf("sandbox: landlock_create_ruleset: %w", errno)
	}
	defer unix.Close(int(rfd))
	type rule struct {
		path   string
		access uint64
	}
	rules := []rule{
		{"/", landlockRead},
		{ScratchInView, fs},
		{"/dev", landlockRead | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | fs&unix.LANDLOCK_ACCESS_FS_IOCTL_DEV},
	}
	for _, p := range writable {
		rules = append(rules, rule{p, fs})
	}
	if output != "" {
		// A file takes only the rights of files.
		rules = append(rules, rule{output, unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | fs&unix.LANDLOCK_ACCESS_FS_TRUNCATE})
	}
	for _, r := range rules {
		if err := landlockAllow(int(rfd), r.path, r.access); err != nil {
			return 0, err
		}
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, rfd, 0, 0); errno != 0 {
		return 0, fmt.Errorf("sandbox: landlock_restrict_self: %w", errno)
	}
	return abi, nil
}

// landlockAllow adds the rule that allows access beneath path.
func landlockAllow(ruleset int, path string, access uint64) error {
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("sandbox: landlock rule for %s: %w", path, err)
	}
	defer unix.Close(fd)
	attr := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(fd)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("sandbox: landlock rule for %s: %w", path, errno)
	}
	return nil
}

// userCounts are the bot's ceilings of the kernel's per-user counts
// (/proc/sys/user), set in its own user namespace. The kernel charges a
// count at every level of user namespaces, each under its own ceiling:
// where the bots run as arena's own uid (arena is not root), what a bot
// holds is arena's user's too, and these keep a bot to a small share of
// it. No bot needs more, and it may make no namespace at all.
var userCounts = []struct {
	name string
	max  int
}{
	{"max_inotify_instances", 16},
	{"max_inotify_watches", 1024},
	{"max_user_namespaces", 0},
}

// lowerUserCounts sets userCounts in the thread's user namespace; a count
// the kernel does not know is left alone.
func lowerUserCounts() error {
	for _, c := range userCounts {
		err := sysfile.Write("/proc/sys/user/"+c.name, []byte(strconv.Itoa(c.max)))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("sandbox: lowering %s to %d: %w", c.name, c.max, err)
		}
	}
	return nil
}

// confine applies, to the calling thread, all that the sandbox does after
// the view v: the loopback up, the per-user counts lowered, no_new_privs, Landlock, seccomp (refusing
// setsid and setpgid too with keepGroup), and no capability left. It
// returns what it achieved.
func confine(id string, v *view, keepGroup bool) (Report, error) {
	r := Report{
		Mode:       "strict",
		Namespaces: []string{"user", "mount", "pid", "net", "ipc", "uts"},
		UID:        id,
		Overlay:    v.overlay,
	}
	if v.scratchMB > 0 {
		r.ScratchMB = v.scratchMB
	}
	if err := bringUpLoopback(); err != nil {
		return r, err
	}
	if err := unix.Sethostname([]byte("arena-bot")); err != nil {
		return r, fmt.Errorf("sandbox: hostname: %w", err)
	}
	if err := lowerUserCounts(); err != nil {
		return r, err
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return r, fmt.Errorf("sandbox: no_new_privs: %w", err)
	}
	abi, err := applyLandlock(v.writable(), v.output.Path)
	if err != nil {
		return r, err
	}
	r.Landlock = abi
	if err := applySeccomp(keepGroup); err != nil {
		return r, err
	}
	r.Seccomp = true
	r.SeccompArch = NativeArch() + " only"
	r.KeepGroup = keepGroup
	if err := dropCapabilities(); err != nil {
		return r, err
	}
	return r, nil
}
