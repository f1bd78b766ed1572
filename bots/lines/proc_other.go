//go:build !linux

package lines

import "os/exec"

// setProcAttr leaves the program in the adapter's process group.
func setProcAttr(cmd *exec.Cmd) {}
