// Package host is arena's side of a bot process (Linux only).
//
// Start launches a bot from a Spec and returns a Process, which implements
// referee.Player. The host reports facts, never verdicts: its errors are
// *referee.Fault values (start, timeout, crash, protocol, memory) wrapping a
// *BotError, and the referee decides what they cost. Each bot process:
//
//   - leads its own session and process group, so that Close (go-plugin's
//     graceful Shutdown, a grace period, then SIGKILL to the group and a
//     sweep of every other descendant, arena being their subreaper) and the
//     bot's own exit leave no grandchild behind, and dies with arena
//     (PR_SET_PDEATHSIG); see reap.go and docs/limits.md;
//   - starts through a launcher (`arena bot launch`, see Launch) that sets
//     its limits (Limits: data memory, a fork-bomb ceiling in its own pids
//     cgroup where arena can make one, no core dumps) before exec, so they
//     hold from the bot's first instruction;
//   - runs in its sandbox (Spec.Sandbox, strict by default; see
//     sandbox.go): its own namespaces, an unprivileged uid, a read-only
//     view of the system and of its own files with a private /tmp, no
//     network, no capability, Landlock and seccomp, all set up by the
//     launcher before exec; ProbeSandbox says what the kernel allows;
//   - is stopped (SIGSTOP) between its calls, so it cannot use the CPU on
//     its opponent's time;
//   - gets a minimal environment (PATH, HOME and TMPDIR in a fresh
//     temporary directory, its /tmp in the sandbox, that is also its
//     working directory and is removed at Close, LANG=C.UTF-8, plus Spec.Env, and ARENA_BOT, the
//     mark its descendants are known by), stdin /dev/null;
//   - has its stdout and stderr read by arena, capped per call
//     (Reply.Log), so that no amount of output costs arena memory.
//
// The built-in bots are real processes too: arena's own binary in `arena
// bot serve builtin:NAME` mode (see BuiltinSpec).
//
// host depends on bots (the SDK's types), referee and, through
// bots/internal/wire, on proto. A bot's binary must never import it.
package host
