package gatewaylink

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/pocpreport"
)

// checkReport is what the fake gateway checks of a report it receives: a test body
// ("report-<n>"), a bare report, or a report with its slot series (protocol 3), whose series
// must reproduce the report.
func (g *fakeGateway) checkReport(body []byte) {
	if bytes.HasPrefix(body, []byte("report-")) {
		return
	}
	sub, ok, err := decodeSubmission(body)
	switch {
	case err != nil:
		g.t.Errorf("report submission: %v", err)
	case ok:
		rep, err := pocp.Decode(sub.Report)
		if err != nil {
			g.t.Errorf("the submission's report: %v", err)
			return
		}
		runs, err := pocp.DecodeRuns(sub.Slots)
		if err != nil {
			g.t.Errorf("the submission's series: %v", err)
			return
		}
		if err := pocp.CheckSeries(rep, runs); err != nil {
			g.t.Errorf("the submission's series: %v", err)
		}
	default:
		if _, err := pocp.Decode(body); err != nil {
			g.t.Errorf("report: %v", err)
		}
	}
}

// decodeSubmission reads a body as protocol.ReportSubmission, strictly; false when it is
// not one (a bare report has no "report" field).
func decodeSubmission(body []byte) (protocol.ReportSubmission, bool, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return protocol.ReportSubmission{}, false, err
	}
	if _, ok := fields["report"]; !ok {
		return protocol.ReportSubmission{}, false, nil
	}
	var sub protocol.ReportSubmission
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sub); err != nil {
		return protocol.ReportSubmission{}, true, err
	}
	return sub, true, nil
}

