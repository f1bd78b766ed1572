// Command floorchild is the child of the floor benchmarks (arena/bench's
// floor_test.go): the least a bot's process can be, a plain Go program that
// answers each line it reads with one short line, until its input ends.
package main

import (
	"bufio"
	"os"
	"strconv"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadSlice('\n')
		if err != nil {
			return
		}
		out.WriteString("ok " + strconv.Itoa(len(line)) + "\n")
		if out.Flush() != nil {
			return
		}
	}
}
