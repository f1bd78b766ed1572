package league

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// notHashed are the keys of a resolved config that do not decide games, so
// a change in them does not stop a resume; notHashedBot are those of a
// bot.
var (
	notHashed    = []string{"hash", "keys", "concurrency", "out", "registry", "title", "sandbox", "sandbox_achieved", "restart", "grading"}
	notHashedBot = []string{"display", "restart", "rating"}
)

// Changes lists what differs between the resolved config old (the
// config.yaml of a results directory) and c, one "key: old -> new" per
// value, keys as dotted paths and bots by name (bots.greedy.builtin), in
// the order of the file. Keys that do not decide games are left out.
func (c *Config) Changes(old []byte) ([]string, error) {
	before, oldOrder, err := flatten(old)
	if err != nil {
		return nil, fmt.Errorf("reading the earlier config: %w", err)
	}
	after, order, err := flatten(c.Resolved())
	if err != nil {
		return nil, err
	}
	for _, k := range oldOrder {
		if _, ok := after[k]; !ok {
			order = append(order, k)
		}
	}
	var changes []string
	for _, k := range order {
		top, _, _ := strings.Cut(k, ".")
		if slices.Contains(notHashed, top) || top == "bots" && slices.Contains(notHashedBot, k[strings.LastIndex(k, ".")+1:]) {
			continue
		}
		b, inBefore := before[k]
		a, inAfter := after[k]
		switch {
		case !inBefore:
			b = "(none)"
		case !inAfter:
			a = "(none)"
		}
		if b != a {
			changes = append(changes, fmt.Sprintf("%s: %s -> %s", k, b, a))
		}
	}
	return changes, nil
}

// flatten maps each scalar of a YAML document but the empty ones to its
// dotted key path, with the paths in document order. A list entry with a name is keyed by it,
// any other by its index.
func flatten(data []byte) (values map[string]string, order []string, err error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, err
	}
	values = map[string]string{}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		join := func(k string) string {
			if path == "" {
				return k
			}
			return path + "." + k
		}
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, path)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				walk(n.Content[i+1], join(n.Content[i].Value))
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				k := fmt.Sprint(i)
				if name := find(c, "name"); name != nil && c.Kind == yaml.MappingNode {
					k = name.Value
				}
				walk(c, join(k))
			}
		case yaml.ScalarNode:
			if n.Value == "" || n.ShortTag() == "!!null" {
				return // an empty value is no value: older files wrote them out
			}
			if _, dup := values[path]; !dup {
				order = append(order, path)
			}
			values[path] = n.Value
		}
	}
	walk(&root, "")
	return values, order, nil
}
