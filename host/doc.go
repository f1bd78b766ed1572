//go:build linux

// Package host is arena's side of a bot process (Linux only): it starts a
// bot, talks to it over go-plugin, and stops it.
//
// Start launches a bot from a Spec and returns a Process, which implements
// referee.Player. The host reports facts, never verdicts: its errors are
// *referee.Fault values (start, timeout, crash, protocol, memory) wrapping a
// *BotError, and the referee decides what they cost. Each bot process:
//
//   - is held in a sandbox.Box (package sandbox): its own session and
//     process group, started through a launcher (`arena bot launch`, see
//     SelfLauncher) that sets its limits (Limits: data memory, a fork-bomb
//     ceiling in its own pids cgroup where arena can make one, no core
//     dumps) and its sandbox (Spec.Sandbox, strict by default) before exec,
//     so they hold from the bot's first instruction; Close (go-plugin's
//     graceful Shutdown, a grace period, then SIGKILL to the group and a
//     sweep of every other descendant) and the bot's own exit leave no
//     grandchild behind, and it dies with arena; see docs/limits.md;
//   - is stopped between its calls (its cgroup freezer, else SIGSTOP to
//     its process group), so it cannot use the CPU on its opponent's time;
//   - gets a minimal environment (PATH, HOME and TMPDIR in a fresh
//     temporary directory, its /tmp in the sandbox, that is also its
//     working directory and is removed at Close, LANG=C.UTF-8, plus
//     Spec.Env, and ARENA_BOT, the mark its descendants are known by),
//     stdin /dev/null;
//   - has its stdout and stderr read by arena, capped per call
//     (Reply.Log), so that no amount of output costs arena memory.
//
// The built-in bots are real processes too: arena's own binary in `arena
// bot serve builtin:NAME` mode, or arena-bot beside it (see SelfSpec,
// Beside and package arena/botkind).
//
// host imports only bots (the SDK's types), bots/wire (the
// handshake and the converters), bots/wire/goplugin (go-plugin's
// configuration of the connection), bots/fence (the end of a call's output),
// proto, referee, host/registry, host/sandbox and host/sandbox/launch. Nothing of a bot's side
// may link it: internal/repocheck's table says so.
package host
