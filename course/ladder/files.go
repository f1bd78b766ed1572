package ladder

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func (l *Ladder) files(group string, version int, p Principal, w io.Writer) error {
	if !p.CanSee(group) {
		return fmt.Errorf("group %s's files: %w", group, ErrForbidden)
	}
	vs, err := l.versions(`WHERE grp = ? AND version = ?`, group, version)
	if err != nil {
		return err
	}
	if len(vs) == 0 || len(vs[0].Hash) < 16 {
		return fmt.Errorf("group %s version %d's files: %w", group, version, ErrNotFound)
	}
	dir := filepath.Join(l.dir, "versions", group, vs[0].Hash[:16])
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("group %s version %d's files: %w", group, version, ErrNotFound)
	}
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	if err := tw.AddFS(os.DirFS(dir)); err != nil {
		return fmt.Errorf("group %s version %d's files: %w", group, version, err)
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}
