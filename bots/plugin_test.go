package bots

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// serveEnv, set, makes the test binary a bot that Serve serves.
const serveEnv = "BOTS_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		Serve(infoBot{})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// infoBot answers Info only.
type infoBot struct{}

func (infoBot) Info() Info { return Info{Name: "info", Games: []string{"cavalo"}} }

func (infoBot) Jogar(context.Context, referee.State, time.Duration) (Answer, error) {
	return Answer{}, errors.New("no moves")
}

// serveCmd returns the command of the test binary as a bot, with env.
func serveCmd(t *testing.T, env ...string) *exec.Cmd {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append([]string{serveEnv + "=1", "PLUGIN_UNIX_SOCKET_DIR=" + t.TempDir()}, env...)
	return cmd
}

// TestServeWithoutCookie runs a bot without arena's magic cookie: it writes
// go-plugin's message, which the host recognises, and exits with status 1.
func TestServeWithoutCookie(t *testing.T) {
	out, err := serveCmd(t).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1", err)
	}
	if !strings.HasPrefix(string(out), "This binary is a plugin.") {
		t.Errorf("output %q, want go-plugin's refusal", out)
	}
}

// TestServeSpeaksGoPlugin runs a bot as go-plugin's host does and checks,
// with a plain gRPC client, what the host uses of go-plugin's protocol: the
// handshake line, service Jogador, the health service and the controller,
// whose Shutdown ends the bot with status 0. An interrupt, sent once the
// bot wrote its handshake, leaves it serving.
func TestServeSpeaksGoPlugin(t *testing.T) {
	cmd := serveCmd(t, wire.MagicCookieKey+"="+wire.MagicCookieValue, "PLUGIN_PROTOCOL_VERSIONS=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	f := strings.Split(strings.TrimSuffix(line, "\n"), "|")
	if len(f) != 6 || f[0] != "1" || f[1] != "1" || f[2] != "unix" || f[4] != "grpc" || f[5] != "" {
		t.Fatalf("handshake %q, want 1|1|unix|ADDRESS|grpc|", line)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient("unix://"+f[3], grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	for _, tt := range []struct {
		service string
		ok      bool
	}{{"", true}, {"plugin", true}, {"other", false}} {
		r, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{Service: tt.service})
		if got := err == nil && r.GetStatus() == healthpb.HealthCheckResponse_SERVING; got != tt.ok {
			t.Errorf("health of %q: %v, %v; want serving %v", tt.service, r, err, tt.ok)
		}
	}
	info, err := pb.NewJogadorClient(conn).Info(ctx, &pb.InfoRequest{})
	if err != nil || info.GetName() != "info" {
		t.Errorf("Info: %v, %v; want name info", info, err)
	}
	// The host ignores Shutdown's answer: the bot may stop before sending it.
	_ = conn.Invoke(ctx, "/plugin.GRPCController/Shutdown", &emptypb.Empty{}, &emptypb.Empty{})
	if err := cmd.Wait(); err != nil {
		t.Errorf("after Shutdown: %v, want status 0", err)
	}
}
