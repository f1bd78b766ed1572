package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"golang.org/x/term"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/internal/inert"
)

// stepLine draws what intake is doing on a terminal, one line redrawn in
// place ("intake: 2 of 6 submissions taken in; P13...: probing jogo.lisp
// in its sandbox"), cleared before anything else is printed: a class takes
// minutes, a Lisp bot's probe seconds. Off a terminal it draws nothing.
type stepLine struct {
	mu   sync.Mutex
	live *liveLine
}

// newStepLine returns the step line of out: live when out is a terminal.
func newStepLine(out io.Writer) *stepLine {
	s := &stepLine{}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		s.live = &liveLine{w: out, width: func() int { return outputWidth(f) }}
	}
	return s
}

// progress returns the callback of intake's Options.Progress, or nil off
// a terminal.
func (s *stepLine) progress() func(intake.Step) {
	if s.live == nil {
		return nil
	}
	return s.draw
}

// draw replaces the line with the step st.
func (s *stepLine) draw(st intake.Step) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live.draw(stepText(st))
}

// clear clears the line, if drawn, so that what is printed next starts
// on a clean line.
func (s *stepLine) clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.live != nil && s.live.drawn {
		fmt.Fprint(s.live.w, "\r\x1b[K")
		s.live.drawn = false
	}
}

// stepText is the line of the step st: of a class, how many submissions
// are taken in and what is done with one; of one bot, what is done. A
// group's name is as handed in: escaped.
func stepText(st intake.Step) string {
	if st.Total <= 1 {
		return fmt.Sprintf("lisp: %s: %s", inert.Line(st.Group), st.Doing)
	}
	return fmt.Sprintf("intake: %d of %d submissions taken in; %s: %s", st.Done, st.Total, inert.Line(st.Group), st.Doing)
}
