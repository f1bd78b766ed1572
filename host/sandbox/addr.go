//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/launch"
)

// HostAddr returns the bot's address (from its go-plugin handshake line) as
// the host reaches it. A bot out of the sandbox is trusted: its address
// passes as it is. A sandboxed bot's address is its word, not a place to
// go: it must be a Unix socket in its /tmp. The socket is opened inside the
// bot's own root, where the bot's symbolic links could lead arena to a
// host's socket (openat2 with RESOLVE_IN_ROOT and RESOLVE_NO_SYMLINKS: no
// symbolic link, no way out by ".."), checked to be a socket, and held
// open until Close; arena connects through the descriptor
// (/proc/self/fd/N), so that the bot cannot put another file in its place
// between the check and the connection either. Any other address is an
// error that names why.
func (b *Box) HostAddr(network, addr string) (string, string, error) {
	if b.sandbox == nil {
		return network, addr, nil
	}
	if network != "unix" {
		return "", "", fmt.Errorf("sandboxed bot announced a %.20q address %.200q: a sandboxed bot serves on a Unix socket in its %s, never on the network", network, addr, launch.ScratchInView)
	}
	path, f, err := b.SocketAddr(addr)
	if err != nil {
		return "", "", err
	}
	b.mu.Lock()
	if b.sock != nil {
		_ = b.sock.Close()
	}
	b.sock = f
	b.mu.Unlock()
	return "unix", path, nil
}

// SocketAddr returns the path at which the host reaches a Unix socket the
// bot announced at addr, checked as HostAddr checks the bot's go-plugin
// address, and for a sandboxed bot the descriptor the path names
// (/proc/self/fd/N), which the caller closes once connected. A bot out of
// the sandbox is trusted: its address passes as it is, with no descriptor.
// arena reaches the bot's lean call channel (bots/wire) through it.
func (b *Box) SocketAddr(addr string) (string, *os.File, error) {
	if b.sandbox == nil {
		return addr, nil, nil
	}
	rel, ok := strings.CutPrefix(addr, launch.ScratchInView+"/")
	if !ok {
		return "", nil, fmt.Errorf("sandboxed bot announced socket %.200q outside its %s", addr, launch.ScratchInView)
	}
	f, err := b.openSocket(rel)
	if err != nil {
		return "", nil, fmt.Errorf("sandboxed bot's socket %.200q: %w", addr, err)
	}
	return "/proc/self/fd/" + strconv.Itoa(int(f.Fd())), f, nil
}

// openSocket opens, as an O_PATH descriptor, the socket at rel in the bot's
// /tmp, resolved inside the bot's root: the scratch directory where it is
// the bot's /tmp, else the bot's root (/proc/PID/root, its view), where
// /tmp is a tmpfs of its own mount namespace.
func (b *Box) openSocket(rel string) (*os.File, error) {
	root, name := b.dir, rel
	if b.cfg.ScratchMB > 0 {
		// The bot leads its group, in its own root; the launcher's
		// first stage, the main process, is in the host's.
		bot := b.Group()
		if bot == b.PID() {
			return nil, errors.New("the launcher did not say which process is the bot")
		}
		root = "/proc/" + strconv.Itoa(bot) + "/root"
		name = path.Join(launch.ScratchInView, rel)
	}
	dir, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("opening the bot's root: %w", err)
	}
	defer unix.Close(dir)
	fd, err := unix.Openat2(dir, name, &unix.OpenHow{
		Flags:   unix.O_PATH | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_IN_ROOT | unix.RESOLVE_NO_SYMLINKS,
	})
	switch {
	case errors.Is(err, unix.ELOOP):
		return nil, errors.New("a symbolic link is on the way, and arena follows none of a sandboxed bot's")
	case err != nil:
		return nil, err
	}
	f := os.NewFile(uintptr(fd), rel)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		f.Close()
		return nil, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		f.Close()
		return nil, errors.New("not a socket")
	}
	return f, nil
}
