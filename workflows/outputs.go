package workflows

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strings"
)

// OutputsDir is the directory of a workspace where each step (each array task) writes the
// manifest of its declared outputs, <key>.sha256 (key: the step's name, or name_index for
// an array task), as sha256sum prints it. Challenge jobs write their answer there too.
const OutputsDir = MetaDir + "/outputs"

// ManifestSuffix ends the name of every output manifest; OutputsDigest ignores other files.
const ManifestSuffix = ".sha256"

// Bounds on what OutputsDigest reads. The manifests are written by researchers' jobs, so
// each is refused past its bound rather than read to its end.
const (
	// MaxOutputManifests is the most manifests a run may have (steps and array tasks that
	// declare outputs).
	MaxOutputManifests = 4096
	// MaxOutputManifestBytes bounds one manifest.
	MaxOutputManifestBytes = 1 << 20
	// MaxOutputsBytes bounds all the manifests together.
	MaxOutputsBytes = 16 << 20
	// MaxOutputLines bounds the lines of all the manifests together (output files).
	MaxOutputLines = 65536
	// MaxOutputsDirEntries bounds the entries of the outputs directory read to find the
	// manifests, others included: a job could fill it with millions of files.
	MaxOutputsDirEntries = 4 * MaxOutputManifests
)

// ErrNoOutputs says that a run wrote no output manifest: it declared no outputs.
var ErrNoOutputs = errors.New("the run declared no outputs (no output manifest)")

