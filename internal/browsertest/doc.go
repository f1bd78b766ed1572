// Package browsertest drives headless Chromium for the tests of arena's
// pages: start a tab, wait for a condition in the page, read a value,
// take a screenshot. The waits poll the page for a condition; their
// bound (Hang) only stops a hang, it times nothing.
//
// It imports nothing of arena.
package browsertest
