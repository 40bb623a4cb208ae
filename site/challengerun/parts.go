package challengerun

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/internal/atomicfile"
	"github.com/petagrid/petagrid/pocp/challenge"
)

// A challenge of several nodes runs as one Slurm step of one task per node: each task
// computes its part (the spec's PartSpec for its rank) and writes it into a parts
// directory the nodes share (the challenge's workspace); then the batch script combines
// the parts into the one answer the site sends.

// PartFile is where part i's answer goes in a parts directory.
func PartFile(dir string, i int) string {
	return filepath.Join(dir, "part-"+strconv.Itoa(i)+".json")
}

// maxRankDigits bounds SLURM_PROCID's text: a rank below challenge.MaxNodes.
const maxRankDigits = 6

// PartFromEnv is the part this task computes: its rank in the step (SLURM_PROCID, which
// srun sets for each task), which must name a part of spec.
func PartFromEnv(getenv func(string) string, spec challenge.Spec) (int, error) {
	v := getenv("SLURM_PROCID")
	if v == "" {
		return 0, fmt.Errorf("challenge run: SLURM_PROCID is not set: run each part as a task of srun, or name it with --part")
	}
	if len(v) > maxRankDigits || strings.TrimLeft(v, "0123456789") != "" {
		return 0, fmt.Errorf("challenge run: SLURM_PROCID %q is not a task rank", v)
	}
	i, _ := strconv.Atoi(v)
	if i >= spec.NodeCount() {
		return 0, fmt.Errorf("challenge run: task rank %d, the challenge has %d parts: the step has more tasks than the challenge nodes", i, spec.NodeCount())
	}
	return i, nil
}

// WritePart writes part i's answer into dir (created, private to the job's account, if
// missing), atomically: the combining step must never read half a part.
func WritePart(dir string, i int, ans *challenge.Answer) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("challenge run: the parts directory: %w", err)
	}
	return WriteAnswer(PartFile(dir, i), ans)
}

// Combine reads every part's answer from dir, each bounded by what an answer to its part
// can take and checked against its part's shape, and returns the answer to the whole
// challenge. A part missing is an error naming it: a node whose task did not finish.
func Combine(spec challenge.Spec, dir string) (*challenge.NodesAnswer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	n := spec.NodeCount()
	if n < 2 {
		return nil, fmt.Errorf("challenge combine: a one-node challenge has one answer, nothing to combine")
	}
	out := &challenge.NodesAnswer{Version: challenge.AnswerVersion, Nonce: spec.Nonce, Parts: make([]challenge.Answer, n)}
	for i := range n {
		part, err := spec.PartSpec(i)
		if err != nil {
			return nil, err
		}
		ans, err := readPart(PartFile(dir, i), part)
		if err != nil {
			return nil, fmt.Errorf("challenge combine: part %d of %d: %w", i, n, err)
		}
		out.Parts[i] = *ans
	}
	if err := out.CheckShape(spec); err != nil {
		return nil, fmt.Errorf("challenge combine: %w", err)
	}
	return out, nil
}

func readPart(path string, part challenge.Spec) (*challenge.Answer, error) {
	data, err := readFileUpTo(path, challenge.MaxAnswerBytes(part))
	if err != nil {
		return nil, err
	}
	ans, err := challenge.ParseAnswer(data, part)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ans.Nonce != part.Nonce {
		return nil, fmt.Errorf("%s: the answer of another part or challenge (nonce %s, this part's is %s)", path, ans.Nonce, part.Nonce)
	}
	return ans, nil
}

// WriteNodesAnswer writes the combined answer atomically.
func WriteNodesAnswer(path string, ans *challenge.NodesAnswer) error {
	data, err := ans.Encode()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}
