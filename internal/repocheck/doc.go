// Package repocheck holds no code, only tests of the repository itself:
// that CI runs README's test command (.ci/test, which sets up and runs the
// tests), that go.mod is tidy, and that build outputs stay out of git. It
// imports nothing of arena.
package repocheck
