package workflows

import (
	"regexp"

	"gopkg.in/yaml.v3"
)

var resourceFields = []string{"nodes", "tasks", "tasksPerNode", "cpusPerTask", "mem", "memPerCpu", "memPerGpu", "gpus", "gpuType", "gpusPerTask", "time"}

var gpuTypePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)

func (d *decoder) resources(n *yaml.Node) Resources {
	var r Resources
	f, ok := d.mapping(n, "resources", resourceFields...)
	if !ok {
		return r
	}
	ints := map[string]*Opt[int]{"nodes": &r.Nodes, "tasks": &r.Tasks, "tasksPerNode": &r.TasksPerNode, "cpusPerTask": &r.CPUsPerTask, "gpusPerTask": &r.GPUsPerTask}
	for name, dst := range ints {
		if v, ok := f[name]; ok {
			*dst, _ = d.intField(v.value, name, 1, 1<<20)
		}
	}
	if v, ok := f["gpus"]; ok {
		r.GPUs, _ = d.intField(v.value, "gpus", 0, 1<<16)
	}
	mems := map[string]*Opt[int64]{"mem": &r.MemMiB, "memPerCpu": &r.MemPerCPUMiB, "memPerGpu": &r.MemPerGPUMiB}
	for name, dst := range mems {
		if v, ok := f[name]; ok {
			*dst, _ = d.memory(v.value, name)
		}
	}
	if v, ok := f["gpuType"]; ok {
		if s, ok := d.str(v.value, "gpuType"); ok {
			if !gpuTypePattern.MatchString(s) {
				d.fail(v.value, "gpuType %+q must be a GRES type name such as a100 (letters, digits, . _ -)", clip(s))
			} else {
				r.GPUType = some(s, posOf(v.value))
			}
		}
	}
	if v, ok := f["time"]; ok {
		r.TimeSeconds, _ = d.duration(v.value, "time")
	}
	return r
}
