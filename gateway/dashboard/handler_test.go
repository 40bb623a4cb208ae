package dashboard

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"
)

func sourceOf(s Snapshot) func(context.Context) (Snapshot, error) {
	return func(context.Context) (Snapshot, error) { return s, nil }
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func assertSecurityHeaders(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	h := rec.Header()
	if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("X-Content-Type-Options = %q", got)
	}
	if got := h.Get("Referrer-Policy"); got != "no-referrer" {
		t.Errorf("Referrer-Policy = %q", got)
	}
	if csp := h.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'none'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
}

func TestPageRendersRichSnapshot(t *testing.T) {
	rec := get(t, Handler(sourceOf(richSnapshot()), nil), http.MethodGet, "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	assertSecurityHeaders(t, rec)
	body := rec.Body.String()
	for _, want := range []string{
		"<h1>" + richGateway + "</h1>",
		"chain <b>embedded</b>", "id <b>1337</b>", "#48,213",
		`<meta http-equiv="refresh" content="10">`,
		"cscs-alps", "jsc-jureca", "ideal-hpc",
		`<span class="badge approved">approved</span>`,
		`<span class="badge pending">pending</span>`,
		`<span class="badge suspended">suspended</span>`,
		`<span class="dot on"></span>online`, `<span class="dot"></span>offline`,
		"18.500",   // capacity PFLOPS
		"17.250",   // last median PFLOPS
		"99.85 %",  // coverage
		"2.5",      // DPS per Compute Hour
		"A1", "C3", // grades
		richSupplyShown,          // GFL supply card
		"52.5", "7.25", "99,000", // DPS emitted, claimable, pool
		"42<span class=\"unit\">%</span>", // era progress 4,200 / 10,000
		richNextCloseShown + " · in 12d 14h", "every 15d", "40s ago",
		"no report yet",
		"GFL threshold", // halving reason
		"<svg", "median PFLOPS", "GFL supply",
		"latest 50 of 60", "job-0059",
		`<td class="num">1.500</td>`, `<td class="num">2.250</td>`, // GPU hours, Compute Hours
		`<span class="badge ok">completed<b>41</b></span>`,
		"4 GPUs also at ideal-hpc",                                             // devices another site registers too
		"Slashed stakes", "1,850", "785<span class=\"sub\">slashed 125</span>", // stakes
		`2 / 4<span class="sub warn"`, "1 failed, 1 missed", // this epoch's challenges
		`<span class="sub">replica 1 of 2 · majority</span>`, `<span class="sub warn">replica 2 of 2 · dissent</span>`, // replicated jobs
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(body, "job-0009<") {
		t.Error("page shows job-0009, which is older than the latest 50")
	}
	if strings.Contains(body, "<script") {
		t.Error("page has a script; the CSP allows none")
	}
	if strings.Count(body, "slashed 125") != 1 {
		t.Error("a provider with nothing slashed shows a slashed note, or the slashed one shows none")
	}
	if strings.Contains(body, "invalid") {
		t.Error("a value of the rich snapshot rendered as invalid")
	}
	// Epochs latest first: epoch 11 appears before epoch 10 in the epochs table.
	table := section(t, body, "epochs")
	i11 := strings.Index(table, `<td class="num">11</td>`)
	i10 := strings.Index(table, `<td class="num">10</td>`)
	if i11 < 0 || i10 < 0 || i11 > i10 {
		t.Errorf("epoch rows not latest first (epoch 11 at %d, epoch 10 at %d)", i11, i10)
	}
	assertLatestEpochRow(t, body)
}

// section returns the part of a page from the section with the given id to the next section.
func section(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `id="`+id+`"`)
	if start < 0 {
		t.Fatalf("page has no section %q", id)
	}
	rest := page[start:]
	if end := strings.Index(rest[1:], "<section"); end >= 0 {
		rest = rest[:end+1]
	}
	return rest
}

// assertLatestEpochRow checks the latest epoch's row in the epochs table: its number, median
// PFLOPS and supply after the close, in one row.
func assertLatestEpochRow(t *testing.T, page string) {
	t.Helper()
	row := regexp.MustCompile(`(?s)<tr>\s*<td class="num">11</td>.*?</tr>`).FindString(section(t, page, "epochs"))
	if row == "" {
		t.Fatal("epochs table has no row for epoch 11")
	}
	for _, want := range []string{`<td class="num">` + richLatestMedian + `</td>`, `<td class="num">` + richSupplyShown + `</td>`, "2025-06-30 00:00 UTC"} {
		if !strings.Contains(row, want) {
			t.Errorf("epoch 11 row lacks %q: %s", want, row)
		}
	}
}

func TestPageEmptySnapshot(t *testing.T) {
	rec := get(t, Handler(sourceOf(Snapshot{}), nil), http.MethodGet, "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	for _, want := range []string{
		"No providers registered yet.", "No epoch closed yet.", "No jobs submitted yet.",
		"<h1>PetaGrid gateway</h1>",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("empty page lacks %q", want)
		}
	}
	for _, unwanted := range []string{"<svg", "<table", "invalid", "NaN", "Inf", "<nil>", "%!"} {
		if strings.Contains(body, unwanted) {
			t.Errorf("empty page contains %q", unwanted)
		}
	}
}

