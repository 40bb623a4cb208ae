package dashboard

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/internal/sanitize"
)

//go:embed templates/page.html.tmpl templates/chart.svg.tmpl
var templateFiles embed.FS

//go:embed templates/dashboard.css
var dashboardCSS string

const (
	// sourceTimeout bounds one snapshot read so that a stuck store or chain endpoint gives a
	// 503 within one refresh period instead of piling up requests.
	sourceTimeout = 10 * time.Second
	// maxErrorMessageBytes keeps a runaway error text from bloating the 503 page and the log.
	maxErrorMessageBytes = 2000
)

// snapshotSource reads the dashboard's data; the gateway implements it over its store and chain.
type snapshotSource func(ctx context.Context) (Snapshot, error)

// dashboardHandler serves the dashboard. Its fields are set once by Handler and only read
// afterwards, so it is safe for concurrent requests.
type dashboardHandler struct {
	source    snapshotSource
	log       logrus.FieldLogger
	templates *template.Template
	// htmlCSP allows exactly the one embedded stylesheet (by hash) and data: images; the page
	// has no script at all, so script-src stays at default-src 'none'.
	htmlCSP string
}

// Handler serves the dashboard:
//
//	GET /                the HTML page, rendered server-side, reloading itself every 10 s
//	GET /dashboard.json  the Snapshot as JSON (exact wei amounts)
//	GET /dashboard.svg   the PFLOPS/GFL-supply chart alone; ?epochs=N (1..120) sets how many
//
// HEAD is allowed wherever GET is; other methods get 405. A source error gives 503 with what
// failed (and is logged). Mount it on a path ending in "/" (e.g. with http.StripPrefix), since
// the page links to its siblings relatively.
func Handler(source func(ctx context.Context) (Snapshot, error), log logrus.FieldLogger) http.Handler {
	log = logging.OrDiscard(log).WithField("component", "dashboard")
	templates := mustParseTemplates(dashboardCSS)
	return &dashboardHandler{
		source:    source,
		log:       log,
		templates: templates,
		htmlCSP:   contentSecurityPolicy(templates, log),
	}
}

// mustParseTemplates parses the embedded templates; they are part of the binary, so a parse
// error is a programming error caught by the package's tests, never a runtime input.
func mustParseTemplates(css string) *template.Template {
	t := template.Must(template.New("dashboard").ParseFS(templateFiles, "templates/*.tmpl"))
	// The stylesheet is its own template, included through the "style" template, whose
	// output is hashed for the CSP.
	return template.Must(t.New("css").Parse(css))
}

// contentSecurityPolicy allows the page's one inline stylesheet by its hash. The hash is taken
// of the stylesheet as html/template renders it (which, for one, drops CSS comments), so it
// matches the page byte for byte.
func contentSecurityPolicy(templates *template.Template, log logrus.FieldLogger) string {
	styleSrc := "'none'" // unstyled but working, should the stylesheet ever fail to render
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, "style", nil); err != nil {
		log.WithError(err).Error("rendering the dashboard stylesheet; serving the page unstyled")
	} else {
		css := strings.TrimSuffix(strings.TrimPrefix(buf.String(), "<style>"), "</style>")
		sum := sha256.Sum256([]byte(css))
		styleSrc = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'none'; style-src " + styleSrc +
		"; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

func (h *dashboardHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	header := w.Header()
	header.Set("X-Content-Type-Options", "nosniff")
	header.Set("Referrer-Policy", "no-referrer")
	// Live data: a cached copy would show a stale economy.
	header.Set("Cache-Control", "no-store")
	header.Set("Content-Security-Policy", h.htmlCSP)

	var serve func(http.ResponseWriter, *http.Request)
	switch r.URL.Path {
	case "/", "":
		serve = h.servePage
	case "/dashboard.json":
		serve = h.serveJSON
	case "/dashboard.svg":
		serve = h.serveSVG
	default:
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		header.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	serve(w, r)
}

func (h *dashboardHandler) snapshot(ctx context.Context, what string) (Snapshot, error) {
	if h.source == nil {
		return Snapshot{}, errors.New("no snapshot source configured")
	}
	ctx, cancel := context.WithTimeout(ctx, sourceTimeout)
	defer cancel()
	s, err := h.source(ctx)
	if err != nil {
		h.log.WithError(err).WithField("endpoint", what).Warn("dashboard snapshot failed")
		return Snapshot{}, err
	}
	return s, nil
}

func (h *dashboardHandler) servePage(w http.ResponseWriter, r *http.Request) {
	s, err := h.snapshot(r.Context(), "page")
	if err != nil {
		h.serveErrorPage(w, "reading the dashboard snapshot: "+err.Error())
		return
	}
	h.render(w, "page", newPageView(s), "text/html; charset=utf-8", http.StatusOK)
}

func (h *dashboardHandler) serveErrorPage(w http.ResponseWriter, message string) {
	view := struct {
		RefreshSeconds int
		Message        string
	}{refreshSeconds, clip(message)}
	h.render(w, "error", view, "text/html; charset=utf-8", http.StatusServiceUnavailable)
}

func (h *dashboardHandler) serveJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	s, err := h.snapshot(r.Context(), "json")
	if err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": clip("reading the dashboard snapshot: " + err.Error())}, h.log)
		return
	}
	writeJSON(w, http.StatusOK, s, h.log)
}

func (h *dashboardHandler) serveSVG(w http.ResponseWriter, r *http.Request) {
	epochs := defaultChartEpochs
	if v := r.URL.Query().Get("epochs"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxChartEpochs {
			http.Error(w, "epochs must be an integer from 1 to "+strconv.Itoa(maxChartEpochs), http.StatusBadRequest)
			return
		}
		epochs = n
	}
	s, err := h.snapshot(r.Context(), "svg")
	if err != nil {
		http.Error(w, clip("reading the dashboard snapshot: "+err.Error()), http.StatusServiceUnavailable)
		return
	}
	h.render(w, "chart", buildChart(s.Epochs, epochs), "image/svg+xml; charset=utf-8", http.StatusOK)
}

// render executes a template into a buffer first, so that a template error gives a clean 500
// instead of half a page with a 200 status.
func (h *dashboardHandler) render(w http.ResponseWriter, name string, data any, contentType string, status int) {
	var buf bytes.Buffer
	if err := h.templates.ExecuteTemplate(&buf, name, data); err != nil {
		h.log.WithError(err).WithField("template", name).Error("dashboard render failed")
		http.Error(w, "dashboard render failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	if _, err := w.Write(buf.Bytes()); err != nil {
		h.log.WithError(err).Debug("dashboard response write failed") // client went away
	}
}

func writeJSON(w http.ResponseWriter, status int, v any, log logrus.FieldLogger) {
	body, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		log.WithError(err).Error("dashboard JSON encoding failed")
		http.Error(w, "dashboard JSON encoding failed", http.StatusInternalServerError)
		return
	}
	body = append(body, '\n')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if _, err := w.Write(body); err != nil {
		log.WithError(err).Debug("dashboard response write failed")
	}
}

// clip shortens text to maxErrorMessageBytes without splitting a UTF-8 sequence.
func clip(s string) string { return sanitize.Clip(s, maxErrorMessageBytes) }
