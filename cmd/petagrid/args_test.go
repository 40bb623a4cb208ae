package main

import (
	"io"
	"strings"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	cases := map[string]string{
		"petagrid workflow render w.yaml -p k=v --site-profile p.yaml -o out": "petagrid workflow render -p k=v --site-profile p.yaml -o out w.yaml",
		"petagrid --log-level warn workflow run w.yaml --wait --poll 5s":      "petagrid --log-level warn workflow run --wait --poll 5s w.yaml",
		"petagrid workflow validate a.yaml --site b.yaml -p=x=1":              "petagrid workflow validate --site -p=x=1 a.yaml b.yaml",
		"petagrid slurm submit job.sh --wait --partition gpu":                 "petagrid slurm submit --wait --partition gpu job.sh",
		"petagrid workflow validate a.yaml -- -odd.yaml":                      "petagrid workflow validate a.yaml -- -odd.yaml",
		"petagrid workflow --help":                                            "petagrid workflow --help",
		"petagrid workflow render -p a=1 w.yaml":                              "petagrid workflow render -p a=1 w.yaml",
		"petagrid nosuch w.yaml -x":                                           "petagrid nosuch w.yaml -x",
	}
	for in, want := range cases {
		if got := strings.Join(flagsFirst(app, strings.Fields(in)), " "); got != want {
			t.Errorf("%s\n got  %s\n want %s", in, got, want)
		}
	}
}