func TestPageEscapesHostileValues(t *testing.T) {
	const hostile = `<script>alert(1)</script>`
	const attr = `"><img src=x onerror=alert(2)>`
	s := richSnapshot()
	s.Gateway = hostile
	s.Chain.Kind = hostile
	s.Chain.Settlement = attr
	s.Providers[0].Site = hostile
	s.Providers[0].Address = attr
	s.Providers[0].Status = `approved" onclick="alert(3)`
	s.Providers[1].PerformanceGrade = hostile
	s.Providers[2].GFLWei = hostile
	s.Epochs[0].HalvingReason = `</td></tr></table>` + hostile
	s.Jobs[59].ID = attr
	s.Jobs[59].State = hostile
	s.Jobs[59].Researcher = attr
	s.JobCounts[hostile] = 1
	rec := get(t, Handler(sourceOf(s), nil), http.MethodGet, "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	for _, raw := range []string{"<script", "<img", "onclick=\"alert", "</table>" + "<script"} {
		if strings.Contains(body, raw) {
			t.Errorf("hostile markup %q reached the page unescaped", raw)
		}
	}
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("hostile site name is not shown escaped")
	}
	if strings.Contains(body, `class="badge approved"`) {
		t.Error("a status that is not exactly \"approved\" got the approved badge")
	}
	if !strings.Contains(body, `class="badge unknown"`) {
		t.Error("an unknown status should get the neutral badge")
	}
	// The hostile amount shows as invalid, the rest of the page still renders.
	if !strings.Contains(body, "invalid") || !strings.Contains(body, "ideal-hpc") {
		t.Error("a bad amount should show as invalid without breaking the page")
	}
}

func TestContentSecurityPolicyMatchesInlineStyle(t *testing.T) {
	for _, h := range []http.Handler{
		Handler(sourceOf(richSnapshot()), nil),
		Handler(func(context.Context) (Snapshot, error) { return Snapshot{}, errors.New("down") }, nil),
	} {
		rec := get(t, h, http.MethodGet, "/")
		m := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindAllStringSubmatch(rec.Body.String(), -1)
		if len(m) != 1 {
			t.Fatalf("want exactly one <style> block, found %d", len(m))
		}
		sum := sha256.Sum256([]byte(m[0][1]))
		want := "style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, want) {
			t.Fatalf("CSP %q does not allow the page's stylesheet (%s); the browser would drop the styles", csp, want)
		}
		for _, part := range []string{"img-src data:", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, part) {
				t.Errorf("CSP %q lacks %q", csp, part)
			}
		}
		if strings.Contains(csp, "script-src") || strings.Contains(csp, "unsafe") {
			t.Errorf("CSP %q should allow no script and nothing unsafe", csp)
		}
	}
}

