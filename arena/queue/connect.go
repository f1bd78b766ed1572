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

// EmbeddedOptions say where an embedded server listens and who may log in.
type EmbeddedOptions struct {
	// Host is the address it listens on: a loopback address unless told
	// otherwise (empty: 127.0.0.1).
	Host string
	Port int // 0: a free one
	// CoordinatorPassword and WorkerPassword are the passwords of
	// CoordinatorUser and WorkerUser. Without them anyone may log in,
	// which is refused on an address other than loopback.
	CoordinatorPassword, WorkerPassword string
}

// ErrNoAuth says an embedded server would take anyone on the network.
var ErrNoAuth = errors.New("a NATS server without credentials listens on loopback only")

// StartEmbedded starts a NATS server with JetStream in this process,
// storing its streams under dir. Its two users are CoordinatorUser, who
// may do anything, and WorkerUser, who may only pull specs, fetch bots
// and publish results (see workerPermissions).
func StartEmbedded(dir string, o EmbeddedOptions) (*Embedded, error) {
	if o.Host == "" {
		o.Host = "127.0.0.1"
	}
	auth := o.CoordinatorPassword != "" && o.WorkerPassword != ""
	if !auth && !isLoopback(o.Host) {
		return nil, fmt.Errorf("embedded NATS server on %s: %w", o.Host, ErrNoAuth)
	}
	opts := &server.Options{
		ServerName: "arena",
		Host:       o.Host,
		Port:       o.Port,
		JetStream:  true,
		StoreDir:   dir,
		NoSigs:     true,
	}
	if o.Port == 0 {
		opts.Port = server.RANDOM_PORT
	}
	if auth {
		opts.Users = []*server.User{
			{Username: CoordinatorUser, Password: o.CoordinatorPassword},
			{Username: WorkerUser, Password: o.WorkerPassword, Permissions: workerPermissions()},
		}
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("embedded NATS server: not ready after 10s (is %s free?)", net.JoinHostPort(o.Host, strconv.Itoa(o.Port)))
	}
	return &Embedded{srv: srv}, nil
}

// isLoopback reports whether host names this machine's loopback
// interface only.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// workerPublish lists the subjects a worker may publish to: JetStream's
// API for what it reads (the workers' consumer, the bots' store, the
// leagues' bucket), the acks of its specs, and results. Nothing that
// writes a spec, a stream, a bucket or an object.
func workerPublish() []string {
	return []string{
		"$JS.API.INFO",
		"$JS.API.CONSUMER.INFO." + gamesStream + "." + workersName,
		"$JS.API.CONSUMER.MSG.NEXT." + gamesStream + "." + workersName,
		"$JS.ACK." + gamesStream + "." + workersName + ".>",
		"$JS.API.STREAM.INFO.OBJ_" + botsBucket,
		"$JS.API.STREAM.MSG.GET.OBJ_" + botsBucket,
		"$JS.API.DIRECT.GET.OBJ_" + botsBucket + ".>",
		"$JS.API.CONSUMER.CREATE.OBJ_" + botsBucket,
		"$JS.API.CONSUMER.CREATE.OBJ_" + botsBucket + ".>",
		"$JS.API.CONSUMER.DELETE.OBJ_" + botsBucket + ".>",
		"$JS.FC.OBJ_" + botsBucket + ".>",
		"$JS.API.STREAM.INFO.KV_" + leaguesBucket,
		"$JS.API.STREAM.MSG.GET.KV_" + leaguesBucket,
		"$JS.API.DIRECT.GET.KV_" + leaguesBucket + ".>",
		resultsSubject + ">",
	}
}

// workerPermissions are the NATS permissions of a worker.
func workerPermissions() *server.Permissions {
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: workerPublish()},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>"}}, // its replies
	}
}

// URL is the address that clients on this machine connect to.
func (e *Embedded) URL() string { return e.srv.ClientURL() }

// Addr is the address the server listens on, HOST:PORT.
func (e *Embedded) Addr() string { return e.srv.Addr().String() }

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
