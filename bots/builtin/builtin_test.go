package builtin

import (
	"maps"
	"strings"
	"testing"
)

func TestParseOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		kvs     []string
		want    Options
		wantErr string // in the error; "" for none
	}{
		{"none", nil, Options{}, ""},
		{"two", []string{"depth=4", "seed=7"}, Options{"depth": "4", "seed": "7"}, ""},
		{"empty value", []string{"seed="}, Options{"seed": ""}, ""},
		{"value with =", []string{"k=a=b"}, Options{"k": "a=b"}, ""},
		{"last wins", []string{"seed=1", "seed=2"}, Options{"seed": "2"}, ""},
		{"no =", []string{"depth"}, nil, `option "depth" is not KEY=VALUE`},
		{"no key", []string{"=4"}, nil, `option "=4" is not KEY=VALUE`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseOptions(tc.kvs)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseOptions(%q) = %v, %v; want an error saying %q", tc.kvs, got, err, tc.wantErr)
				}
				return
			}
			if err != nil || !maps.Equal(got, tc.want) {
				t.Errorf("ParseOptions(%q) = %v, %v; want %v", tc.kvs, got, err, tc.want)
			}
		})
	}
}

// TestServeRefuses checks that Serve returns a user's mistake before it
// serves anything; serving itself is tested through arena's binary (the
// host's and cmd/arena's tests play built-in bots as processes).
func TestServeRefuses(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bot     string
		options []string
		wantErr string
	}{
		{"unknown bot", "nope", nil, `unknown built-in bot "nope" (known: alphabeta, classic, greedy, random)`},
		{"not KEY=VALUE", "random", []string{"seed"}, `random: option "seed" is not KEY=VALUE`},
		{"unknown option", "greedy", []string{"depth=3"}, "unknown option depth"},
		{"bad value", "classic", []string{"depth=0"}, "option depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Serve(tc.bot, tc.options)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Serve(%q, %q) = %v, want an error saying %q", tc.bot, tc.options, err, tc.wantErr)
			}
		})
	}
}
