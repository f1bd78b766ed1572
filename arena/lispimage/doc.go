// Package lispimage keeps the saved images of Lisp bots (Cache): an SBCL
// core with the driver and a bot's files loaded, keyed by everything its
// loading may read (lisp.ImageKey), built once in the bot's own sandbox
// (its one writable file), kept read-only in a folder (the user's cache
// folder for arena's commands: DefaultDir) and started by every later
// game of a bot of the same key. A league's runner (arena.Runner's
// LispImages) and botkind's Env (its Images) ask it for a bot's Spec.
//
// lispimage is arena's side of a bot. lispimage imports only bots/lisp,
// host and internal/inert. It must not import arena, botkind, web or cmd.
package lispimage
