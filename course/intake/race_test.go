//go:build race

package intake

// raceSlowdown is how much slower the race detector makes decompression.
const raceSlowdown = 8
