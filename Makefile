# PetaGrid — build, test and run on a Debian machine (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := build

export PATH := /usr/local/go/bin:$(PATH)
GO ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
BIN := bin/petagrid
CLUSTER := test/cluster/cluster
# The second, independent cluster used by multi-site tests.
CLUSTER_B := siteb
# Its fake GPUs' GRES type (the first cluster's are "fake"): grid tests place by GPU type.
CLUSTER_B_GPU := h100
# The slurm.conf of each test cluster (empty until `make cluster-up`).
CLUSTER_CONF = $(shell $(CLUSTER) env 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
CLUSTER_B_CONF = $(shell $(CLUSTER) env --name $(CLUSTER_B) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
# A third cluster, shaped like the first, on which half of the end-to-end suite runs at the
# same time as the other half (test/run-tests).
CLUSTER_C := sitec
CLUSTER_C_CONF = $(shell $(CLUSTER) env --name $(CLUSTER_C) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
# The same three clusters on Slurm 24.11 (Debian trixie's, from a root test/cluster/cluster
# builds once per machine with debootstrap): make test runs the end-to-end suite on both.
# Three compute hosts, each slurmd in namespaces of its own (Slurm 22.05): MPI across hosts.
CLUSTER_MULTI := multi
CLUSTER_MULTI_NODES := 3
CLUSTER_MULTI_CONF = $(shell $(CLUSTER) env --name $(CLUSTER_MULTI) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
CLUSTER24 := petagrid24
CLUSTER24_B := siteb24
CLUSTER24_C := sitec24
CLUSTER24_CONF = $(shell $(CLUSTER) env --name $(CLUSTER24) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
CLUSTER24_B_CONF = $(shell $(CLUSTER) env --name $(CLUSTER24_B) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
CLUSTER24_C_CONF = $(shell $(CLUSTER) env --name $(CLUSTER24_C) 2>/dev/null | sed -n 's/^export SLURM_CONF=//p')
# The directory of 24.11's client commands (the same wrappers for the three clusters).
CLUSTER24_PATH = $(shell $(CLUSTER) env --name $(CLUSTER24) 2>/dev/null | sed -n 's/^export PATH=\(.*\):"$$PATH"$$/\1/p')

.PHONY: demo-plugins cluster-multi-up bench-challenge test-gas demo-governance demo-down demo-preflight demo-site bench-plugins proto proto-check geth contracts contracts-check bench-accounting bench-gateway bench-pocp bench-site test-tools bench-workflows fuzz-workflows build test unit-test lint fmt bench-slurm cluster-up cluster-b-up cluster-c-up cluster24-up cluster24-b-up cluster24-c-up cluster-down cluster-status demo check-go fixtures

check-go:
	@command -v $(GO) >/dev/null || { echo "Go is not installed: install Go 1.26 or newer (e.g. under /usr/local/go) — see README.md" >&2; exit 1; }

build: check-go
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/petagrid

# All unit and end-to-end tests, under the race detector; the end-to-end ones run on the real
# Slurm test clusters (three on Slurm 22.05, then three on 24.11), which this target starts
# (and installs, as root on Debian) if needed, and the three-host cluster for MPI across hosts, beside the other packages (test/run-tests says
# why). (Make expands a recipe only once its prerequisites are made, so the paths exist by then.)
test: check-go test-tools geth cluster-up cluster-b-up cluster-c-up cluster-multi-up cluster24-up cluster24-b-up cluster24-c-up
	PETAGRID_TEST_SLURM_CONF=$(CLUSTER_CONF) PETAGRID_TEST_SLURM_CONF_B=$(CLUSTER_B_CONF) PETAGRID_REQUIRE_CLUSTER=1 PETAGRID_REQUIRE_NVRTC=1 \
		PETAGRID_TEST_SLURM_MULTI_CONF=$(CLUSTER_MULTI_CONF) \
		PETAGRID_TEST_SLURM_CONF_C=$(CLUSTER_C_CONF) PETAGRID_TEST_CLUSTER_NAME_C=$(CLUSTER_C) \
		PETAGRID_TEST_SLURM24_CONF=$(CLUSTER24_CONF) PETAGRID_TEST_SLURM24_CONF_B=$(CLUSTER24_B_CONF) \
		PETAGRID_TEST_SLURM24_CONF_C=$(CLUSTER24_C_CONF) PETAGRID_TEST_SLURM24_CLUSTER_NAME_C=$(CLUSTER24_C) \
		PETAGRID_TEST_SLURM24_PATH=$(CLUSTER24_PATH) \
		PETAGRID_GETH=$(GETH) PETAGRID_REQUIRE_GETH=1 PETAGRID_REQUIRE_BROWSER=1 GO=$(GO) \
		test/run-tests

# The contracts' gas report (goals per provider and per claim, 10 to 10,000 providers) without
# the race detector: gas does not depend on Go's scheduling, and -race makes it ten times slower.
# make test runs it too (test/run-tests), while the end-to-end suite runs.
test-gas: check-go
	$(GO) test -count=1 -timeout 10m -run '^TestGasReport$$' -v ./contracts

# A real Ethereum node for the contracts' end-to-end test: geth v1.16.9 built from the Go
# module proxy (later versions need a module the proxy refuses), kept under .tools/.
GETH_VERSION := v1.16.9
GETH := $(CURDIR)/.tools/geth-$(GETH_VERSION)/geth
geth: $(GETH)
$(GETH):
	@echo "building geth $(GETH_VERSION) (about 2 minutes the first time)"
	GOBIN=$(dir $(GETH)) $(GO) install github.com/ethereum/go-ethereum/cmd/geth@$(GETH_VERSION)

# Tools the tests call: shellcheck lints every rendered workflow script, chromium renders the
# gateway's dashboard, ch-run runs containerised steps in the busybox test image (from
# busybox-static, test/images/make-busybox-image), Open MPI's mpicc builds the multi-node MPI
# test's program (test/mpi/ring.c), NVRTC compiles the GPU challenge kernel's device code (a missing tool
# fails those tests rather than skipping them).
test-tools:
	@command -v shellcheck >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "shellcheck is missing: install Debian's shellcheck package (as root: apt-get install shellcheck)"; exit 1; }; \
		echo "installing shellcheck"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends shellcheck >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends shellcheck >/dev/null; }; }
	@command -v chromium >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "chromium is missing: install Debian's chromium package (as root: apt-get install chromium fonts-liberation)"; exit 1; }; \
		echo "installing chromium"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null; }; }
	@command -v ch-run >/dev/null && [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1 || { \
		[ "$$(id -u)" = 0 ] || { echo "ch-run or a static busybox is missing: install Debian's charliecloud-runtime and busybox-static packages (as root: apt-get install charliecloud-runtime busybox-static)"; exit 1; }; \
		echo "installing charliecloud-runtime busybox-static"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends charliecloud-runtime busybox-static >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends charliecloud-runtime busybox-static >/dev/null; }; }
	@command -v mpicc >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "mpicc is missing: install Debian's openmpi-bin and libopenmpi-dev packages (as root: apt-get install openmpi-bin libopenmpi-dev)"; exit 1; }; \
		echo "installing openmpi-bin libopenmpi-dev"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openmpi-bin libopenmpi-dev >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openmpi-bin libopenmpi-dev >/dev/null; }; }
	@test/tools/install-nvrtc

