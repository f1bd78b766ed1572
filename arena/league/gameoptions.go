package league

import (
	"errors"
	"reflect"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// gameOptionAtTop returns the first key, with its value, of the top
// mapping of the league file root that is no league key but an option of
// the league's game, named by game (league files once set Dots'
// opening_arcs there); k is nil when there is none.
func gameOptionAtTop(root *yaml.Node) (k, v *yaml.Node, game string) {
	game = DefaultGame
	if n := find(root, "game"); n != nil && n.Kind == yaml.ScalarNode {
		game = n.Value
	}
	if _, err := games.Lookup(game); err != nil {
		return nil, nil, game
	}
	top := find(root)
	fields := yamlFields(reflect.TypeFor[Config]())
	for i := 0; top != nil && top.Kind == yaml.MappingNode && i+1 < len(top.Content); i += 2 {
		key, val := top.Content[i], top.Content[i+1]
		n, err := strconv.Atoi(val.Value)
		if _, known := fields[key.Value]; known || val.Kind != yaml.ScalarNode || err != nil {
			continue
		}
		var no *referee.NoOptionError
		if _, err := games.Configure(game, map[string]int{key.Value: n}); !errors.As(err, &no) {
			return key, val, game
		}
	}
	return nil, nil, game
}

// liftGameOptions moves each key gameOptionAtTop finds in root under
// game_options: a config recorded before a game's key was one of its
// options reads as its league played.
func liftGameOptions(root *yaml.Node) {
	for k, v, _ := gameOptionAtTop(root); k != nil; k, v, _ = gameOptionAtTop(root) {
		top := find(root)
		i := slices.Index(top.Content, k)
		top.Content = slices.Delete(top.Content, i, i+2)
		opts := find(root, "game_options")
		if opts == nil {
			opts = &yaml.Node{}
			top.Content = append(top.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "game_options"}, opts)
		}
		if opts.Kind != yaml.MappingNode {
			*opts = yaml.Node{Kind: yaml.MappingNode} // an empty value
		}
		opts.Content = append(opts.Content, k, v)
	}
}
