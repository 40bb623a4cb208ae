package e2e

import (
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// makeBusyboxImage writes the Charliecloud test image (test/images/make-busybox-image) at
// dir. The runtime is the real ch-run, run by the real srun.
func makeBusyboxImage(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("ch-run"); err != nil {
		t.Fatal("ch-run is not installed (Debian: apt-get install charliecloud-runtime busybox-static; `make test` installs them)")
	}
	if out, err := exec.Command(repoFile(t, "test/images/make-busybox-image"), dir).CombinedOutput(); err != nil {
		t.Fatalf("make-busybox-image: %v\n%s", err, out)
	}
}

func chownTree(t *testing.T, root string, owner *user.User) {
	t.Helper()
	uid, _ := strconv.Atoi(owner.Uid)
	gid, _ := strconv.Atoi(owner.Gid)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, uid, gid)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWorkflowCharliecloudAsAnOrdinaryAccount runs containerised steps for real, submitted
// as the cluster's unprivileged account pgalice: Slurm starts ch-run, which runs the step
// in the image with no privilege. The step must see the image's root and not the node's,
// the workspace (its file lands there), its mount, its variable byte for byte, the secret
// it was given, and neither another secret nor the secret store; MPI ranks started by
// srun --mpi=pmix each run in the image.
func TestWorkflowCharliecloudAsAnOrdinaryAccount(t *testing.T) {
	root := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	if os.Geteuid() != 0 {
		t.Skip("submitting as pgalice needs root (runuser)")
	}
	alice, err := user.Lookup("pgalice")
	if err != nil {
		t.Fatalf("the test cluster's account pgalice: %v (make cluster-up creates it)", err)
	}
	b, err := root.As(slurmbridge.RunAs{User: "pgalice", Method: slurmbridge.RunAsRunuser})
	if err != nil {
		t.Fatal(err)
	}
	ctx := workflowContext(t, 4*time.Minute)

	images := sharedDir(t, "petagrid-ch-images-", 0o755)
	image := filepath.Join(images, "busybox")
	makeBusyboxImage(t, image)
	tarball := filepath.Join(images, "busybox.tar.gz")
	if out, err := exec.Command("tar", "-czf", tarball, "-C", images, "busybox").CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}

	p := testProfile(t, workflows.RuntimeCharliecloud)
	p.WorkspaceRoot = sharedDir(t, "petagrid-ch-ws-", 0o755)
	chownTree(t, p.WorkspaceRoot, alice)
	p.Charliecloud.ImageCache = sharedDir(t, "petagrid-ch-cache-", 0o777|os.ModeSticky)
	p.SecretsDir = sharedDir(t, "petagrid-ch-secrets-", 0o755)
	secretDir := filepath.Join(p.SecretsDir, "pgalice")
	os.Mkdir(secretDir, 0o700)
	os.WriteFile(filepath.Join(secretDir, "api-token"), []byte("tok-5e1b9\n"), 0o600)
	os.WriteFile(filepath.Join(secretDir, "other-token"), []byte("never-given-42\n"), 0o600)
	chownTree(t, secretDir, alice)

	run := runWorkflowWith(ctx, t, b, p, "test/e2e/testdata/charliecloud.yaml",
		map[string]string{"IMAGE_TARBALL": tarball, "IMAGE_DIR": image, "SECRETS_DIR": p.SecretsDir}, nil,
		func(plan *workflows.Plan) { chownTree(t, plan.Workspace, alice) })
	run.state(t, "inside", slurmbridge.StateCompleted, 0)
	run.state(t, "ranks", slurmbridge.StateCompleted, 0)
	for _, step := range []string{"inside", "ranks"} {
		if user := run.jobs[step][0].User; user != "pgalice" {
			t.Errorf("step %s ran as %q in Slurm's records, want pgalice", step, user)
		}
	}

	out := run.file(t, ".petagrid/logs/inside.out")
	for _, want := range []string{
		"petagrid busybox test image\n", "node root hidden\n", "mount visible\n", `GREETING=[it's "quoted" $HOME a=b]` + "\n",
		"token length 9\n", "other secret hidden\n", "store hidden\n", "uid " + alice.Uid + " in " + run.plan.Workspace + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the step printed\n%s\nwant a line %q\nstderr:\n%s", out, want, run.tryFile(".petagrid/logs/inside.err"))
		}
	}
	if got := run.file(t, "result.txt"); got != "written\n" {
		t.Errorf("the step's file in the workspace holds %q", got)
	}
	unpacked, _ := filepath.Glob(filepath.Join(p.Charliecloud.ImageCache, "pgalice", "*", "etc", "petagrid-image"))
	if len(unpacked) != 1 {
		t.Errorf("want the tarball unpacked once into pgalice's cache, found %v", unpacked)
	}

	var ranks []string
	for _, line := range strings.Split(run.file(t, ".petagrid/logs/ranks.out"), "\n") {
		if strings.HasPrefix(line, "rank ") {
			if !strings.HasSuffix(line, " of 3 in petagrid busybox test image") {
				t.Errorf("rank line %q: want each rank in the image", line)
			}
			ranks = append(ranks, strings.Fields(line)[1])
		}
	}
	sort.Strings(ranks)
	if strings.Join(ranks, ",") != "0,1,2" {
		t.Errorf("ranks %v, want 0-2 from srun --mpi=pmix, each in ch-run:\n%s", ranks, run.tryFile(".petagrid/logs/ranks.err"))
	}
}
