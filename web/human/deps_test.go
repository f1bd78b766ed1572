package human_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPortable checks that the package stays portable: it depends on
// referee alone of arena's packages, so that any front end (the terminal, a
// web page) can use it without the bot host.
func TestPortable(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	const module = "github.com/arenabots/arena/"
	allowed := map[string]bool{module + "referee": true, module + "web/human": true}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, module) && !allowed[dep] {
			t.Errorf("web/human depends on %s", dep)
		}
	}
}
