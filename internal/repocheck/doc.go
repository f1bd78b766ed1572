// Package repocheck holds no code, only tests of the repository itself:
// that CI runs README's test command (.ci/test, which sets up and runs the
// tests), that go.mod is tidy, that build outputs stay out of git, and that
// every package keeps to the import rules (deps_test.go: the table of what
// each package may import). It imports nothing of arena.
package repocheck
