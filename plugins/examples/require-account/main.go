// Command require-account is an example submit filter: every job of a grid run is charged to
// one Slurm account (and QOS), whatever the workflow or the site profile said, and images
// from registries the site does not allow are refused.
//
//	require-account --account=grid [--qos=normal] [--allow-registry=ghcr.io --allow-registry=registry.example.org]
//
// With no --allow-registry every registry is allowed.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type requireAccount struct {
	account, qos string
	registries   []string
}

func (r requireAccount) Filter(_ context.Context, req *pluginv1.FilterRequest) (*pluginv1.FilterResponse, error) {
	for _, j := range req.GetJobs() {
		for _, img := range j.GetImages() {
			if reg, ok := registry(img); ok && !r.allowed(reg) {
				return &pluginv1.FilterResponse{Decision: pluginv1.FilterResponse_DENY,
					Reason: fmt.Sprintf("step %s: images from %s are not allowed at this site (allowed: %s)", j.GetStep(), reg, strings.Join(r.registries, ", "))}, nil
			}
		}
	}
	changed := false
	for _, j := range req.GetJobs() {
		if j.GetAccount() != r.account || (r.qos != "" && j.GetQos() != r.qos) {
			changed = true
			j.Account = r.account
			if r.qos != "" {
				j.Qos = r.qos
			}
		}
	}
	if !changed {
		return &pluginv1.FilterResponse{Decision: pluginv1.FilterResponse_ALLOW}, nil
	}
	return &pluginv1.FilterResponse{Decision: pluginv1.FilterResponse_MODIFY, Jobs: req.GetJobs(), Reason: "account " + r.account + " enforced"}, nil
}

func (r requireAccount) allowed(reg string) bool {
	if len(r.registries) == 0 {
		return true
	}
	for _, a := range r.registries {
		if strings.EqualFold(a, reg) {
			return true
		}
	}
	return false
}

// registry is the registry host of a docker:// image reference (Docker Hub when it names
// none); SIF files on disk have none.
func registry(image string) (string, bool) {
	ref, ok := strings.CutPrefix(image, "docker://")
	if !ok {
		return "", false
	}
	first, _, found := strings.Cut(ref, "/")
	if !found || !strings.ContainsAny(first, ".:") && first != "localhost" {
		return "docker.io", true
	}
	return first, true
}

func main() {
	var r requireAccount
	for _, a := range os.Args[1:] {
		switch {
		case strings.HasPrefix(a, "--account="):
			r.account = strings.TrimPrefix(a, "--account=")
		case strings.HasPrefix(a, "--qos="):
			r.qos = strings.TrimPrefix(a, "--qos=")
		case strings.HasPrefix(a, "--allow-registry="):
			r.registries = append(r.registries, strings.TrimPrefix(a, "--allow-registry="))
		default:
			fmt.Fprintf(os.Stderr, "require-account: unknown argument %q\n", a)
			os.Exit(2)
		}
	}
	if r.account == "" {
		fmt.Fprintln(os.Stderr, "require-account: --account=NAME is required")
		os.Exit(2)
	}
	plugins.Serve(plugins.ServeOpts{Name: "require-account", SubmitFilter: r})
}
