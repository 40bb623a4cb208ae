package site

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/petagrid/petagrid/workflows"
)

// workspaceRequest is what the daemon hands the helper that writes a workspace as the
// mapped user (petagrid site write-workspace, reading JSON on stdin).
type workspaceRequest struct {
	UserDir   string          `json:"userDir"`
	Workspace string          `json:"workspace"`
	Files     []workspaceFile `json:"files"`
}

type workspaceFile struct {
	Path string      `json:"path"`
	Mode fs.FileMode `json:"mode"`
	Data []byte      `json:"data"`
}

// maxWorkspaceRequestBytes bounds the helper's input: a whole plan, base64-encoded.
const maxWorkspaceRequestBytes = workflows.MaxPlanBytes/3*4 + 1<<20

// WriteWorkspace writes plan's files into its workspace as acct, creating userDir (the
// account's directory under the workspace root) first. A job trusts what it reads there,
// so the files must be written by the account itself: for another account than the
// daemon's, a helper process runs as that account (runuser or sudo) and does the writing,
// which also means root never follows a link a user planted.
func (m *Mapper) WriteWorkspace(ctx context.Context, acct Account, userDir string, plan *workflows.Plan) error {
	req := workspaceRequest{UserDir: userDir, Workspace: plan.Workspace}
	for _, f := range plan.Files {
		req.Files = append(req.Files, workspaceFile{Path: f.Path, Mode: f.Mode, Data: f.Data})
	}
	if acct.UID == m.self.UID {
		return writeWorkspace(req)
	}
	helper, err := m.helperPath()
	if err != nil {
		return fmt.Errorf("locating the workspace helper: %w", err)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("workspace request: %w", err)
	}
	runAs := m.cfg.RunAsPath
	if runAs == "" {
		if runAs, err = exec.LookPath(m.cfg.RunAs); err != nil {
			return fmt.Errorf("finding %s: %w", m.cfg.RunAs, err)
		}
	}
	args := []string{"-u", acct.Name, "--", helper, "site", "write-workspace"}
	if m.cfg.RunAs == "sudo" {
		args = append([]string{"-n"}, args...)
	}
	runCtx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(runCtx, runAs, args...)
	cmd.Stdin = bytes.NewReader(body)
	cmd.Dir = "/"
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = io.Discard
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000]
		}
		return fmt.Errorf("writing the workspace as %s: %w: %s", acct.Name, err, msg)
	}
	return nil
}

// WriteWorkspaceFromJSON is the helper's side: it reads one request from r and writes it
// as the user the process runs as.
func WriteWorkspaceFromJSON(r io.Reader) error {
	data, err := io.ReadAll(io.LimitReader(r, maxWorkspaceRequestBytes+1))
	if err != nil {
		return fmt.Errorf("reading the request: %w", err)
	}
	if len(data) > maxWorkspaceRequestBytes {
		return fmt.Errorf("request larger than %d bytes", maxWorkspaceRequestBytes)
	}
	var req workspaceRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return fmt.Errorf("decoding the request: %w", err)
	}
	return writeWorkspace(req)
}

func writeWorkspace(req workspaceRequest) error {
	if !filepath.IsAbs(req.UserDir) || !filepath.IsAbs(req.Workspace) || filepath.Dir(filepath.Clean(req.Workspace)) != filepath.Clean(req.UserDir) {
		return fmt.Errorf("workspace %q must be a directory directly under %q", req.Workspace, req.UserDir)
	}
	if err := workflows.EnsurePrivateDir(req.UserDir); err != nil {
		return err
	}
	plan := &workflows.Plan{Workspace: req.Workspace}
	for _, f := range req.Files {
		plan.Files = append(plan.Files, workflows.File{Path: f.Path, Data: f.Data, Mode: f.Mode & 0o777})
	}
	return workflows.WriteFiles(plan, req.Workspace)
}