// manifestNamePattern is the name of a manifest: a step key (a step name, "_" and an array
// index) and the suffix. It never holds a space or a newline, which keeps the canonical form
// below unambiguous: a name line can never pass for a manifest line.
var manifestNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\.sha256$`)

// OutputsDigest is the canonical digest of a run's declared outputs, read from the manifests
// in dir (the workspace's OutputsDir). The gateway compares the replicas of a replicated
// workflow by it (protocol version 4, JobUpdate.OutputsSHA256): the form below must never
// change without a new protocol version.
//
// The manifests are dir's regular files whose names end in ".sha256" (every other file is
// ignored, such as a challenge's answer), taken in the byte order of their names. Each
// contributes its name and a newline, then its distinct lines in byte order, each followed
// by a newline. A line is as sha256sum prints it: 64 lowercase hexadecimal digits, two
// spaces and a relative path, from which one leading "./" is removed (a declared directory
// is listed by find as "./dir/file", a declared file as "file"); lines are sorted because
// find lists a directory in no fixed order, and an output declared twice is listed once.
// An empty manifest contributes its name only. The digest is the lowercase hexadecimal
// SHA-256 of the whole, for example (the lines of a manifest sort by their digests first):
//
//	a.sha256\n
//	2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6  dir/x\n
//	ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb  out.txt\n
//	b_0.sha256\n
//
// Anything else is an error, never a different digest: a manifest that is a symbolic link
// or not a regular file, a name ending in ".sha256" that is not a manifest's, a malformed
// line (sha256sum's escaped form for a path with a backslash or a newline included), an
// unterminated last line, and more than the bounds (MaxOutputManifests,
// MaxOutputManifestBytes, MaxOutputsBytes, MaxOutputLines, MaxOutputsDirEntries). No
// manifest at all is ErrNoOutputs.
//
// dir must not follow symbolic links when it opens a file: OutputsDigest refuses the
// entries that are links, but a job may replace a manifest between the listing and the
// open (the site daemon's dir opens without following any). Its "." must open as an
// fs.ReadDirFile, which is listed in bounded chunks.
func OutputsDigest(dir fs.FS) (string, error) {
	names, err := manifestNames(dir)
	if err != nil {
		return "", err
	}
	if len(names) == 0 {
		return "", ErrNoOutputs
	}
	slices.Sort(names)
	h := sha256.New()
	total, lines := 0, 0
	for _, name := range names {
		data, err := readManifest(dir, name, min(MaxOutputManifestBytes, MaxOutputsBytes-total))
		if err != nil {
			return "", err
		}
		total += len(data)
		entries, err := manifestLines(name, data, MaxOutputLines-lines)
		if err != nil {
			return "", err
		}
		lines += len(entries)
		slices.Sort(entries)
		entries = slices.Compact(entries)
		io.WriteString(h, name+"\n")
		for _, e := range entries {
			io.WriteString(h, e+"\n")
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// manifestNames lists dir in chunks, keeping the manifests' names.
func manifestNames(dir fs.FS) ([]string, error) {
	f, err := dir.Open(".")
	if err != nil {
		return nil, fmt.Errorf("outputs directory: %w", err)
	}
	defer f.Close()
	rd, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, errors.New("outputs directory: not a directory")
	}
	var names []string
	seen := 0
	for {
		entries, err := rd.ReadDir(256)
		seen += len(entries)
		if seen > MaxOutputsDirEntries {
			return nil, fmt.Errorf("outputs directory: more than %d entries", MaxOutputsDirEntries)
		}
		for _, e := range entries {
			name := e.Name()
			if !strings.HasSuffix(name, ManifestSuffix) {
				continue
			}
			if !manifestNamePattern.MatchString(name) {
				return nil, fmt.Errorf("outputs directory: %+q ends in %s but is not a manifest's name (a step key of letters, digits and . _ -)", clip(name), ManifestSuffix)
			}
			switch t := e.Type(); {
			case t&fs.ModeSymlink != 0:
				return nil, fmt.Errorf("output manifest %s is a symbolic link: refused", name)
			case !t.IsRegular():
				return nil, fmt.Errorf("output manifest %s is not a regular file", name)
			}
			if len(names) == MaxOutputManifests {
				return nil, fmt.Errorf("outputs directory: more than %d output manifests", MaxOutputManifests)
			}
			names = append(names, name)
		}
		if errors.Is(err, io.EOF) || err == nil && len(entries) == 0 {
			return names, nil
		}
		if err != nil {
			return nil, fmt.Errorf("outputs directory: %w", err)
		}
	}
}

// readManifest reads one manifest, refusing it past limit bytes (the smaller of the bound on
// one manifest and what the bound on all of them leaves) without reading further.
func readManifest(dir fs.FS, name string, limit int) ([]byte, error) {
	f, err := dir.Open(name)
	if err != nil {
		return nil, fmt.Errorf("output manifest: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("output manifest %s: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("output manifest %s is not a regular file", name)
	}
	tooBig := func() error {
		if limit < MaxOutputManifestBytes {
			return fmt.Errorf("output manifests: more than %d bytes in all (reached at %s)", MaxOutputsBytes, name)
		}
		return fmt.Errorf("output manifest %s: more than %d bytes", name, MaxOutputManifestBytes)
	}
	if st.Size() > int64(limit) {
		return nil, tooBig()
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("output manifest %s: %w", name, err)
	}
	if len(data) > limit {
		return nil, tooBig()
	}
	return data, nil
}

// manifestLines checks one manifest's lines and returns them with the leading "./" of their
// paths removed; more than limit lines is an error. Errors name the line, never quote it:
// they are logged and shown to the researcher, and the file could be anything.
func manifestLines(name string, data []byte, limit int) ([]string, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("output manifest %s: the last line has no newline (an interrupted write?)", name)
	}
	text := string(data[:len(data)-1])
	n := strings.Count(text, "\n") + 1
	if n > limit {
		return nil, fmt.Errorf("output manifests: more than %d lines in all (reached at %s)", MaxOutputLines, name)
	}
	out := make([]string, 0, n)
	for i, line := range strings.Split(text, "\n") {
		entry, err := manifestLine(line)
		if err != nil {
			return nil, fmt.Errorf("output manifest %s, line %d: %w", name, i+1, err)
		}
		out = append(out, entry)
	}
	return out, nil
}

// manifestLine checks one line ("<64 hex>  <path>") and normalises its path.
func manifestLine(line string) (string, error) {
	const hexLen = sha256.Size * 2
	if len(line) < hexLen+2 || line[hexLen:hexLen+2] != "  " {
		return "", errors.New(`not "<sha256>  <path>" as sha256sum prints it (a path with a backslash or a newline is not supported)`)
	}
	for i := 0; i < hexLen; i++ {
		if c := line[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", errors.New("the digest is not 64 lowercase hexadecimal digits")
		}
	}
	p := strings.TrimPrefix(line[hexLen+2:], "./")
	switch {
	case p == "":
		return "", errors.New("no path")
	case strings.IndexByte(p, 0) >= 0:
		return "", errors.New("the path holds a NUL byte")
	case strings.HasPrefix(p, "/"):
		return "", errors.New("the path is absolute, not relative to the workspace")
	case p == ".." || strings.HasPrefix(p, "../") || strings.Contains(p, "/../") || strings.HasSuffix(p, "/.."):
		return "", errors.New("the path leaves the workspace")
	}
	return line[:hexLen+2] + p, nil
}
