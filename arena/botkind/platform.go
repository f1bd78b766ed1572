package botkind

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"runtime"
)

// elfMachines are the ELF machines of the architectures Go names.
var elfMachines = map[string]elf.Machine{
	"amd64": elf.EM_X86_64, "386": elf.EM_386, "arm64": elf.EM_AARCH64, "arm": elf.EM_ARM,
	"riscv64": elf.EM_RISCV, "ppc64le": elf.EM_PPC64, "s390x": elf.EM_S390, "loong64": elf.EM_LOONGARCH,
}

// CheckPlatform returns why this machine cannot run bot r, called name, or
// nil. An executable (path or registered) answers by its first bytes: a
// binary for another system or architecture cannot run; a script (#!) is
// left to its interpreter. A built-in bot (arena's own executable) and a
// Lisp bot (arena's adapter and SBCL) run wherever arena does. A worker of
// a distributed league asks it before a game, to record a bot built for
// another platform as a bot that does not start.
func (r Ref) CheckPlatform(name string) error {
	if k, _ := r.Kind(); k != Path && k != Registered {
		return nil
	}
	f, err := os.Open(r.Path)
	if err != nil {
		return err
	}
	head := make([]byte, 20) // the ELF header up to e_machine
	n, _ := io.ReadFull(f, head)
	f.Close()
	head = head[:n]
	if bytes.HasPrefix(head, []byte("#!")) {
		return nil
	}
	here := runtime.GOOS + "/" + runtime.GOARCH
	if runtime.GOOS != "linux" || n < len(head) || !bytes.HasPrefix(head, []byte(elf.ELFMAG)) {
		return fmt.Errorf("this worker (%s) cannot run bot %q: not a Linux (ELF) executable", here, name)
	}
	var order binary.ByteOrder = binary.LittleEndian
	if elf.Data(head[elf.EI_DATA]) == elf.ELFDATA2MSB {
		order = binary.BigEndian
	}
	machine := elf.Machine(order.Uint16(head[18:]))
	if want, ok := elfMachines[runtime.GOARCH]; ok && machine != want {
		return fmt.Errorf("this worker (%s) cannot run bot %q: built for %s", here, name, machine)
	}
	return nil
}
