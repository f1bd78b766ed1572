package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-plugin"
	"golang.org/x/sys/unix"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/bots/wire/goplugin"
	pb "github.com/arenabots/arena/proto"
)

// The modes of issue 28's attacks on the host through what arena keeps of
// a bot: its address (announce), go-plugin's broker stream (broker), and
// the kernel's per-user counts and open files (inotify, files).

// announce writes a go-plugin handshake line naming network and address,
// after making, if link is set, a symbolic link at link to target, or a
// regular file there where target is "file"; then it sleeps. It says where
// to find a host's listener for a bot that does not serve one.
func announce(network, address, link, target string) {
	if link != "" {
		var err error
		if target == "file" {
			err = create(link)
		} else {
			err = os.Symlink(target, link)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "testbot: announce:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d|%d|%s|%s|grpc\n", plugin.CoreProtocolVersion, wire.ProtocolVersion, network, address)
	time.Sleep(time.Hour)
}

// brokerStream is go-plugin's broker stream, which its client opens.
const brokerStream = "/plugin.GRPCBroker/StartStream"

// knocker floods go-plugin's broker stream, when arena opens it, with n
// knocks of fresh ids, each carrying size bytes: go-plugin's client keeps
// an entry for every id, and the knock in it.
type knocker struct {
	n, size int
	started atomic.Bool
	sent    atomic.Int64
	done    chan struct{}
}

// serveBroker serves like the raw modes, with k's interceptor.
func serveBroker(k *knocker) {
	cfg := goplugin.ServeConfig(&raw{mode: "broker", knocks: k}, wire.ProtocolVersion)
	cfg.GRPCServer = func(opts []grpc.ServerOption) *grpc.Server {
		return grpc.NewServer(append(opts, grpc.ChainStreamInterceptor(k.intercept))...)
	}
	plugin.Serve(cfg)
}

// intercept sends the knocks on the broker stream before go-plugin's own
// handler serves it.
func (k *knocker) intercept(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if info.FullMethod != brokerStream || k.started.Swap(true) {
		return handler(srv, ss)
	}
	pad := strings.Repeat("k", k.size)
	for id := range k.n {
		if err := ss.SendMsg(knock(uint32(1000+id), pad)); err != nil {
			break
		}
		k.sent.Add(1)
	}
	close(k.done)
	return handler(srv, ss)
}

// wait waits until the knocks are sent, if arena opened the stream, and
// returns how many were.
func (k *knocker) wait() int64 {
	if k.started.Load() {
		select {
		case <-k.done:
		case <-time.After(10 * time.Second):
		}
	}
	return k.sent.Load()
}

// knock is go-plugin's ConnInfo{ServiceId: id, Knock: {Knock: true,
// Error: pad}}, written by hand (go-plugin's message is internal) as the
// unknown fields of an empty message, which the codec writes as they are.
func knock(id uint32, pad string) *emptypb.Empty {
	var k []byte
	k = protowire.AppendTag(k, 1, protowire.VarintType)
	k = protowire.AppendVarint(k, 1)
	k = protowire.AppendTag(k, 3, protowire.BytesType)
	k = protowire.AppendString(k, pad)
	var b []byte
	b = protowire.AppendTag(b, 1, protowire.VarintType)
	b = protowire.AppendVarint(b, uint64(id))
	b = protowire.AppendTag(b, 4, protowire.BytesType)
	b = protowire.AppendBytes(b, k)
	m := &emptypb.Empty{}
	m.ProtoReflect().SetUnknown(b)
	return m
}

// brokerMove answers the first legal move once the knocks are sent, with
// how many in Stats.Nodes.
func (r *raw) brokerMove(req *pb.JogarRequest) *pb.Jogada {
	return &pb.Jogada{Move: req.GetLegalMoves()[0], Stats: &pb.Stats{Nodes: r.knocks.wait()}}
}

// maxAttempts bounds the inotify and files modes' attempts: beyond any
// limit arena sets, far below the host's, so that the test of a host
// without the limits cannot take what other users of the machine need.
const (
	maxInotify = 200
	maxFiles   = 4096
)

// inotifyAll makes inotify instances until the kernel refuses one (or
// maxInotify), keeps them, and returns how many and why it stopped.
func inotifyAll() (int, error) {
	for n := range maxInotify {
		if _, err := unix.InotifyInit1(unix.IN_CLOEXEC); err != nil {
			return n, err
		}
	}
	return maxInotify, nil
}

// openAll opens /dev/null (a file of its own each time) until the kernel
// refuses (or maxFiles), keeps them, and returns how many and why it
// stopped.
func openAll() (int, error) {
	for n := range maxFiles {
		if _, err := unix.Open("/dev/null", unix.O_RDONLY|unix.O_CLOEXEC, 0); err != nil {
			return n, err
		}
	}
	return maxFiles, nil
}

// filesReport has n children (mode holdfiles) open files, and opens
// files itself, and returns one line per process, "files PROC: N (WHY)",
// and the total.
func filesReport(n int) ([]string, int) {
	var lines []string
	total := 0
	report := func(proc string, count int, why error) {
		total += count
		lines = append(lines, fmt.Sprintf("files %s: %d (%v)", proc, count, why))
	}
	for i := range n {
		cmd := exec.Command(self(), "holdfiles")
		out, err := cmd.StdoutPipe()
		if err == nil {
			err = cmd.Start()
		}
		if err != nil {
			report("child"+strconv.Itoa(i), 0, err)
			continue
		}
		var count int
		var why string
		_, err = fmt.Fscanf(out, "%d %s\n", &count, &why)
		if err != nil {
			why = err.Error()
		}
		report("child"+strconv.Itoa(i), count, errors.New(why))
	}
	count, err := openAll()
	report("bot", count, err)
	return lines, total
}

// holdFiles is a child of the files mode: it opens what it can, writes how
// many and why it stopped, and sleeps, holding them.
func holdFiles() {
	count, err := openAll()
	why := "limit"
	if err != nil {
		why = strings.ReplaceAll(err.Error(), " ", "-")
	}
	fmt.Printf("%d %s\n", count, why)
	time.Sleep(time.Hour)
}
