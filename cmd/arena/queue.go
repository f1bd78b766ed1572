package main

import (
	"cmp"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/queue"
	"github.com/arenabots/arena/internal/inert"
)

// addAuthFlags adds the NATS credential and TLS flags; the environment
// fills what they leave empty.
func addAuthFlags(cmd *cobra.Command, a *queue.Auth) {
	f := cmd.Flags()
	f.StringVar(&a.CredsFile, "creds", "", "NATS credentials file (or $"+queue.EnvCreds+")")
	f.StringVar(&a.NkeyFile, "nkey", "", "NATS nkey seed file (or $"+queue.EnvNkey+")")
	f.StringVar(&a.User, "user", "", "NATS user (or $"+queue.EnvUser+"); password: $"+queue.EnvPassword)
	f.StringVar(&a.CAFile, "ca", "", "CA of the server's certificate, for tls:// (or $"+queue.EnvCA+")")
	f.StringVar(&a.CertFile, "cert", "", "client certificate for tls:// (or $"+queue.EnvCert+")")
	f.StringVar(&a.KeyFile, "key", "", "the client certificate's key (or $"+queue.EnvKey+")")
}

// queueFlags are the flags of `run --queue` beyond the NATS login.
type queueFlags struct {
	auth   queue.Auth
	opts   queue.Options
	secret string // the league's secret file; default out/worker.secret
	listen string // the embedded server's address
}

// coordinator is the dispatcher of `run --queue`, with the embedded server
// it started, if any.
type coordinator struct {
	*queue.Coordinator
	embedded *queue.Embedded
}

// newCoordinator connects to the queue that the --queue value names,
// starting an embedded server in the league's results directory for
// "embedded[:PORT]", listening on qf.listen. The league's secret is read
// from qf.secret, or made there. Messages go to stderr.
func newCoordinator(where string, cfg *league.Config, qf queueFlags, restart bool, stderr io.Writer) (*coordinator, error) {
	a := qf.auth.WithEnv(os.Getenv)
	c := &coordinator{Coordinator: &queue.Coordinator{Config: cfg, Options: qf.opts, DiscardResults: restart,
		Notify: func(msg string) { fmt.Fprintln(stderr, "arena: queue:", inert.Line(msg)) }}}
	port, embedded, err := queue.ParseEmbedded(where) // checked with the flags
	if err != nil {
		return nil, usage(fmt.Errorf("--queue: %w", err))
	}
	secretFile := cmp.Or(qf.secret, filepath.Join(cfg.Out, queue.SecretFile))
	secret, created, err := queue.LoadOrCreateSecret(secretFile, embedded)
	if err != nil {
		return nil, usage(fmt.Errorf("--secret: %w", err))
	}
	c.Secret = secret
	if created {
		fmt.Fprintf(stderr, "arena: queue: made the league's secret %s (mode 0600): copy it to each worker's machine\n", secretFile)
	}
	url := where
	if embedded {
		coordPass := queue.RandomHex(24)
		c.embedded, err = queue.StartEmbedded(filepath.Join(cfg.Out, "nats"), queue.EmbeddedOptions{
			Host: qf.listen, Port: port, CoordinatorPassword: coordPass, WorkerPassword: secret.Password})
		if err != nil {
			return nil, err
		}
		url = c.embedded.URL()
		a = queue.Auth{User: queue.CoordinatorUser, Password: coordPass}
		fmt.Fprintf(stderr, "arena: queue: NATS server embedded on %s, store in %s\n", c.embedded.Addr(), filepath.Join(cfg.Out, "nats"))
		host := qf.listen
		switch host {
		case "":
			fmt.Fprintln(stderr, "arena: queue: it listens on loopback only: --listen 0.0.0.0 (or an address of this machine) for workers on other machines")
			host = "127.0.0.1"
		case "0.0.0.0", "::":
			host, _ = os.Hostname()
		}
		fmt.Fprintf(stderr, "arena: queue: a worker runs: arena worker nats://%s --secret %s\n",
			net.JoinHostPort(host, strconv.Itoa(c.embedded.Port())), secretFile)
	}
	if c.Conn, err = queue.Connect(url, "arena coordinator "+cfg.Name, a, false); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// close disconnects and stops the embedded server.
func (c *coordinator) close() {
	if c.Conn != nil {
		c.Conn.Close()
	}
	if c.embedded != nil {
		c.embedded.Close()
	}
}

// connectWorker connects a worker, for `arena worker`: with the login of
// its secret when no other is given.
func connectWorker(url, name string, a queue.Auth, s queue.Secret) (*nats.Conn, error) {
	a = a.WithEnv(os.Getenv)
	if a.CredsFile == "" && a.NkeyFile == "" && a.User == "" {
		a.User, a.Password = s.User, s.Password
	}
	return queue.Connect(url, "arena worker "+name, a, true)
}
