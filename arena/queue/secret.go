package queue

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"gopkg.in/yaml.v3"
)

// Secret is what a worker needs besides the server's address: the league's
// key, which signs specs and results, and, for an embedded server, the
// worker's NATS login. A coordinator and its workers share it; it is kept
// in a file of mode 0600 (see LoadSecret, CreateSecret).
type Secret struct {
	// Key is 32 random bytes as 64 hex digits: the HMAC-SHA256 key of
	// every spec and result.
	Key string `yaml:"key"`
	// User and Password are the worker's NATS login on an embedded
	// server; empty for a standalone server, whose logins are its own.
	User     string `yaml:"user,omitempty"`
	Password string `yaml:"password,omitempty"`
}

// SecretFile is the name of a league's worker secret in its results
// directory.
const SecretFile = "worker.secret"

// The NATS users of an embedded server.
const (
	CoordinatorUser = "coordinator" // may do anything
	WorkerUser      = "worker"      // may pull specs and publish results (see workerPermissions)
)

// hex64 is a sha256 or a key, as arena writes them.
var hex64 = regexp.MustCompile(`^[0-9a-f]{64}$`)

// ErrSecret says a secret file cannot be used.
var ErrSecret = errors.New("bad queue secret")

// RandomHex returns n random bytes as hex digits.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// NewSecret returns a fresh key and, withLogin, a worker login.
func NewSecret(withLogin bool) Secret {
	s := Secret{Key: RandomHex(32)}
	if withLogin {
		s.User, s.Password = WorkerUser, RandomHex(24)
	}
	return s
}

// LoadSecret reads the secret file at path. It refuses a file that others
// than its owner may read, and a key that is not 64 hex digits.
func LoadSecret(path string) (Secret, error) {
	info, err := os.Stat(path)
	if err != nil {
		return Secret{}, err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return Secret{}, fmt.Errorf("%w: %s is mode %#o, readable by others than its owner: chmod 600 %s", ErrSecret, path, info.Mode().Perm(), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Secret{}, err
	}
	var s Secret
	if err := yaml.Unmarshal(data, &s); err != nil {
		return Secret{}, fmt.Errorf("%w: %s: %v", ErrSecret, path, err)
	}
	if !hex64.MatchString(s.Key) {
		return Secret{}, fmt.Errorf("%w: %s: key: want 64 hex digits, e.g. from 'openssl rand -hex 32'", ErrSecret, path)
	}
	return s, nil
}

// CreateSecret writes s to a new file at path, mode 0600; it fails when
// the file exists.
func CreateSecret(path string, s Secret) error {
	data, err := yaml.Marshal(s)
	if err != nil {
		return err
	}
	data = append([]byte("# arena's queue secret: the league's key and the worker's login; keep it mode 0600\n"), data...)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// LoadOrCreateSecret reads the secret at path, or creates one there (with
// a worker login when withLogin) when there is none; a secret without the
// login that withLogin asks for gains one.
func LoadOrCreateSecret(path string, withLogin bool) (s Secret, created bool, err error) {
	s, err = LoadSecret(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		s = NewSecret(withLogin)
		return s, true, CreateSecret(path, s)
	case err != nil:
		return Secret{}, false, err
	case withLogin && s.Password == "":
		s.User, s.Password = WorkerUser, RandomHex(24)
		if err := os.Remove(path); err != nil {
			return Secret{}, false, err
		}
		return s, true, CreateSecret(path, s)
	}
	return s, false, nil
}

// macHeader is the NATS header that carries a message's HMAC.
const macHeader = "Arena-Mac"

// mac is the HMAC-SHA256 of a message of kind ("spec" or "result") on
// subject with data, under the secret's key, as hex: the kind and subject
// keep a spec from passing for a result, or one league's for another's.
func (s Secret) mac(kind, subject string, data []byte) string {
	key, _ := hex.DecodeString(s.Key)
	h := hmac.New(sha256.New, key)
	fmt.Fprintf(h, "arena %s\x00%s\x00", kind, subject)
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// verify reports whether got is the HMAC of the message.
func (s Secret) verify(kind, subject string, data []byte, got string) bool {
	if s.Key == "" {
		return false
	}
	want := s.mac(kind, subject, data)
	return hmac.Equal([]byte(want), []byte(got))
}
