//go:build linux

package filter

import (
	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/cpu"
	"golang.org/x/sys/unix"
)

// The seccomp filter of a sandboxed bot. go-seccomp-bpf assembles the
// deny-list for the native architecture, but lets every call of another
// architecture through (its program jumps to the default action, allow):
// on x86_64 the i386 entry (int $0x80) would reach ptrace, keyctl or
// unshare as if there were no filter. So the program starts with a check
// of its own, as nsjail's and the container runtimes' do: a call whose
// arch is not the native one fails with ENOSYS, before the deny-list (which
// also refuses x32 calls, __X32_SYSCALL_BIT, with ENOSYS).

// deniedSyscalls are what a bot never needs: they fail with EPERM. Not
// personality, which SBCL calls at start.
var deniedSyscalls = []string{
	"ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
	"mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig",
	"fsmount", "fspick", "mount_setattr", "setns", "unshare",
	"bpf", "perf_event_open", "userfaultfd", "open_by_handle_at", "name_to_handle_at",
	"keyctl", "add_key", "request_key",
	"kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"reboot", "swapon", "swapoff", "acct", "syslog", "quotactl", "lookup_dcookie",
	"iopl", "ioperm", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
	"sethostname", "setdomainname", "vhangup",
}

// groupSyscalls leave the bot's process group: refused where no cgroup
// freezer holds the bot, so that stopping its group stops all of it.
var groupSyscalls = []string{"setsid", "setpgid"}

// filterPolicy is the deny-list: deniedSyscalls (and groupSyscalls when
// keepGroup) fail with EPERM, a clone that asks for a new user namespace
// too (unshare is denied whole), and clone3 with ENOSYS: its flags are in
// a struct that a filter cannot read, and libc and Go fall back to clone.
func filterPolicy(keepGroup bool) seccomp.Policy {
	eperm := seccomp.ActionErrno | seccomp.Action(unix.EPERM)
	denied := deniedSyscalls
	if keepGroup {
		denied = append(append([]string(nil), denied...), groupSyscalls...)
	}
	return seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{
			{Names: denied, Action: eperm},
			{Names: []string{"clone3"}, Action: seccomp.ActionErrno | seccomp.Action(unix.ENOSYS)},
			{
				NamesWithCondtions: []seccomp.NameWithConditions{{
					Name:       "clone",
					Conditions: seccomp.ArgumentConditions{{Argument: 0, Operation: seccomp.BitsSet, Value: unix.CLONE_NEWUSER}},
				}},
				Action: eperm,
			},
		},
	}
}

// Program returns the filter, keepGroup refusing setsid and setpgid too:
// the architecture check, the refusal of AF_VSOCK sockets, then the
// deny-list of filterPolicy for the native architecture.
func Program(keepGroup bool) ([]unix.SockFilter, error) {
	native, err := arch.GetInfo("")
	if err != nil {
		return nil, err
	}
	policy := filterPolicy(keepGroup)
	rest, err := policy.Assemble()
	if err != nil {
		return nil, err
	}
	// struct seccomp_data: int nr; __u32 arch; __u64 ip; __u64 args[6].
	const nrOffset, archOffset, argsOffset = 0, 4, 16
	// The low half of socket's first argument, an int: the kernel reads
	// no more of it, so neither does the filter (a check of all 64 bits
	// would let through a family with high bits set).
	familyOffset := uint32(argsOffset)
	if cpu.IsBigEndian {
		familyOffset += 4
	}
	prog := append([]bpf.Instruction{
		bpf.LoadAbsolute{Off: archOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(native.ID), SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionErrno) | uint32(unix.ENOSYS)},
		// socket(AF_VSOCK, ...): EAFNOSUPPORT. A virtual machine's bot
		// would reach its hypervisor's services, which no network
		// namespace holds.
		bpf.LoadAbsolute{Off: nrOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: uint32(unix.SYS_SOCKET), SkipTrue: 3},
		bpf.LoadAbsolute{Off: familyOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpNotEqual, Val: unix.AF_VSOCK, SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionErrno) | uint32(unix.EAFNOSUPPORT)},
	}, rest...)
	raw, err := bpf.Assemble(prog)
	if err != nil {
		return nil, err
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, in := range raw {
		filter[i] = unix.SockFilter{Code: in.Op, Jt: in.Jt, Jf: in.Jf, K: in.K}
	}
	return filter, nil
}

// NativeArch names the only architecture whose system calls a sandboxed bot
// may make.
func NativeArch() string {
	if native, err := arch.GetInfo(""); err == nil {
		return native.Name
	}
	return "unknown"
}
