//go:build linux

package launch

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestArgsParse checks that the launcher reads back what Options.Args
// writes, with and without the sandbox.
func TestArgsParse(t *testing.T) {
	tests := []struct {
		name string
		o    Options
	}{
		{"limits", Options{MemoryMB: 64, Processes: 10}},
		{"cgroup, nice and report", Options{MemoryMB: -1, Processes: -1, Cgroups: []string{"/sys/fs/cgroup/pids/x", "/sys/fs/cgroup/memory/x"}, ScratchMB: 64, Nice: 10, Report: true}},
		{"sandbox as root", Options{MemoryMB: 1024, Processes: -1, Sandbox: &Sandbox{
			UID: 1 << 30, GID: 1 << 30, UIDMode: "a distinct uid", Scratch: "/tmp/s",
			ReadOnly:  []OwnFile{{Path: "/opt/bot", FD: 4}, {Path: "/srv/data", FD: 5}},
			Workspace: "/opt/bot", KeepGroup: true,
		}}},
		{"sandbox as a user", Options{MemoryMB: 1024, Processes: 512, Sandbox: &Sandbox{
			UID: 1000, GID: 1000, Shared: true, UIDMode: "arena's own", Scratch: "/tmp/s",
			ReadOnly: []OwnFile{{Path: "/home/u/bot", FD: -1}},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bot := []string{"/opt/bot/run", "-x", "--", "y"}
			got, inside, command, err := parse(tt.o.Args(bot[0], bot[1:]))
			if err != nil {
				t.Fatal(err)
			}
			if inside || !reflect.DeepEqual(got, tt.o) || !reflect.DeepEqual(command, bot) {
				t.Errorf("parse(Args) = %+v, %v, %q; want %+v, false, %q", got, inside, command, tt.o, bot)
			}
			if got.Sandbox != nil && !reflect.DeepEqual(*got.Sandbox, *tt.o.Sandbox) {
				t.Errorf("sandbox %+v, want %+v", *got.Sandbox, *tt.o.Sandbox)
			}
		})
	}
}

// TestParseRefuses checks the arguments a launcher refuses, and that the
// refusal of another build's arguments says how to fix it.
func TestParseRefuses(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"another protocol", []string{"-protocol", "1", "-memory-mb", "1", "--", "/bin/true"}, "go build -o DIR ./cmd/arena ./cmd/arena-launch"},
		{"no protocol", []string{"-memory-mb", "1", "--", "/bin/true"}, "another build of arena"},
		{"no command", Options{}.Args("", nil)[:2], "no executable"},
		{"bad own file", []string{"-protocol", strconv.Itoa(protocolVersion), "-sandbox", "-ro", "x:/a", "--", "/bin/true"}, "want FD:PATH"},
		{"unknown flag", []string{"-protocol", strconv.Itoa(protocolVersion), "-nope", "--", "/bin/true"}, "-nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := parse(tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parse(%q) = %v, want an error containing %q", tt.args, err, tt.want)
			}
		})
	}
}
