package main

import "testing"

func TestScheduleGolden(t *testing.T) {
	out, err := arenaOut(t, "schedule", "../../configs/league.yaml")
	if err != nil {
		t.Fatalf("schedule: %v\n%s", err, out)
	}
	checkGolden(t, "schedule_league.golden", []byte(out))
}
