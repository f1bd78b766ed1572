// Package fence tells exactly what a process wrote to its output pipes
// before a point in time, whatever the machine's load: the reader of the
// pipes holds a write end of each of its own, and at that point writes a
// mark into each and reads up to it. A pipe keeps the order of its writes,
// so every byte the process wrote before the mark is ahead of it, and
// everything it writes later is behind it. arena's host marks the end of
// each call of a bot this way (a move's log holds what the bot wrote
// during the move), and the Lisp adapter the end of each call of SBCL.
//
// A mark is random per Fence and taken out of what is passed on; a process
// that wrote it itself would only cut its own output short. A reader that
// reads its pipe through the Fence's Reader spares most marks: it takes
// bytes from the pipe under the Fence's lock, so that where the pipes hold
// nothing and no reader holds bytes it has not passed on, everything
// written is known to have been passed on, and no mark is needed.
//
// fence imports nothing of arena: both sides of a bot use it.
package fence