# Unit tests only: no Slurm needed (end-to-end tests skip and say why).
unit-test: check-go
	$(GO) test -race -count=1 ./...
	$(MAKE) --no-print-directory test-gas

lint: check-go
	@out=$$(gofmt -l $$(git ls-files -co --exclude-standard '*.go')); \
		if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

fmt:
	gofmt -w $$(git ls-files -co --exclude-standard '*.go')

# Submission overhead and controller RPCs per poll, measured on the test cluster.
# Validating and rendering 100 / 1,000 steps and a 1,000 / 10,000-element matrix (Go
# benchmarks), with the growth ratios.
bench-workflows: check-go
	$(GO) test -run '^$$' -bench . -benchmem -count 5 ./workflows | tee /dev/stderr | awk -f test/bench/workflows/report.awk

# The site daemon against a plain sbatch loop (200 jobs), and slurmctld RPCs per tracker
# interval with 10 and 1,000 tracked jobs, on the test cluster (as root; takes a few minutes).
bench-site: check-go cluster-up
	PETAGRID_TEST_SLURM_CONF=$(CLUSTER_CONF) PETAGRID_BENCH_SITE=1 PETAGRID_REQUIRE_CLUSTER=1 \
		$(GO) test -count=1 -timeout 30m -run '^TestBenchSite$$' -v ./test/e2e | grep -E '^(bench-site:|--- |ok|FAIL|    [a-z_]+\.go:[0-9]+: )'

