// Package bots is both sides of a bot process.
//
// On the bot's side, a Go bot implements Bot and calls Serve from main (see
// bots/examples/first): Serve completes go-plugin's handshake and answers
// arena's calls of service Jogador (proto/jogador.proto) over gRPC.
//
// On arena's side, Start launches a bot from a Spec and returns a Process,
// which implements referee.Player. The host reports facts, never verdicts:
// its errors are *referee.Fault values (start, timeout, crash, protocol,
// memory) wrapping a *BotError, and the referee decides what they cost.
// Each bot process:
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
//   - is stopped (SIGSTOP) between its calls, so it cannot use the CPU on
//     its opponent's time;
//   - gets a minimal environment (PATH, HOME and TMPDIR in a fresh
//     temporary directory that is also its working directory and is
//     removed at Close, LANG=C.UTF-8, plus Spec.Env, and ARENA_BOT, the
//     mark its descendants are known by), stdin /dev/null;
//   - has its stdout and stderr read by arena, capped per call
//     (Reply.Log), so that no amount of output costs arena memory.
//
// Check runs the conformance checks of `arena bot check`. The built-in bots
// are in bots/builtin and are real processes too: arena's own binary in
// `arena bot serve builtin:NAME` mode (see BuiltinSpec).
//
// bots depends on referee (rules) and proto (the wire). Only this package,
// its internal packages and proto see generated types: the converters
// (toproto*/fromproto*, one pair per concept) are the border.
package bots
