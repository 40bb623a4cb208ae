package workflows

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"
)

// MetaDir is the directory of a workspace that holds PetaGrid's own files (scripts, env
// files, logs, attempt counters); researchers' inputs and outputs may not touch it.
const MetaDir = ".petagrid"

var (
	// dockerRefPattern is a docker:// reference: optional registry host[:port], a lowercase
	// repository path, an optional tag and an optional sha256 digest.
	dockerRefPattern = regexp.MustCompile(`^docker://([a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?/)?[a-z0-9]+([._-]+[a-z0-9]+)*(/[a-z0-9]+([._-]+[a-z0-9]+)*)*(:[A-Za-z0-9_][A-Za-z0-9._-]{0,127})?(@sha256:[0-9a-f]{64})?$`)
	// hostPathPattern is the charset allowed in paths given to bind options, which split on
	// ":" and ",": nothing there may need quoting or escaping.
	hostPathPattern = regexp.MustCompile(`^/[A-Za-z0-9._@+/-]*$`)
	digestPattern   = regexp.MustCompile(`@sha256:[0-9a-f]{64}$`)
)

// checkImage accepts docker://… references and absolute paths: a SIF file (Apptainer), a
// tarball or a directory (Charliecloud). Which of them a site can run is checked when the
// workflow is compiled for it.
func checkImage(s string) error {
	switch {
	case strings.HasPrefix(s, "docker://"):
		if !dockerRefPattern.MatchString(s) {
			return fmt.Errorf("image %+q is not a valid docker:// reference (registry/repository[:tag][@sha256:digest], lowercase repository)", clip(s))
		}
		return nil
	case s == "/":
		return errors.New(`image "/" is the host's root, not an image`)
	case strings.HasPrefix(s, "/"):
		return checkMountPath(s)
	}
	return fmt.Errorf("image %+q must be docker://registry/repository[:tag][@sha256:digest] or an absolute path (a .sif file, an image tarball or an image directory)", clip(s))
}

// imageTarballSuffixes are the names of image tarballs: what ch-convert writes, and plain
// tar.
var imageTarballSuffixes = []string{".tar.gz", ".tgz", ".tar"}

func isImageTarball(image string) bool {
	for _, suffix := range imageTarballSuffixes {
		if strings.HasSuffix(image, suffix) {
			return true
		}
	}
	return false
}

// pinned reports whether an image names exactly one content: a digest or a local path.
func pinned(image string) bool {
	return !strings.HasPrefix(image, "docker://") || digestPattern.MatchString(image)
}

// checkPath checks a path a researcher gives for a file in the workspace (relative) or, with
// allowAbs, a working directory that may also be absolute. Relative paths must stay inside
// the workspace and out of its metadata directory.
func checkPath(s string, allowAbs bool) error {
	switch {
	case s == "":
		return errors.New("empty path")
	case len(s) > 4096:
		return errors.New("path is longer than 4096 bytes")
	case controlError(s, false) != nil:
		return fmt.Errorf("path %v", controlError(s, false))
	}
	if strings.HasPrefix(s, "/") {
		if !allowAbs {
			return fmt.Errorf("%+q must be relative to the workspace", clip(s))
		}
		if path.Clean(s) != s {
			return fmt.Errorf("%+q is not a clean path (write %+q)", clip(s), clip(path.Clean(s)))
		}
		return nil
	}
	clean := path.Clean(s)
	if clean == "." && !allowAbs {
		return fmt.Errorf("%+q names the workspace itself; name a file or directory in it", clip(s))
	}
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return fmt.Errorf("%+q leaves the workspace", clip(s))
	}
	if clean == MetaDir || strings.HasPrefix(clean, MetaDir+"/") {
		return fmt.Errorf("%+q is inside %s, which PetaGrid keeps for itself", clip(s), MetaDir)
	}
	return nil
}

// checkMountPath checks an absolute host or container path used in a bind.
func checkMountPath(s string) error {
	if !hostPathPattern.MatchString(s) || len(s) > 1024 {
		return fmt.Errorf("%+q must be an absolute path of letters, digits and . _ @ + / - (binds split on : and ,)", clip(s))
	}
	if path.Clean(s) != s {
		return fmt.Errorf("%+q is not a clean path (write %+q)", clip(s), path.Clean(s))
	}
	return nil
}

// checkURL accepts absolute http and https URLs without credentials.
func checkURL(s string) error {
	if len(s) > 4096 {
		return errors.New("URL is longer than 4096 bytes")
	}
	if strings.ContainsRune(s, ' ') {
		return errors.New("URL contains a space")
	}
	if err := controlError(s, false); err != nil {
		return fmt.Errorf("URL %v", err)
	}
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%+q is not a URL", clip(s))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%+q must be an http:// or https:// URL", clip(s))
	}
	if u.Host == "" || u.Hostname() == "" {
		return fmt.Errorf("%+q has no host", clip(s))
	}
	if u.User != nil {
		return fmt.Errorf("%+q carries credentials; put them in a site secret instead", clip(u.Redacted()))
	}
	return nil
}
