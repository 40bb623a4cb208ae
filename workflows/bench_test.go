package workflows

import (
	"fmt"
	"strings"
	"testing"
)

// stepsWorkflow is n steps, each needing the one before (a chain: the deepest DAG), with
// resources, env, retry and an output, so every part of parse, validate and render is paid.
func stepsWorkflow(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\nname: bench\nparams: {epochs: {type: int, default: 3}}\nresources: {cpusPerTask: 2, mem: 4G, time: 30m}\nenv: {MODE: fast}\nsteps:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - name: s%d\n", i)
		if i > 0 {
			fmt.Fprintf(&b, "    needs: [s%d]\n", i-1)
		}
		b.WriteString("    retry: {limit: 2, on: [3, TIMEOUT]}\n")
		b.WriteString("    env: {STEP_NOTE: \"it's step ${{ params.epochs }}\"}\n")
		b.WriteString("    run: {image: /images/tool.sif, command: [python, run.py, --epochs, \"${{ params.epochs }}\"]}\n")
		fmt.Fprintf(&b, "    outputs: [{path: out/s%d.txt}]\n", i)
	}
	return []byte(b.String())
}

// matrixWorkflow is one step fanned out over n = 100 × n/100 combinations.
func matrixWorkflow(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\nname: bench\nsteps:\n  - name: sweep\n    matrix:\n      lr: [")
	for i := 0; i < 100; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "0.%03d", i+1)
	}
	b.WriteString("]\n      seed: [")
	for i := 0; i < n/100; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", i)
	}
	b.WriteString("]\n      maxParallel: 64\n")
	b.WriteString("    run: {command: [python, train.py, '--lr=${{ matrix.lr }}', '--seed=${{ matrix.seed }}']}\n")
	b.WriteString("    outputs: [{path: 'out/${{ matrix.lr }}-${{ matrix.seed }}.json'}]\n")
	return []byte(b.String())
}

func benchCompile(b *testing.B, src []byte, profile *SiteProfile) {
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		wf, err := Parse("bench.yaml", src)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Compile(wf, profile, CompileOptions{RunID: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSteps: validate and render workflows of 100 and 1,000 steps (target: 1,000 well
// under 100 ms, and ~10× the 100-step time).
func BenchmarkSteps(b *testing.B) {
	for _, n := range []int{100, 1000} {
		src := stepsWorkflow(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchCompile(b, src, goldenProfile(b)) })
	}
}

// BenchmarkMatrix: validate and render one step over 1,000 and 10,000 combinations (on a
// site whose MaxArraySize allows it).
func BenchmarkMatrix(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := matrixWorkflow(n)
		p := goldenProfile(b)
		p.MaxArraySize = 10001
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchCompile(b, src, p) })
	}
}

// BenchmarkHostileMatrix: a file of about 150 KB whose matrix has 100,000 combinations of
// 32 values and 1,000 exclude entries. On the built-in site (MaxArraySize 1001) it is
// refused from its size, before any combination is built ("refused"; it took GBs of memory
// when every combination was built first); on a site that allows the array it is expanded,
// the excludes costing per axis rather than per entry ("compiled"). A file with one axis or
// one exclude entry too many is refused while parsed ("refused-shape").
func BenchmarkHostileMatrix(b *testing.B) {
	at := hostileMatrix(MaxMatrixAxes-2, MaxMatrixExcludes)
	over := hostileMatrix(MaxMatrixAxes-1, MaxMatrixExcludes+1)
	big := DefaultProfile()
	big.MaxArraySize = 100001
	b.Run("refused/n=100000", func(b *testing.B) { benchRefused(b, at, DefaultProfile(), "MaxArraySize") })
	b.Run("refused-shape/n=100000", func(b *testing.B) { benchRefused(b, over, DefaultProfile(), "the limit is") })
	b.Run("compiled/n=100000", func(b *testing.B) { benchCompile(b, at, big) })
}

// benchRefused is benchCompile for a file that must be refused with an error holding want.
func benchRefused(b *testing.B, src []byte, profile *SiteProfile, want string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		wf, err := Parse("bench.yaml", src)
		if err == nil {
			_, err = Compile(wf, profile, CompileOptions{RunID: "bench"})
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			b.Fatalf("error %v, want one containing %q", err, want)
		}
	}
}

func TestBenchmarkInputsAreValid(t *testing.T) {
	for _, src := range [][]byte{stepsWorkflow(1000), matrixWorkflow(10000)} {
		wf, err := Parse("bench.yaml", src)
		if err != nil {
			t.Fatal(err)
		}
		p := goldenProfile(t)
		p.MaxArraySize = 10001
		plan, err := Compile(wf, p, CompileOptions{RunID: "bench"})
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Jobs) == 1 && plan.Jobs[0].ArraySize != 10000 {
			t.Errorf("matrix has %d tasks", plan.Jobs[0].ArraySize)
		}
		if msg := checkPlanInert(wf, plan); msg != "" {
			t.Fatal(msg)
		}
	}
}