func TestJSONEndpoint(t *testing.T) {
	want := richSnapshot()
	rec := get(t, Handler(sourceOf(want), nil), http.MethodGet, "/dashboard.json")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	assertSecurityHeaders(t, rec)
	var got Snapshot
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("decoding: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("JSON round trip differs:\n got %+v\nwant %+v", got, want)
	}
	// Field names are part of the API (camelCase like the gateway protocol); amounts stay strings.
	for _, key := range []string{`"gflSupplyWei": "` + richSupplyWei + `"`, `"capacityMegaFlops": 18500000000`, `"jobCounts"`, `"lastReportEpoch": 11`} {
		if !strings.Contains(rec.Body.String(), key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}

func TestSourceErrorGives503(t *testing.T) {
	logger, hook := logtest.NewNullLogger()
	failing := func(context.Context) (Snapshot, error) {
		return Snapshot{}, errors.New("chain: dial tcp 10.0.0.7:8545: connection refused <b>")
	}
	h := Handler(failing, logger)

	rec := get(t, h, http.MethodGet, "/")
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", rec.Code)
	}
	assertSecurityHeaders(t, rec)
	body := rec.Body.String()
	if !strings.Contains(body, "connection refused &lt;b&gt;") {
		t.Errorf("503 page does not say what failed (escaped): %s", body)
	}
	if !strings.Contains(body, `http-equiv="refresh"`) {
		t.Error("503 page should retry by itself")
	}
	entry := hook.LastEntry()
	if entry == nil || entry.Level != logrus.WarnLevel || entry.Data[logrus.ErrorKey] == nil {
		t.Fatalf("source error not logged as a warning with the error: %+v", entry)
	}

	rec = get(t, h, http.MethodGet, "/dashboard.json")
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("JSON status %d, want 503", rec.Code)
	}
	var e struct{ Error string }
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || !strings.Contains(e.Error, "connection refused") {
		t.Fatalf("JSON error body %q (%v)", rec.Body, err)
	}

	if rec := get(t, h, http.MethodGet, "/dashboard.svg"); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("SVG status %d, want 503", rec.Code)
	}
	if rec := get(t, Handler(nil, nil), http.MethodGet, "/"); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("nil source: status %d, want 503", rec.Code)
	}
}

func TestSourceGetsADeadline(t *testing.T) {
	var deadline time.Time
	var ok bool
	src := func(ctx context.Context) (Snapshot, error) {
		deadline, ok = ctx.Deadline()
		return Snapshot{}, nil
	}
	get(t, Handler(src, nil), http.MethodGet, "/")
	if !ok || deadline.IsZero() {
		t.Fatal("the source was called without a deadline; a stuck store would hang the page")
	}
}

func TestMethodsOtherThanGetAndHead(t *testing.T) {
	h := Handler(sourceOf(richSnapshot()), nil)
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions} {
		for _, path := range []string{"/", "/dashboard.json", "/dashboard.svg"} {
			rec := get(t, h, method, path)
			if rec.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405", method, path, rec.Code)
			}
			if allow := rec.Header().Get("Allow"); allow != "GET, HEAD" {
				t.Errorf("%s %s: Allow = %q", method, path, allow)
			}
		}
	}
	if rec := get(t, h, http.MethodHead, "/"); rec.Code != http.StatusOK {
		t.Errorf("HEAD /: status %d", rec.Code)
	}
	if rec := get(t, h, http.MethodGet, "/nope"); rec.Code != http.StatusNotFound {
		t.Errorf("GET /nope: status %d, want 404", rec.Code)
	}
}

func TestHeadOverHTTPHasNoBody(t *testing.T) {
	srv := httptest.NewServer(Handler(sourceOf(richSnapshot()), nil))
	defer srv.Close()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodHead, srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || len(b) != 0 {
		t.Fatalf("HEAD: status %d, %d body bytes", resp.StatusCode, len(b))
	}
}

