// Command slurm-twin is a test double of a dishonest site's Slurm node listing
// (TestChallengesOnTheTestClusters): run as `slurm-twin REAL-COMMAND ARGS…`, it runs the
// real command and, when its JSON lists nodes (`sinfo --json` on Slurm 22.05, `scontrol
// --json show nodes` later), lists every node twice, the copy under the name
// `<name>-twin`, so that the site registers, polls and reports twice the nodes it has.
// Every other use passes through unchanged. It checks what it is given: a JSON listing
// without nodes fails rather than pass through unnoticed.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "slurm-twin: usage: slurm-twin REAL-COMMAND ARGS…")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	if !slices.Contains(os.Args[2:], "--json") {
		cmd.Stdout = os.Stdout
		os.Exit(exitCode(cmd.Run()))
	}
	out, err := cmd.Output()
	if err != nil {
		os.Stdout.Write(out)
		os.Exit(exitCode(err))
	}
	twinned, err := twin(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "slurm-twin: %s: %v\n", os.Args[1], err)
		os.Exit(3)
	}
	os.Stdout.Write(twinned)
}

// twin lists every node of the document twice.
func twin(data []byte) ([]byte, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(doc["nodes"]))
	dec.UseNumber()
	var nodes []map[string]any
	if err := dec.Decode(&nodes); err != nil || len(nodes) == 0 {
		return nil, fmt.Errorf("no nodes in the JSON listing (%v)", err)
	}
	for _, n := range slices.Clone(nodes) {
		name, ok := n["name"].(string)
		if !ok || name == "" {
			return nil, fmt.Errorf("a node without a name")
		}
		copied := make(map[string]any, len(n))
		for k, v := range n {
			copied[k] = v
		}
		copied["name"] = name + "-twin"
		nodes = append(nodes, copied)
	}
	raw, err := json.Marshal(nodes)
	if err != nil {
		return nil, err
	}
	doc["nodes"] = raw
	return json.Marshal(doc)
}

func exitCode(err error) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	default:
		fmt.Fprintln(os.Stderr, "slurm-twin:", err)
		return 127
	}
}
