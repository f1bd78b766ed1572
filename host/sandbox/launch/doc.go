//go:build linux

// Package launch is the launcher of a bot process: the small program that
// runs between arena's fork and the bot's first instruction, so that the
// bot never runs without its limits and its sandbox. A sandbox.Box (package
// sandbox) starts it as `EXECUTABLE bot launch ARGS... -- BOT ARGS...` in the
// bot's new session and process group, with SIGKILL as its parent-death
// signal; it sets the limits on itself (setrlimit), joins the bot's
// cgroups (pids, memory, freezer) and replaces itself with the bot, which
// keeps them all.
//
// With the sandbox it goes in two stages. The first, started by the host
// without new namespaces (so that the host's fork shares its memory and
// costs almost nothing), joins the cgroup, becomes the bot's uid (so that
// the bot's user namespace is the bot's uid's, not root's: see becomeBot),
// sets the limits, then starts the second stage from its own executable in
// new user, mount, PID, network, IPC and UTS namespaces, and stays as the
// bot's parent, ending as it ends. The second stage builds the bot's view
// of the file system (view.go; its scratch tmpfs and the copy-on-write
// overlay of its workspace: scratch.go), confines the thread that execs (no
// capability, no_new_privs, Landlock: confine.go; a seccomp filter that
// refuses other architectures first, and AF_VSOCK: package filter's rules,
// held on amd64 as a table, zseccomp_amd64.go) and becomes the bot, PID 1
// of its namespace.
//
// Any binary that links this package, directly or through package
// sandbox or host, is a launcher: its init recognises Command at the start
// of the command line, runs the launcher and never returns, so that arena
// (`arena bot launch`) and the test binaries need no code of their own for
// it. A launch of a large binary pays for the Go runtime's start and for
// the package initialisation of everything the binary holds (in arena,
// about 30 ms of CPU and 800 page faults on a 2-core VM); cmd/arena-launch,
// this package alone, about a third of that, which is why arena uses it
// where it is beside arena's executable.
//
// The package is Linux only. It imports only the standard library,
// golang.org/x/sys and host/sandbox/internal/sysfile (and, on other
// architectures than amd64, its own filter).
package launch