func TestSVGEndpoint(t *testing.T) {
	h := Handler(sourceOf(richSnapshot()), nil)
	rec := get(t, h, http.MethodGet, "/dashboard.svg?epochs=5")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "image/svg+xml; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	// A standalone SVG must be well-formed XML, or browsers show an error instead of the chart.
	dec := xml.NewDecoder(strings.NewReader(rec.Body.String()))
	bars := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if el, ok := tok.(xml.StartElement); ok && el.Name.Local == "rect" {
			for _, a := range el.Attr {
				if a.Name.Local == "rx" {
					bars++
				}
			}
		}
	}
	if bars != 5 {
		t.Errorf("?epochs=5 drew %d bars", bars)
	}
	for _, bad := range []string{"0", "-1", "abc", "121"} {
		if rec := get(t, h, http.MethodGet, "/dashboard.svg?epochs="+bad); rec.Code != http.StatusBadRequest {
			t.Errorf("epochs=%s: status %d, want 400", bad, rec.Code)
		}
	}
}

func TestChartGeometry(t *testing.T) {
	// Given out of order; 4 PFLOPS is a round axis maximum, so the bars are exactly 1, ½ and ¼
	// of the plot height (300 - 24 - 48 = 228 units).
	epochs := []Epoch{
		{Epoch: 2, MedianMegaFLOPS: 4_000_000_000, SupplyAfterWei: gfl(40)},
		{Epoch: 0, MedianMegaFLOPS: 1_000_000_000, SupplyAfterWei: gfl(10)},
		{Epoch: 1, MedianMegaFLOPS: 2_000_000_000, SupplyAfterWei: "garbage"},
	}
	c := buildChart(epochs, 0)
	var heights []string
	for _, b := range c.Bars {
		heights = append(heights, b.Height)
	}
	if got := strings.Join(heights, ","); got != "57,114,228" {
		t.Fatalf("bar heights %s, want 57,114,228 (oldest epoch first)", got)
	}
	if len(c.SupplyDots) != 2 {
		t.Fatalf("supply dots %d, want 2 (the garbage supply is skipped)", len(c.SupplyDots))
	}
	if c.SupplyDots[1].CY != c.PlotTop {
		t.Errorf("the largest supply should touch the plot top: cy %s, top %s", c.SupplyDots[1].CY, c.PlotTop)
	}
	var labels []string
	for _, tk := range c.LeftTicks {
		labels = append(labels, tk.Label)
	}
	if got := strings.Join(labels, ","); got != "0,1,2,3,4" {
		t.Errorf("left ticks %s, want 0,1,2,3,4", got)
	}
	if len(buildChart(nil, 0).Bars) != 0 || !buildChart(nil, 0).Empty {
		t.Error("no epochs should give an empty chart")
	}
	many := make([]Epoch, 200)
	for i := range many {
		many[i] = Epoch{Epoch: uint64(i), MedianMegaFLOPS: uint64(i) * 1_000_000}
	}
	c = buildChart(many, 0)
	if len(c.Bars) != defaultChartEpochs || len(c.XLabels) > chartMaxXLabels {
		t.Errorf("%d bars, %d labels for 200 epochs", len(c.Bars), len(c.XLabels))
	}
	if last := c.XLabels[len(c.XLabels)-1].Text; last != "199" {
		t.Errorf("the latest epoch should be labelled, last label %s", last)
	}
}

func TestNiceScale(t *testing.T) {
	cases := []struct{ max, step, axisMax float64 }{
		{0, 0.2, 1},
		{4, 1, 4},
		{26, 10, 30},
		{0.03, 0.01, 0.03},
		{1234.5, 500, 1500},
	}
	for _, tc := range cases {
		step, axisMax := niceScale(tc.max)
		if diff(step, tc.step) > 1e-12 || diff(axisMax, tc.axisMax) > 1e-9 {
			t.Errorf("niceScale(%v) = %v, %v; want %v, %v", tc.max, step, axisMax, tc.step, tc.axisMax)
		}
	}
}

