//go:build linux

package launch

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// userTasks counts the processes and threads whose real user is uid, as the
// kernel does for RLIMIT_NPROC.
func userTasks(uid int) (int, error) {
	d, err := os.Open("/proc")
	if err != nil {
		return 0, fmt.Errorf("counting processes: %w", err)
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return 0, fmt.Errorf("counting processes: %w", err)
	}
	want := strconv.Itoa(uid)
	n := 0
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/status")
		if err != nil {
			continue // gone meanwhile
		}
		var realUID string
		threads := 0
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			key, val, _ := strings.Cut(sc.Text(), ":")
			switch key {
			case "Uid":
				if f := strings.Fields(val); len(f) > 0 {
					realUID = f[0]
				}
			case "Threads":
				threads, _ = strconv.Atoi(strings.TrimSpace(val))
			}
		}
		if realUID == want {
			n += threads
		}
	}
	return n, nil
}
