// Package repocheck holds no code, only tests of the repository itself:
// that CI runs README's test command (.ci/test, which sets up and runs the
// tests), that go.mod is tidy, that build outputs stay out of git, and that
// every package keeps to the dependency rules (deps_test.go: the table of
// what each package may use), that what each doc.go says of them is
// true (docclaims_test.go), and that the Go names doc comments and the
// Markdown docs give exist (docnames_test.go). It imports nothing of
// arena.
package repocheck