func TestRightAxisSharesGridLines(t *testing.T) {
	epochs := []Epoch{
		{Epoch: 0, MedianMegaFLOPS: 4_000_000_000, SupplyAfterWei: gfl(9)},
		{Epoch: 1, MedianMegaFLOPS: 3_000_000_000, SupplyAfterWei: gfl(1)},
	}
	c := buildChart(epochs, 0)
	if len(c.LeftTicks) != len(c.RightTicks) {
		t.Fatalf("%d left ticks, %d right ticks", len(c.LeftTicks), len(c.RightTicks))
	}
	var right []string
	for i := range c.LeftTicks {
		if c.LeftTicks[i].Y != c.RightTicks[i].Y {
			t.Errorf("tick %d: left y %s, right y %s", i, c.LeftTicks[i].Y, c.RightTicks[i].Y)
		}
		right = append(right, c.RightTicks[i].Label)
	}
	// 4 intervals over 9 GFL: step 2.5, labels keep their decimal.
	if got := strings.Join(right, ","); got != "0,2.5,5.0,7.5,10.0" {
		t.Errorf("right ticks %s", got)
	}
}

func TestNiceStepAtLeast(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{{0, 0.2}, {0.3, 0.5}, {1, 1}, {2.25, 2.5}, {300, 500}, {600, 1000}} {
		if got := niceStepAtLeast(tc.in); diff(got, tc.want) > 1e-9 {
			t.Errorf("niceStepAtLeast(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func diff(a, b float64) float64 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestProposalsPanel: a grid that admits by vote shows its proposals, escaped, with their
// tallies and each candidate's record; a grid without a governor shows no panel.
func TestProposalsPanel(t *testing.T) {
	const hostile = `<script>alert(1)</script>`
	s := richSnapshot()
	if body := get(t, Handler(sourceOf(s), nil), http.MethodGet, "/").Body.String(); strings.Contains(body, `id="proposals"`) {
		t.Fatal("a grid without a governor shows a proposals panel")
	}
	s.Proposals = []Proposal{}
	if body := get(t, Handler(sourceOf(s), nil), http.MethodGet, "/").Body.String(); !strings.Contains(section(t, body, "proposals"), "No proposals yet.") {
		t.Fatal("a governed grid without proposals says nothing")
	}
	end := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	s.Proposals = []Proposal{
		{ID: 2, Site: hostile, Provider: "0x51F0a1b2c3d4e5f60718293a4b5c6d7e8f901234", State: "active", CapacityMegaFLOPS: 1_880_000_000, GPUs: 4, VoteEnd: end,
			ForWei: "1880000000000000000", AgainstWei: "0", AbstainWei: "500000000000000000", QuorumWei: "750000000000000000",
			ChallengesPassed: 3, ChallengesDecided: 4, SharedDevices: 1, StakeBondedWei: "94000000000000000000"},
		{ID: 1, Site: "beta", State: `vetoed" onclick="x`, ForWei: hostile, VoteEnd: end},
	}
	body := get(t, Handler(sourceOf(s), nil), http.MethodGet, "/").Body.String()
	panel := section(t, body, "proposals")
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", `<span class="badge running">active</span>`, "1.88", "0.5", "0.75",
		"3/4 challenges passed, 1 GPUs another site holds, stake 94 DPS", "2026-11-30 12:00 UTC"} {
		if !strings.Contains(panel, want) {
			t.Errorf("proposals panel lacks %q", want)
		}
	}
	for _, raw := range []string{"<script", `onclick="x`} {
		if strings.Contains(body, raw) {
			t.Errorf("hostile markup %q reached the page unescaped", raw)
		}
	}
	if !strings.Contains(panel, "invalid") {
		t.Error("a bad tally should show as invalid")
	}
}
