//go:build linux

package sandbox

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// uidBase and uidSpan are the host uids given to bots when arena runs as
// root: far above the uids of people and system services.
const (
	uidBase = 1 << 30
	uidSpan = 1 << 29
)

// uids hands out the host uids of the bots of this arena process, so that
// two concurrent bots never share one. Across arena processes the random
// pick in a span of 2^29 makes a collision unlikely.
var uids = struct {
	sync.Mutex
	used map[int]bool
}{used: map[int]bool{}}

// identity is the host uid and gid a sandboxed bot runs as, mapped to 0 in
// its user namespace.
type identity struct {
	uid, gid int
	self     bool // arena's own uid (not root): nothing to hand over or give back
}

// newIdentity returns a fresh unprivileged uid for a bot when arena runs as
// root, arena's own uid and gid otherwise.
func newIdentity() (identity, error) {
	if os.Geteuid() != 0 {
		return identity{uid: os.Geteuid(), gid: os.Getegid(), self: true}, nil
	}
	uids.Lock()
	defer uids.Unlock()
	for range 100 {
		var b [4]byte
		if _, err := rand.Read(b[:]); err != nil {
			return identity{}, err
		}
		uid := uidBase + int(binary.LittleEndian.Uint32(b[:])%uidSpan)
		if !uids.used[uid] {
			uids.used[uid] = true
			return identity{uid: uid, gid: uid}, nil
		}
	}
	return identity{}, errors.New("no free uid for the bot")
}

// own hands dir and what it holds over to the bot's uid.
func (id identity) own(dir string) error {
	if id.self {
		return nil
	}
	err := filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, id.uid, id.gid)
	})
	if err != nil {
		return fmt.Errorf("sandbox: handing the scratch directory to uid %d: %w", id.uid, err)
	}
	return nil
}

// release gives the uid back.
func (id identity) release() {
	if id.self {
		return
	}
	uids.Lock()
	delete(uids.used, id.uid)
	uids.Unlock()
}

// uidMode says, for the record, how the bot's uid was chosen.
func (id identity) uidMode() string {
	if id.self {
		return "arena's own uid, mapped to 0 in the bot's user namespace"
	}
	return "a distinct unprivileged uid per bot, mapped to 0 in its user namespace"
}
