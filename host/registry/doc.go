// Package registry is the file of bots registered with `arena bot add`
// (bots.yaml by default): each bot's path, the sha256 of its binary and
// what it said of itself when it passed the checks. A league names a
// registered bot with `registered: NAME`.
//
// registry reads and writes files only: it starts no process and imports
// nothing of arena.
package registry
