package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
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

// coordinator is the dispatcher of `run --queue`, with the embedded server
// it started, if any.
type coordinator struct {
	*queue.Coordinator
	embedded *queue.Embedded
}

// newCoordinator connects to the queue that the --queue value names,
// starting an embedded server in the league's results directory for
// "embedded[:PORT]". Messages go to stderr.
func newCoordinator(where string, cfg *arena.Config, a queue.Auth, o queue.Options, restart bool, stderr io.Writer) (*coordinator, error) {
	a = a.WithEnv(os.Getenv)
	c := &coordinator{Coordinator: &queue.Coordinator{Config: cfg, Options: o, Restart: restart,
		Notify: func(msg string) { fmt.Fprintln(stderr, "arena: queue:", inert.Line(msg)) }}}
	url := where
	port, embedded, err := queue.ParseEmbedded(where) // checked with the flags
	if embedded {
		c.embedded, err = queue.StartEmbedded(filepath.Join(cfg.Out, "nats"), port, a)
		if err != nil {
			return nil, err
		}
		url = c.embedded.URL()
		host, _ := os.Hostname()
		fmt.Fprintf(stderr, "arena: queue: NATS server embedded, store in %s; on other machines: arena worker nats://%s:%d\n",
			filepath.Join(cfg.Out, "nats"), host, c.embedded.Port())
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

// connectWorker connects a worker, for `arena worker`.
func connectWorker(url, name string, a queue.Auth) (*nats.Conn, error) {
	if err := queue.CheckURL(url); err != nil {
		return nil, usage(err)
	}
	return queue.Connect(url, "arena worker "+name, a.WithEnv(os.Getenv), true)
}
