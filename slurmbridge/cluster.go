package slurmbridge

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// clusterNamePattern is what slurm.conf accepts as a ClusterName (and what slurmdbd keys
// its tables with).
var clusterNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// ClusterName returns the controller's ClusterName (`scontrol show config`), the name
// slurmdbd files every job of this cluster under.
func (b *Bridge) ClusterName(ctx context.Context) (string, error) {
	res, err := b.run(ctx, invocation{name: "scontrol", args: []string{"show", "config"}})
	if err != nil {
		return "", fmt.Errorf("reading the cluster name: %w", err)
	}
	return parseClusterName(string(res.stdout))
}

func parseClusterName(text string) (string, error) {
	for _, line := range strings.Split(text, "\n") {
		key, value, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(key) != "ClusterName" {
			continue
		}
		name := strings.TrimSpace(value)
		if !clusterNamePattern.MatchString(name) {
			return "", &ParseError{Command: "scontrol show config", What: "ClusterName", Err: fmt.Errorf("bad cluster name %q", truncate(name, 80))}
		}
		return name, nil
	}
	return "", &ParseError{Command: "scontrol show config", What: "ClusterName", Err: fmt.Errorf("no ClusterName line")}
}
