package conformance

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
)

// Add is `arena bot add`: it checks the bot of spec as Run does and, only
// if every check passes, records it in reg under spec.Name and saves reg
// to file: the bot's absolute path, its arguments, the sha256 it was
// checked with, what its Info said and the time of the check. report gets
// the results first, passed or not. Add returns the entry and whether it
// replaced one of the same name.
func Add(ctx context.Context, reg *registry.Registry, file string, spec host.Spec, report func([]Result) error) (registry.Registered, bool, error) {
	shown := spec.Path
	path, err := filepath.Abs(spec.Path)
	if err != nil {
		return registry.Registered{}, false, err
	}
	sum, err := registry.FileSHA256(path)
	if err != nil {
		return registry.Registered{}, false, err
	}
	spec.Path, spec.SHA256 = path, sum // what is checked is what is registered
	results, info := run(ctx, spec, Options{})
	if err := report(results); err != nil {
		return registry.Registered{}, false, err
	}
	if err := ctx.Err(); err != nil {
		return registry.Registered{}, false, err
	}
	failed := 0
	for _, r := range results {
		if !r.OK {
			failed++
		}
	}
	if failed > 0 {
		return registry.Registered{}, false, fmt.Errorf("%s not registered: %s failed %d of %d checks", spec.Name, shown, failed, len(results))
	}
	entry := registry.Registered{
		Name:    spec.Name,
		Path:    path,
		Args:    spec.Args,
		SHA256:  sum,
		Info:    registry.InfoYAML{Name: info.Name, Author: info.Author, Version: info.Version, Games: info.Games},
		Checked: time.Now().UTC().Truncate(time.Second),
	}
	replaced := reg.Put(entry)
	if err := reg.Save(file); err != nil {
		return registry.Registered{}, false, err
	}
	return entry, replaced, nil
}
