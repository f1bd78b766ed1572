package queue

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Auth is how a coordinator or a worker authenticates to a NATS server and
// trusts it. At most one of CredsFile, NkeyFile and User is used, in that
// order.
type Auth struct {
	CredsFile string // a NATS .creds file (a user JWT and its nkey seed)
	NkeyFile  string // a file holding an nkey seed
	User      string
	Password  string
	CAFile    string // TLS: the CA that signed the server's certificate
	CertFile  string // TLS: a client certificate, with KeyFile
	KeyFile   string
}

// Environment variables that AuthFromEnv reads.
const (
	EnvCreds    = "ARENA_NATS_CREDS"
	EnvNkey     = "ARENA_NATS_NKEY"
	EnvUser     = "ARENA_NATS_USER"
	EnvPassword = "ARENA_NATS_PASSWORD"
	EnvCA       = "ARENA_NATS_CA"
	EnvCert     = "ARENA_NATS_CERT"
	EnvKey      = "ARENA_NATS_KEY"
)

// WithEnv returns a with each empty field taken from the environment, as
// getenv (os.Getenv) reads it: flags win over the environment.
func (a Auth) WithEnv(getenv func(string) string) Auth {
	for _, f := range []struct {
		v   *string
		env string
	}{
		{&a.CredsFile, EnvCreds}, {&a.NkeyFile, EnvNkey}, {&a.User, EnvUser}, {&a.Password, EnvPassword},
		{&a.CAFile, EnvCA}, {&a.CertFile, EnvCert}, {&a.KeyFile, EnvKey},
	} {
		if *f.v == "" {
			*f.v = getenv(f.env)
		}
	}
	return a
}

// options returns the nats options that a asks for.
func (a Auth) options() ([]nats.Option, error) {
	var opts []nats.Option
	switch {
	case a.CredsFile != "":
		opts = append(opts, nats.UserCredentials(a.CredsFile))
	case a.NkeyFile != "":
		o, err := nats.NkeyOptionFromSeed(a.NkeyFile)
		if err != nil {
			return nil, fmt.Errorf("nkey seed %s: %w", a.NkeyFile, err)
		}
		opts = append(opts, o)
	case a.User != "":
		opts = append(opts, nats.UserInfo(a.User, a.Password))
	}
	if a.CAFile != "" {
		opts = append(opts, nats.RootCAs(a.CAFile))
	}
	if (a.CertFile == "") != (a.KeyFile == "") {
		return nil, errors.New("a client certificate needs both a certificate and its key")
	}
	if a.CertFile != "" {
		opts = append(opts, nats.ClientCert(a.CertFile, a.KeyFile))
	}
	return opts, nil
}

// ErrURL says a queue URL is not one arena understands.
var ErrURL = errors.New("bad queue URL")

// CheckURL checks that rawURL names a NATS server: nats://HOST:PORT, or
// tls://HOST:PORT for TLS; several may be separated by commas.
func CheckURL(rawURL string) error {
	for _, s := range strings.Split(rawURL, ",") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || (u.Scheme != "nats" && u.Scheme != "tls") {
			return fmt.Errorf("%w %q: want nats://HOST:PORT, or tls://HOST:PORT for TLS", ErrURL, s)
		}
	}
	return nil
}

// Connect connects to the NATS server(s) at rawURL as name, reconnecting
// for as long as the connection is used. With wait, a server that is not
// up yet is no error: the connection is made when it comes up (a worker
// may start before its coordinator).
func Connect(rawURL, name string, a Auth, wait bool) (*nats.Conn, error) {
	if err := CheckURL(rawURL); err != nil {
		return nil, err
	}
	opts, err := a.options()
	if err != nil {
		return nil, err
	}
	opts = append(opts, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second), nats.RetryOnFailedConnect(wait))
	nc, err := nats.Connect(rawURL, opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", rawURL, err)
	}
	return nc, nil
}

// defaultPort is the NATS port an embedded server listens on by default.
const defaultPort = 4222

// ParseEmbedded reports whether queue, the value of `run --queue`, asks for
// an embedded server ("embedded" or "embedded:PORT"), and on which port.
func ParseEmbedded(queue string) (port int, ok bool, err error) {
	rest, ok := strings.CutPrefix(queue, "embedded")
	switch {
	case !ok:
		return 0, false, nil
	case rest == "":
		return defaultPort, true, nil
	}
	p, err := strconv.Atoi(strings.TrimPrefix(rest, ":"))
	if !strings.HasPrefix(rest, ":") || err != nil || p < 0 || p > 65535 {
		return 0, true, fmt.Errorf("%w %q: want embedded or embedded:PORT, e.g. embedded:4222", ErrURL, queue)
	}
	return p, true, nil
}

// Embedded is a NATS server with JetStream running in this process.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts a NATS server with JetStream in this process,
// listening on every interface at port (0: a free one) and storing its
// streams under dir. When a.User is set, clients must log in as that user.
func StartEmbedded(dir string, port int, a Auth) (*Embedded, error) {
	opts := &server.Options{
		ServerName: "arena",
		Host:       "0.0.0.0",
		Port:       port,
		JetStream:  true,
		StoreDir:   dir,
		Username:   a.User,
		Password:   a.Password,
		NoSigs:     true,
	}
	if port == 0 {
		opts.Port = server.RANDOM_PORT
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("embedded NATS server: not ready after 10s (is port %d free?)", port)
	}
	return &Embedded{srv: srv}, nil
}

// URL is the address that clients on this machine connect to.
func (e *Embedded) URL() string { return e.srv.ClientURL() }

// Port is the port the server listens on.
func (e *Embedded) Port() int {
	if a, ok := e.srv.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// Close shuts the server down and waits until it is down.
func (e *Embedded) Close() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}
