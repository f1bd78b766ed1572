// Package csvout writes every CSV file arena writes (standings,
// crosstables, grades, similarity pairs), so that a spreadsheet opens each
// cell as data: a cell that a spreadsheet would run as a formula, such as
// a display name taken from a folder called =HYPERLINK(...), is written
// with a leading apostrophe. It imports nothing of arena's.
package csvout

import (
	"encoding/csv"
	"io"
	"strings"
)

// Writer writes CSV records, each cell as Cell returns it.
type Writer struct {
	cw  *csv.Writer
	row []string
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{cw: csv.NewWriter(w)}
}

// Write writes one record, every cell neutralised (see Cell). Like
// encoding/csv, it buffers: Flush or WriteAll writes the buffer out.
func (w *Writer) Write(record []string) error {
	w.row = w.row[:0]
	for _, c := range record {
		w.row = append(w.row, Cell(c))
	}
	return w.cw.Write(w.row)
}

// WriteAll writes records, then flushes.
func (w *Writer) WriteAll(records [][]string) error {
	for _, r := range records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	return w.Flush()
}

// Flush writes the buffered records out and returns the first error of
// writing them.
func (w *Writer) Flush() error {
	w.cw.Flush()
	return w.cw.Error()
}

// Cell returns s as a spreadsheet reads it as text: a cell that starts
// with =, +, -, @, a tab or a carriage return, which a spreadsheet would
// run as a formula (OWASP's CSV injection), gets a leading apostrophe,
// unless it is a negative number such as -3 or -0.5 (an Elo, a
// difference), which a spreadsheet reads as the number. A cell such as
// +1, a name, keeps its + as text.
func Cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || s[0] == '-' && isNumber(s[1:]) {
		return s
	}
	return "'" + s
}

// isNumber reports whether s is a decimal number without a sign: digits
// with at most one point, and an exponent, nothing else.
func isNumber(s string) bool {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	digits, point := 0, false
	for _, c := range mant {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !point:
			point = true
		default:
			return false
		}
	}
	if digits == 0 {
		return false
	}
	if !hasExp {
		return true
	}
	if exp != "" && (exp[0] == '+' || exp[0] == '-') {
		exp = exp[1:]
	}
	return exp != "" && strings.Trim(exp, "0123456789") == ""
}