# A short fuzzing run of the workflow compiler over its committed seed corpus (CI runs it).
# The default budget is a number of executions, not a duration: Go 1.26's fuzz coordinator
# can fail a duration-bounded run at its deadline with "context deadline exceeded" and no
# crasher when its workers are starved (golang/go#75804, fixed in Go 1.27); a count has no
# deadline to race. FUZZTIME=5m (or 2000000x) runs longer. Each input that widens coverage is
# shrunk before it joins the corpus, for up to a minute by default, with the executions
# counter standing still: a CI run on 2 cores stood still for minutes at a time and took
# 4 min 17 s, against 1 min 42 s the day before; with 5 s each the next run took 2 min 3 s.
# A crasher is still reported, minimized or not.
fuzz-workflows: check-go
	$(GO) test -run '^$$' -fuzz FuzzCompile -fuzztime $(or $(FUZZTIME),300000x) -fuzzminimizetime 5s ./workflows
	$(GO) test -run '^$$' -fuzz FuzzOutputsDigest -fuzztime $(or $(FUZZTIME),50000x) -fuzzminimizetime 5s ./workflows

bench-slurm: check-go cluster-up
	SLURM_CONF=$(CLUSTER_CONF) $(GO) run ./test/bench/slurm

# Accounting: ingest of recorded sacct records into the store against a plain batched-insert
# loop, one harvest cycle over 100,000 records against sacct printing them (on the test
# cluster), and the NVML sampler's cost per GPU per sample (on go-nvml's mock).
bench-accounting: check-go cluster-up
	PETAGRID_BENCH_ACCOUNTING=1 $(GO) test -count=1 -v -run '^TestBenchIngest$$' ./accounting/store | grep -vE '^(=== RUN|--- PASS|PASS|ok)'
	SLURM_CONF=$(CLUSTER_CONF) $(GO) run ./test/bench/accounting
	$(GO) test -run '^$$' -bench 'SampleOnce' -benchtime 2000x -count 5 ./accounting/gpu | grep -E 'Benchmark|^ok'

# PoCP: the median of 15 days of 1-minute slots for 10,000 sites against a full-sort
# baseline, and 15 days of NVML samples of 64 GPUs aggregated in one pass (10 s and 1 s
# sampling), with the ratios (pure Go; no cluster needed).
# The gateway: placement among 100 sites (decisions/s) and PoCP report verification
# (signatures/s), each with its goal.
bench-gateway: check-go
	$(GO) test -run '^$$' -bench . -benchtime 2s -count 3 ./gateway/placement ./gateway ./gateway/auction | tee /dev/stderr | awk -f test/bench/gateway/report.awk

# The per-call overhead of a placement plugin (a real plugin process), with its goal.
bench-plugins: check-go
	$(GO) test -run '^$$' -bench PlacementCall -benchtime 3s -count 3 ./plugins | tee /dev/stderr | awk -f test/bench/plugins/report.awk

bench-pocp: check-go
	$(GO) test -run '^$$' -bench . -benchtime 3x -count 3 ./pocp | tee /dev/stderr | awk -f test/bench/pocp/report.awk

# Compute challenges (pocp/challenge): on this CPU, one product of order 1,024, 2,048 and 4,096
# computed by the CPU kernel against the gateway parsing and verifying its answer (64 and
# 1,024 openings), with the ratio verify/compute against its goal (≤ 1 %) and the ratio of
# operations (pure Go; no cluster needed).
bench-challenge: check-go
	$(GO) run ./test/bench/challenge

