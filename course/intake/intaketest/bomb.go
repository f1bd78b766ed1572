package intaketest

import (
	"bufio"
	"embed"
	"os"
)

// bomb holds bzip2 streams that a hostile tar.bz2 is made of: the tar
// header of /hostile/zeros.lisp claiming 880 GiB (head-880g.tar.bz2) or
// 64 MiB (head-64m.tar.bz2), and 1 GiB (zeros-1g.bz2) or 64 MiB
// (zeros-64m.bz2) of zeros. They were made with Go's archive/tar (GNU
// format) and Python's bz2.compress at level 9; a bzip2 reader reads
// streams written one after the other as one.
//
//go:embed bomb
var bomb embed.FS

// Bomb is a hostile tar.bz2, small on disk and huge unpacked.
type Bomb int

const (
	// OneHuge is one entry with an absolute name whose header claims
	// 880 GiB, followed by 64 GiB of zeros (about 50 KiB compressed),
	// as in issue 39: an entry skipped for its name is decompressed all
	// the same.
	OneHuge Bomb = iota
	// ManySkipped is 1000 entries with an absolute name, of 64 MiB of
	// zeros each (about 185 KiB compressed): each within the limits of
	// one file, 64 GiB in all.
	ManySkipped
)

// WriteBomb writes the hostile tar.bz2 b at path.
func WriteBomb(path string, b Bomb) error {
	read := func(name string) []byte {
		data, err := bomb.ReadFile("bomb/" + name)
		if err != nil {
			panic(err) // embedded
		}
		return data
	}
	var parts [][]byte
	switch b {
	case OneHuge:
		parts = append(parts, read("head-880g.tar.bz2"))
		for range 64 {
			parts = append(parts, read("zeros-1g.bz2"))
		}
	case ManySkipped:
		head, zeros := read("head-64m.tar.bz2"), read("zeros-64m.bz2")
		for range 1000 {
			parts = append(parts, head, zeros)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, p := range parts {
		w.Write(p) // its error is Flush's
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
