// Package botkind is the one home of the kinds of bot arena runs: a
// built-in bot, a registered executable, an executable at a path, a Common
// Lisp submission. For each kind it holds the four steps every bot goes
// through: Resolve (a league entry or a command-line reference checked and
// completed), Preflight (what keeps a resolved bot from starting, with the
// fix), Spec (how the host starts it) and, for the kinds that arena's own
// executable serves, the re-exec entry (Serve: `arena bot serve
// builtin:NAME | lisp | lisp-probe ...`). A new kind is a constant, a case
// in each of those functions, and its tests, in this package.
//
// botkind is arena's side of a bot. botkind imports only bots/builtin,
// bots/lisp, bots/lisp/probe, bots/lines, host, host/registry
// and host/sandbox. It must not import arena, web or cmd.
package botkind