# The plugin protocol: Debian's protoc (protobuf-compiler) and the Go generators pinned by
# go.mod's tool directives turn plugins/proto into plugins/proto/pluginv1 (committed);
# `make proto-check` fails on any difference (CI).
PROTO_SRC := petagrid/plugin/v1/plugin.proto
proto: check-go
	@command -v protoc >/dev/null || { \
		[ "$$(id -u)" = 0 ] || { echo "protoc is missing: install Debian's protobuf-compiler package"; exit 1; }; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends protobuf-compiler >/dev/null 2>&1 || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends protobuf-compiler >/dev/null; }; }
	@mkdir -p .tools/proto
	$(GO) build -o .tools/proto/protoc-gen-go google.golang.org/protobuf/cmd/protoc-gen-go
	$(GO) build -o .tools/proto/protoc-gen-go-grpc google.golang.org/grpc/cmd/protoc-gen-go-grpc
	protoc --plugin=protoc-gen-go=.tools/proto/protoc-gen-go --plugin=protoc-gen-go-grpc=.tools/proto/protoc-gen-go-grpc \
		-I plugins/proto --go_out=. --go_opt=module=github.com/petagrid/petagrid \
		--go-grpc_out=. --go-grpc_opt=module=github.com/petagrid/petagrid $(PROTO_SRC)

proto-check: proto
	@git diff --exit-code -- plugins/proto/pluginv1 || { echo "plugins/proto/pluginv1 is not what make proto generates: run make proto and commit"; exit 1; }

