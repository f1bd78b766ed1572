//go:build linux

// Package sandbox contains a bot's processes (Linux only): it starts a bot
// through its launcher (package launch: limits, namespaces, the bot's view
// of the file system, Landlock and seccomp, set before the bot's first
// instruction), stops and resumes it between its calls, and ends it so
// that no descendant survives. It knows processes, not bots: what a bot
// says, its faults and its output are package host's.
//
// A Box holds one bot's processes:
//
//   - a scratch directory of its own (its working directory, HOME and
//     TMPDIR; its /tmp in the sandbox), named for the arena process that
//     owns it, so that what a dead arena left is known for what it is;
//   - its own session and process group, SIGKILL as its parent-death
//     signal, and cgroups where arena may make them (cgroup.go): pids,
//     memory for all its processes and its scratch, and the freezer that
//     stops all of it between its calls;
//   - the mark ARENA_BOT=<its directory's name> in the environment of
//     every process of the bot, by which, with its session, group,
//     cgroup, directory and descent, Sweep finds them all (reap.go, over
//     what /proc says: proc.go);
//   - in the strict sandbox (Mode), a uid of its own (identity.go) and
//     the launcher's second stage in new namespaces (sandbox.go); Probe
//     says what the kernel allows.
//
// The sandbox. With Mode Strict (the default) every bot process starts in
// its own user, mount, PID, network, IPC and UTS namespaces, which the
// launcher asks of clone(2) for its second stage; that stage then builds
// the bot's view of the file system and confines the thread that execs the
// bot before the bot's first instruction:
//
//   - its uid and gid are 0 in its own user namespace, mapped to an
//     unprivileged host uid: one of its own for every bot when arena runs
//     as root (the supplementary groups dropped), arena's own uid through
//     the user namespace otherwise; it keeps no capability;
//   - it sees the system directories read-only, /etc without its secrets,
//     its own files read-only at their host paths (handed over by the
//     host, see command: no directory above them need be open to it),
//     its scratch as /tmp (a tmpfs of its own, of Config.ScratchMB), its
//     workspace through a copy-on-write overlay, a minimal /dev and the
//     /proc of its own PID namespace; nothing else of the host;
//   - its network namespace holds only its own loopback;
//   - no_new_privs, Landlock where the kernel has it (no writes outside
//     /tmp, no TCP, no signal or abstract socket outside its domain) and a
//     seccomp filter: no call of another architecture, then a deny-list of
//     what a bot never needs.
//
// It is the bot itself that becomes PID 1 of its namespace: when it ends,
// the kernel kills whatever it left there. See docs/limits.md.
//
// sandbox imports only the standard library, golang.org/x/sys,
// host/sandbox/internal/sysfile (the kernel's files read and written with
// plain system calls) and host/sandbox/launch (its launcher, and through
// it go-seccomp-bpf and golang.org/x/net/bpf). It must not import go-plugin, gRPC, proto,
// referee, bots or any other package of arena: a process is all it knows
// of a bot.
package sandbox
