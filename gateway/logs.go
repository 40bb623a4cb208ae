package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
)

// Logs stay on the site (they can be large and are the researcher's data); the gateway
// relays a slice at a time: a researcher's request becomes a LogRequest in the site's next
// poll answer, and the site posts the bytes back. Nothing is stored at the gateway.
const (
	logChunkBytes     = 256 << 10
	logAnswerWait     = 30 * time.Second
	logFollowPause    = time.Second
	maxPendingPerSite = 64
)

type logChunk struct {
	data []byte
	eof  bool
	err  string
}

type pendingLog struct {
	req       protocol.LogRequest
	site      string
	delivered bool
	answer    chan logChunk
}

// logRelay holds the log requests waiting for their site, and streams the answers.
type logRelay struct {
	mu   sync.Mutex
	reqs map[string]*pendingLog
	// wake tells a site's held poll that a request waits for it.
	wake *wakeups
}

func newLogRelay(wake *wakeups) *logRelay {
	return &logRelay{reqs: map[string]*pendingLog{}, wake: wake}
}

func (l *logRelay) add(site string, req protocol.LogRequest) (*pendingLog, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	req.ID = hex.EncodeToString(b[:])
	p := &pendingLog{req: req, site: site, answer: make(chan logChunk, 1)}
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, o := range l.reqs {
		if o.site == site {
			n++
		}
	}
	if n >= maxPendingPerSite {
		return nil, fmt.Errorf("too many log requests are waiting for site %s", site)
	}
	l.reqs[req.ID] = p
	return p, nil
}

func (l *logRelay) remove(id string) {
	l.mu.Lock()
	delete(l.reqs, id)
	l.mu.Unlock()
}

// pending returns the site's requests not yet delivered, and marks them delivered.
func (l *logRelay) pending(site string) []protocol.LogRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []protocol.LogRequest
	for _, p := range l.reqs {
		if p.site == site && !p.delivered {
			p.delivered = true
			out = append(out, p.req)
		}
	}
	return out
}

// answer hands a site's answer to the waiting researcher; false if nobody waits for it (or
// another site tries to answer).
func (l *logRelay) answer(site, id string, c logChunk) bool {
	l.mu.Lock()
	p, ok := l.reqs[id]
	if ok && p.site == site {
		delete(l.reqs, id)
	}
	l.mu.Unlock()
	if !ok || p.site != site {
		return false
	}
	p.answer <- c
	return true
}

func (a *researcherAPI) jobLogs(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	j, ok := a.lookupJob(w, r, researcher)
	if !ok {
		return
	}
	req, follow, err := logRequestOf(j.ID, r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx := r.Context()
	if follow {
		// Following a job that no site runs yet waits for one.
		if j, ok = a.waitForSite(ctx, w, j); !ok {
			return
		}
	}
	if j.Site == "" {
		writeError(w, http.StatusConflict, fmt.Sprintf("job %s is not on a site (%s): no logs yet", j.ID, j.State))
		return
	}
	a.logs.stream(ctx, w, j.Site, req, follow)
}

// logRequestOf reads a log request's query: the step, the array task, the stream and
// whether to follow.
func logRequestOf(job string, q url.Values) (protocol.LogRequest, bool, error) {
	req := protocol.LogRequest{Job: job, Step: q.Get("step"), Task: -1, Stream: q.Get("stream"), MaxBytes: logChunkBytes}
	if req.Step != "" && !stepNamePattern.MatchString(req.Step) {
		return req, false, errors.New("step: a step name")
	}
	if v := q.Get("task"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return req, false, errors.New("task: an array task index (0, 1, …)")
		}
		req.Task = n
	}
	switch req.Stream {
	case "", "stdout", "stderr", "both":
	default:
		return req, false, errors.New("stream: stdout, stderr or both")
	}
	return req, q.Get("follow") == "1" || q.Get("follow") == "true", nil
}

// waitForSite waits until a site runs the job, or it ended; false when the request ended
// (or the state failed: answered).
func (a *researcherAPI) waitForSite(ctx context.Context, w http.ResponseWriter, j gatewayapi.Job) (gatewayapi.Job, bool) {
	for (j.Site == "" || j.State == store.Assigned) && !store.Terminal(j.State) {
		select {
		case <-ctx.Done():
			return j, false
		case <-time.After(logFollowPause):
		}
		var err error
		if j, err = a.store.Job(ctx, j.ID); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return j, false
		}
	}
	return j, true
}

// stream asks the site for the logs slice by slice and streams them: until the end of what
// there is, or, following, until the log ends or the request does.
func (l *logRelay) stream(ctx context.Context, w http.ResponseWriter, site string, req protocol.LogRequest, follow bool) {
	started := false
	for {
		c, ok := l.ask(ctx, w, site, req, started)
		if !ok {
			return
		}
		if c.err != "" && !started {
			writeError(w, http.StatusConflict, "site "+site+": "+c.err)
			return
		}
		if !started {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusOK)
			started = true
		}
		if c.err != "" {
			fmt.Fprintf(w, "\n[petagrid] error: %s\n", c.err)
			return
		}
		if _, err := w.Write(c.data); err != nil {
			return
		}
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		req.Offset += int64(len(c.data))
		if len(c.data) == req.MaxBytes {
			continue // more is there now
		}
		if !follow || c.eof {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(logFollowPause):
		}
	}
}

// ask hands the request to the site's next poll and waits for its answer; false when
// there is none (the request ended, or the site did not answer in time: answered, or noted
// in the stream once it started).
func (l *logRelay) ask(ctx context.Context, w http.ResponseWriter, site string, req protocol.LogRequest, started bool) (logChunk, bool) {
	p, err := l.add(site, req)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return logChunk{}, false
	}
	l.wake.wakeSite(site)
	select {
	case <-ctx.Done():
		l.remove(p.req.ID)
		return logChunk{}, false
	case c := <-p.answer:
		return c, true
	case <-time.After(logAnswerWait):
		l.remove(p.req.ID)
		if !started {
			writeError(w, http.StatusGatewayTimeout, fmt.Sprintf("site %s did not send the logs within %s (is it online?)", site, logAnswerWait))
		} else {
			fmt.Fprintf(w, "\n[petagrid] site %s stopped answering\n", site)
		}
		return logChunk{}, false
	}
}
