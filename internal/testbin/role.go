package testbin

import (
	"os"
	"os/exec"
	"slices"
	"testing"
)

// roleEnv names the role a test binary plays when a test starts it again as
// something else than the tests: a host process, a bot, a command. Its
// TestMain hands the roles it can play to Main.
const roleEnv = "ARENA_TEST_ROLE"

// Main runs the tests of m and returns their exit status, unless roleEnv
// names one of roles: then it runs that role with the binary's arguments
// (those after "--" when there is one, as Command passes them) and returns
// the role's status. TestMain calls os.Exit(testbin.Main(m, roles)).
func Main(m *testing.M, roles map[string]func(args []string) int) int {
	if role, ok := roles[os.Getenv(roleEnv)]; ok {
		args := os.Args[1:]
		if i := slices.Index(args, "--"); i >= 0 {
			args = args[i+1:]
		}
		return role(args)
	}
	return m.Run()
}

// Role returns the environment entry that makes a test binary play role.
func Role(role string) string { return roleEnv + "=" + role }

// Command returns the command that starts the running test binary again in
// role (see Main), with args, running no test.
func Command(role string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), Role(role))
	return cmd
}