# The settlement contracts: solc-js and OpenZeppelin at the versions package-lock.json pins
# compile contracts/src into contracts/build (ABI and bytecode, committed), and abigen (pinned
# by go.mod's tool directive) turns them into the Go bindings under contracts/bindings
# (committed). The Go build never needs npm; this target does.
CONTRACTS := GFL DPS ProviderRegistry Settlement JobEscrow Staking AdmissionGovernor
contracts: check-go
	@command -v npm >/dev/null || { echo "npm is missing: install Debian's nodejs and npm packages (as root: apt-get install nodejs npm)"; exit 1; }
	cd contracts && npm ci --no-audit --no-fund --loglevel=error && node scripts/compile.js
	@mkdir -p contracts/bindings
	@for c in $(CONTRACTS); do \
		$(GO) tool abigen --v2 --abi contracts/build/$$c.abi.json --bin contracts/build/$$c.bin \
			--pkg bindings --type $$c --out contracts/bindings/$$(echo $$c | tr A-Z a-z).go || exit 1; \
	done
	gofmt -w contracts/bindings
	chmod 644 contracts/bindings/*.go

# CI: regenerate the artifacts and bindings and fail on any difference from the committed ones.
contracts-check: contracts
	@git diff --exit-code -- contracts/build contracts/bindings || { echo "contracts/build or contracts/bindings differ from what make contracts generates: run make contracts and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- contracts/build contracts/bindings)" || { echo "make contracts generated files that are not committed"; git status --short -- contracts/build contracts/bindings; exit 1; }

cluster-up:
	$(CLUSTER) up

cluster-b-up:
	$(CLUSTER) up --name $(CLUSTER_B) --gpu-type $(CLUSTER_B_GPU)

cluster-c-up:
	$(CLUSTER) up --name $(CLUSTER_C)

cluster-multi-up:
	$(CLUSTER) up --name $(CLUSTER_MULTI) --nodes $(CLUSTER_MULTI_NODES)

cluster24-up:
	$(CLUSTER) up --name $(CLUSTER24) --slurm 24.11

cluster24-b-up:
	$(CLUSTER) up --name $(CLUSTER24_B) --gpu-type $(CLUSTER_B_GPU) --slurm 24.11

cluster24-c-up:
	$(CLUSTER) up --name $(CLUSTER24_C) --slurm 24.11

cluster-down:
	$(CLUSTER) down --all

cluster-status:
	$(CLUSTER) status

# The main job: the whole grid on this machine. Two Slurm test clusters, a gateway on its
# embedded chain, a site daemon per cluster; the example workflows submitted through the
# gateway with DPS budgets, run, accounted and paid; both sites' PoCP reports; a short epoch
# closed on chain; a provider's claim; a summary and the dashboard URL (test/demo/grid-demo).
# The gateway and the daemons keep running for the dashboard: `make demo-down` stops them.
demo: demo-preflight build demo-plugins cluster-up cluster-b-up
	test/demo/grid-demo up $(abspath $(BIN)) $(CLUSTER_CONF) $(CLUSTER_B_CONF)

# The demo with admission by vote (issue 22 §3, whitepaper §3.4.2-3.4.3): a third cluster's
# site joins after the operator's transition, put to the vote and admitted by the GFL holders.
demo-governance: demo-preflight build demo-plugins cluster-up cluster-b-up cluster-c-up
	test/demo/grid-demo up $(abspath $(BIN)) $(CLUSTER_CONF) $(CLUSTER_B_CONF) $(CLUSTER_C_CONF)

# The example bid policy site-b of the demo bids with (plugins/examples/queue-bid), next to BIN.
demo-plugins: check-go
	$(GO) build -trimpath -o $(dir $(BIN))queue-bid ./plugins/examples/queue-bid

# Stops what `make demo` started: the gateway, the site daemons and the Slurm test clusters.
demo-down:
	test/demo/grid-demo down
	$(CLUSTER) down --all

# What the demo needs, said before anything is installed or started.
demo-preflight: check-go
	@[ "$$(id -u)" = 0 ] || { echo "make demo runs as root: it installs Debian packages (slurmctld slurmd slurmdbd slurm-client munge mariadb-server libpmix-dev curl charliecloud-runtime), starts munged, MariaDB and the Slurm daemons, and runs jobs as the test account pgalice. Run it as root (sudo make demo)." >&2; exit 1; }
	@command -v dpkg-query >/dev/null && command -v apt-get >/dev/null || { echo "make demo needs a Debian (bookworm) system with apt-get and dpkg: the Slurm test clusters are built from Debian's slurmctld slurmd slurmdbd slurm-client munge mariadb-server libpmix-dev curl charliecloud-runtime packages." >&2; exit 1; }

# A tour of one site without the grid: a job submitted through PetaGrid's Slurm bridge and its
# accounting record, two example workflows run directly, then the site daemon with a
# researcher submitting over its socket and signed HTTP, logs, accounting, a PoCP report.
demo-site: build cluster-up
	@echo "== PetaGrid sees the cluster:"
	SLURM_CONF=$(CLUSTER_CONF) $(BIN) slurm nodes
	SLURM_CONF=$(CLUSTER_CONF) $(BIN) slurm partitions
	@echo "== Submitting examples/slurm/hello-gpu.sbatch through PetaGrid:"
	@mkdir -p /tmp/petagrid-demo
	SLURM_CONF=$(CLUSTER_CONF) $(BIN) --log-level warn slurm submit --wait --workdir /tmp/petagrid-demo \
		--partition gpu --sbatch-option=--gres=gpu:fake:2 examples/slurm/hello-gpu.sbatch
	@echo "== Job output:"
	@cat $$(ls -t /tmp/petagrid-demo/slurm-*.out | head -1)
	@echo "== Workflow docs/examples/dag-retries-finally.yaml (a retried step, a skipped failure handler, a finally step):"
	SLURM_CONF=$(CLUSTER_CONF) $(BIN) --log-level warn workflow run --wait \
		--site-profile examples/site-profiles/test-cluster.yaml docs/examples/dag-retries-finally.yaml
	@echo "== Workflow docs/examples/parameter-sweep.yaml (matrix and for loops as job arrays):"
	SLURM_CONF=$(CLUSTER_CONF) $(BIN) --log-level warn workflow run --wait -p epochs=3 \
		--site-profile examples/site-profiles/test-cluster.yaml docs/examples/parameter-sweep.yaml
	@echo "== The site daemon: researchers submit through petagrid site serve (test/demo/site-demo):"
	test/demo/site-demo $(abspath $(BIN)) $(CLUSTER_CONF)

# Re-record the Slurm 22.05 and 24.11 parser fixtures from the running test clusters.
fixtures: cluster-up cluster24-up
	test/cluster/record-fixtures slurmbridge/testdata/slurm-22.05
	test/cluster/record-fixtures slurmbridge/testdata/slurm-24.11 --name $(CLUSTER24)
