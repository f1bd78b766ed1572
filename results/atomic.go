package results

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic replaces the file at path with data, so that a reader or a
// crash sees either the old contents or the new, never a mix: it writes a
// temporary file in the same directory, syncs it, renames it over path and
// syncs the directory. The file gets mode 0644. Snapshots (rendered
// standings, the resolved config, move logs) are written this way; the
// journal, which is appended to, is not.
func WriteFileAtomic(path string, data []byte) error {
	return writeFilesAtomic(filepath.Dir(path), []fileData{{path, data}})
}

// WriteAtomic replaces the file at path with what write writes to it, as
// WriteFileAtomic does, without holding the contents in memory: for files
// that grow with a league (arena report's page).
func WriteAtomic(path string, write func(io.Writer) error) error {
	if err := replaceWith(path, write); err != nil {
		return err
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("write %s: %w", filepath.Dir(path), err)
	}
	return nil
}

// fileData is a file's path and its new contents.
type fileData struct {
	path string
	data []byte
}

// writeFilesAtomic replaces each file as WriteFileAtomic does, the files
// all in dir, and syncs dir once for all their renames.
func writeFilesAtomic(dir string, files []fileData) error {
	for _, f := range files {
		if err := replaceFile(f.path, f.data); err != nil {
			return err
		}
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	return nil
}

// replaceFile is WriteFileAtomic without the sync of the directory.
func replaceFile(path string, data []byte) error {
	return replaceWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// replaceWith is WriteAtomic without the sync of the directory.
func replaceWith(path string, write func(io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
			err = fmt.Errorf("write %s: %w", path, err)
		}
	}()
	w := bufio.NewWriter(f)
	if err = write(w); err != nil {
		return err
	}
	if err = w.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// syncDir makes a directory's entries (a created or renamed file) durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("sync directory %s: %w", dir, err)
	}
	return nil
}
