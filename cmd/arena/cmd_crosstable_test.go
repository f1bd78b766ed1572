package main

import "testing"

func TestCrosstableCmd(t *testing.T) {
	dir := writeLeague(t)
	for _, f := range []string{"text", "md", "csv", "json"} {
		t.Run(f, func(t *testing.T) {
			out, err := runArena(t, dir, "crosstable", dir, "--format", f)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "crosstable_"+f+".golden", []byte(out))
		})
	}
}