// storeWithPeriod4 is an accounting store holding period 4 of the fake reports' one-hour
// calendar: two nodes, one down for ten minutes, both unobserved for five, so that the
// series has several runs.
func storeWithPeriod4(t *testing.T, key *ecdsa.PrivateKey) *storeReports {
	t.Helper()
	ctx := context.Background()
	st, cat := openStoreAndCatalog(t)
	cfg, err := pocpreport.Config{Genesis: "2026-01-01T00:00:00Z", Period: time.Hour,
		Hardware: pocpreport.Hardware{GPUModels: map[string]string{"a100": "A100-SXM4-80GB"}}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	start, _, _ := cfg.Calendar.Period(4)
	var slots []store.NodeSlot
	for m := 0; m < 60; m++ {
		if m >= 40 && m < 45 {
			continue
		}
		at := start.Add(time.Duration(m) * time.Minute)
		for _, node := range []string{"g1", "g2"} {
			up := node == "g1" || m < 20 || m >= 30
			state := "IDLE"
			if !up {
				state = "DOWN"
			}
			slots = append(slots, store.NodeSlot{Cluster: "alpha", SlotStart: at, SlotSeconds: 60, Node: node, SampledAt: at, State: state, Available: up,
				CPUs: 8, GPUs: 2, GPUTypes: "a100:2", SlurmRelease: "23.11.1"})
		}
	}
	if _, err := st.RecordNodeSlots(ctx, "test", slots); err != nil {
		t.Fatal(err)
	}
	return &storeReports{store: st, catalog: cat, cfg: cfg, cluster: &clusterName{name: "alpha"}, slotSeconds: 60, key: key}
}

// sendPeriod4 has the link poll a gateway of the given protocol version once (it approves
// the site), then sends period 4's report; it returns the body the gateway received.
func sendPeriod4(t *testing.T, e *testEnv, version int) []byte {
	t.Helper()
	ctx := ctxT(t)
	e.gw.poll = func(int) (int, string) {
		return http.StatusOK, `{"status":"approved","protocol":` + strconv.Itoa(version) + `}`
	}
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	e.link.reports.now = func() time.Time { return e.reports.cal.Genesis.Add(5*time.Hour + 3*time.Minute) }
	if _, err := e.link.reports.sendDue(ctx); err != nil {
		t.Fatal(err)
	}
	e.gw.mu.Lock()
	defer e.gw.mu.Unlock()
	if len(e.gw.reports) != 1 {
		t.Fatalf("%d reports sent, want 1", len(e.gw.reports))
	}
	if outcome, _, ok, _ := e.journal.GatewayReport(ctx, "alpha", 4); !ok || outcome != journal.ReportAccepted {
		t.Fatalf("journal: %q %v", outcome, ok)
	}
	return e.gw.reports[0]
}

// TestReportGoesWithItsSeriesToAProtocol3Gateway: a gateway that speaks protocol 3 receives
// the signed report with the slot series its median came from, a series CheckSeries accepts.
func TestReportGoesWithItsSeriesToAProtocol3Gateway(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	e.link.reports.builder = storeWithPeriod4(t, e.key)
	body := sendPeriod4(t, e, 3)
	sub, ok, err := decodeSubmission(body)
	if err != nil || !ok {
		t.Fatalf("not a report submission (%v): %.300s", err, body)
	}
	rep, err := pocp.Decode(sub.Report)
	if err != nil {
		t.Fatal(err)
	}
	domain := pocp.Domain{ChainID: big.NewInt(1337), VerifyingContract: fakeSettlement}
	if signer, err := rep.Verify(domain); err != nil || signer != crypto.PubkeyToAddress(e.key.PublicKey) {
		t.Fatalf("signature: %s %v", signer.Hex(), err)
	}
	if rep.Epoch != 4 || rep.SlotsCovered != 55 {
		t.Fatalf("report %+v", rep)
	}
	// Both up, g2 down, both up, unobserved, both up: four runs.
	runs, err := pocp.DecodeRuns(sub.Slots)
	if err != nil || len(runs) != 4 {
		t.Fatalf("series %s (%v), want 4 runs", sub.Slots, err)
	}
	if err := pocp.CheckSeries(rep, runs); err != nil {
		t.Fatalf("the series sent: %v", err)
	}
	// The check would see a different series.
	runs[1].PowerMegaFLOPS = runs[0].PowerMegaFLOPS
	if err := pocp.CheckSeries(rep, runs); err == nil {
		t.Fatal("CheckSeries accepts a series with g2 never down")
	}
}

// TestReportGoesBareToAnOlderGateway: a protocol 2 gateway (and one that has not said) gets
// the bare signed report, as before.
func TestReportGoesBareToAnOlderGateway(t *testing.T) {
	for _, version := range []int{2, 0} {
		t.Run("protocol "+strconv.Itoa(version), func(t *testing.T) {
			j, _ := openJournal(t)
			e := newEnv(t, j, nil, nil)
			e.link.reports.builder = storeWithPeriod4(t, e.key)
			body := sendPeriod4(t, e, version)
			if _, ok, err := decodeSubmission(body); ok || err != nil {
				t.Fatalf("a report submission to a protocol %d gateway (%v): %.300s", version, err, body)
			}
			rep, err := pocp.Decode(body)
			if err != nil || rep.Epoch != 4 || rep.SlotsCovered != 55 {
				t.Fatalf("bare report: %+v %v", rep, err)
			}
			if strings.Contains(string(body), `"slots"`) {
				t.Fatalf("the bare report carries slots: %.300s", body)
			}
		})
	}
}

// tamperedReports is a builder whose series does not go with its report, as a bug would
// make it, or is longer than a gateway takes.
type tamperedReports struct {
	*storeReports
	tamper func([]pocp.SlotRun) []pocp.SlotRun
}

func (r tamperedReports) Report(ctx context.Context, cluster string, epoch uint64, domain pocp.Domain) (signedReport, error) {
	sr, err := r.storeReports.Report(ctx, cluster, epoch, domain)
	sr.runs = r.tamper(sr.runs)
	return sr, err
}

// TestReportGoesBareWhenItsSeriesCannot: a series the gateway would refuse (one that does not
// reproduce the report, or too many runs) is not sent; the bare report is, with a warning
// saying why, logged once however often the send is retried.
func TestReportGoesBareWhenItsSeriesCannot(t *testing.T) {
	cases := map[string]struct {
		tamper func([]pocp.SlotRun) []pocp.SlotRun
		reason string
	}{
		"changed": {func(runs []pocp.SlotRun) []pocp.SlotRun { runs[1].PowerMegaFLOPS = 0; return runs }, "does not reproduce the report"},
		"too many runs": {func(runs []pocp.SlotRun) []pocp.SlotRun {
			return append(runs, make([]pocp.SlotRun, pocp.MaxSlotRuns)...)
		}, "runs, more than"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			j, _ := openJournal(t)
			e := newEnv(t, j, nil, nil)
			log, hook := logtest.NewNullLogger()
			e.link.reports.log = log
			e.link.reports.builder = tamperedReports{storeWithPeriod4(t, e.key), c.tamper}
			ctx := ctxT(t)
			e.gw.poll = func(int) (int, string) { return http.StatusOK, `{"status":"approved","protocol":3}` }
			if _, err := e.link.poll.once(ctx); err != nil {
				t.Fatal(err)
			}
			e.link.reports.now = func() time.Time { return e.reports.cal.Genesis.Add(5*time.Hour + 3*time.Minute) }
			// The gateway fails once: the report is sent again, bare again.
			e.gw.report = func(n int) (int, string) {
				if n == 1 {
					return http.StatusServiceUnavailable, `{"error":"later"}`
				}
				return http.StatusCreated, `{}`
			}
			if _, err := e.link.reports.sendDue(ctx); err == nil {
				t.Fatal("a failed send succeeded")
			}
			if _, err := e.link.reports.sendDue(ctx); err != nil {
				t.Fatal(err)
			}
			e.gw.mu.Lock()
			bodies := append([][]byte(nil), e.gw.reports...)
			e.gw.mu.Unlock()
			if len(bodies) != 2 {
				t.Fatalf("%d reports sent, want 2", len(bodies))
			}
			for _, body := range bodies {
				if _, ok, _ := decodeSubmission(body); ok {
					t.Fatalf("a series the gateway would refuse was sent: %.300s", body)
				}
				if _, err := pocp.Decode(body); err != nil {
					t.Fatal(err)
				}
			}
			var warnings []*logrus.Entry
			for _, entry := range hook.AllEntries() {
				if entry.Level == logrus.WarnLevel && strings.Contains(entry.Message, "without its slot series") {
					warnings = append(warnings, entry)
				}
			}
			if len(warnings) != 1 {
				t.Fatalf("%d warnings, want 1: %+v", len(warnings), hook.AllEntries())
			}
			if err, _ := warnings[0].Data[logrus.ErrorKey].(error); err == nil || !strings.Contains(err.Error(), c.reason) {
				t.Fatalf("the warning's reason: %v, want one saying %q", warnings[0].Data[logrus.ErrorKey], c.reason)
			}
		})
	}
}
