// Package botkind is the one home of the kinds of bot arena runs: a
// built-in bot, a registered executable, an executable at a path, a Common
// Lisp submission. A kind is how a bot is given; how an executable (a
// registered or path bot) talks to arena is its protocol, gRPC or the line
// protocol (Ref.Protocol: `protocol: lines` in a league file, lines:PATH on
// the command line), which is no kind. For each kind it holds the steps
// every bot goes through: Parse (its form on the command line; ParseSpec
// for every form, a Lisp submission (lisp:...) included, which an Env's
// LispCompleter completes: course/intake implements it, botkind only asks;
// Named for a name picked on the page, Scaffolded for a project of
// `arena bot new`), Form and LeagueEntry (a bot written back as the
// command line and a league file take it), Resolve (a league entry
// checked and completed), Preflight (what keeps a resolved bot from
// starting, with the fix), Spec (how the host starts it, the built-in
// bots' arena-bot included), CodeKey and Settings (its part of a league's
// keys), CheckPlatform (whether this machine runs it: a worker asks),
// ArenasOwn, ImageKind, FromImage and AsRegistered (what the course, the
// saved images and `arena bot new` ask of a kind) and, for the kinds that arena's own executable serves, the
// re-exec entry (Serve: `arena bot serve builtin:NAME | lisp | lisp-probe
// | lines ...`). A new kind is a constant, a case in each of those
// functions, and its tests, in this package: the commands only parse, ask
// ParseSpec for a bot's Spec and print a Ref's Form, never deciding by
// kind (internal/repocheck's TestCommandsDecideNoKind), and no package
// but this one asks a Ref which kind it is, or makes one, by its keys
// (TestKindsDecidedInBotkind). An Env's Images (package arena/lispimage)
// starts a Lisp bot from its saved image.
//
// botkind is arena's side of a bot. botkind imports only bots/builtin,
// bots/lisp, bots/lisp/probe, bots/lines, arena/lispimage, host, host/registry,
// host/sandbox, host/scaffold, internal/treehash and
// referee. It must not import arena, web or cmd.
package botkind
