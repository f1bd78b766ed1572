// Package repocheck holds no code, only tests of the repository itself:
// that CI runs the test command README gives, that go.mod is tidy, and that
// build outputs stay out of git. It imports nothing of arena.
package repocheck
