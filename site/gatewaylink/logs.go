package gatewaylink

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/journal"
)

// Headers of a log answer (POST protocol.PathLogs + request id).
const (
	// HeaderLogOffset is where in the log the body starts (the request's offset).
	HeaderLogOffset = "PetaGrid-Log-Offset"
	// HeaderLogEOF is "1" when the run has ended and the body reaches the end of its log.
	HeaderLogEOF = "PetaGrid-Log-EOF"
	// HeaderLogError says why the site could not read the logs asked for (the body is then
	// empty); a gateway that does not know it sees an empty chunk.
	HeaderLogError = "PetaGrid-Log-Error"
)

const (
	// logWorkers answer log requests beside the poll, so that a slow read never holds it.
	logWorkers = 4
	// logQueue bounds the log requests waiting for a worker; more are dropped (the gateway
	// asks again).
	logQueue = 64
)

var logRequestIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// logReader reads a run's logs (the site daemon).
type logReader interface {
	ReadLogs(ctx context.Context, runID, step string, task int, stream string, offset int64, maxBytes int) ([]byte, bool, error)
}

// logResponder answers the log requests the poll loop queues; logWorkers of its workers run
// beside each other.
type logResponder struct {
	queue        <-chan protocol.LogRequest
	client       *client
	journal      *journal.Journal
	logs         logReader
	log          logrus.FieldLogger
	maxAckAnswer int64
}

// worker answers queued log requests.
func (r *logResponder) worker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case req := <-r.queue:
			if err := r.respond(ctx, req); err != nil && ctx.Err() == nil {
				r.log.WithError(err).WithField("request", req.ID).Warn("could not send logs to the gateway (it asks again)")
			}
		}
	}
}

// respond reads the logs a request asks for and posts them.
func (r *logResponder) respond(ctx context.Context, req protocol.LogRequest) error {
	if !logRequestIDPattern.MatchString(req.ID) {
		r.log.WithField("request", clean(req.ID, 64)).Warn("log request with an invalid id; ignored")
		return nil
	}
	h := http.Header{"Content-Type": {"application/octet-stream"}, HeaderLogOffset: {strconv.FormatInt(max(req.Offset, 0), 10)}}
	data, eof, err := r.read(ctx, req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		h.Set(HeaderLogError, headerText(err.Error(), 300))
		data = nil
	} else if eof {
		h.Set(HeaderLogEOF, "1")
	}
	if data == nil {
		data = []byte{}
	}
	_, _, err = r.client.call(ctx, http.MethodPost, protocol.PathLogs+req.ID, h, data, requestTimeout, r.maxAckAnswer)
	return err
}

// read checks a log request against the journal and reads the logs. The task is read only
// for an array step (task < 0: every task); for anything else it is ignored.
func (r *logResponder) read(ctx context.Context, req protocol.LogRequest) ([]byte, bool, error) {
	if !protocol.ValidJobID(req.Job) {
		return nil, false, fmt.Errorf("%q is not a job id", clean(req.Job, 40))
	}
	if req.Offset < 0 {
		return nil, false, fmt.Errorf("offset %d is negative", req.Offset)
	}
	run, err := r.journal.Get(ctx, req.Job)
	if errors.Is(err, journal.ErrNotFound) || err == nil && !fromGateway(run) {
		return nil, false, fmt.Errorf("no job %s on this site", req.Job)
	}
	if err != nil {
		return nil, false, err
	}
	task := -1
	if req.Step != "" {
		for _, s := range run.Steps {
			if s.Name == req.Step && s.ArraySize > 0 && req.Task >= 0 {
				task = req.Task
			}
		}
	}
	maxBytes := req.MaxBytes
	if maxBytes <= 0 || maxBytes > protocol.MaxLogChunk {
		maxBytes = protocol.MaxLogChunk
	}
	return r.logs.ReadLogs(ctx, req.Job, req.Step, task, req.Stream, req.Offset, maxBytes)
}

// headerText makes text fit a header value: printable ASCII, at most limit bytes.
func headerText(s string, limit int) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() >= limit {
			b.WriteString("...")
			break
		}
		if r >= 0x20 && r < 0x7f {
			b.WriteRune(r)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}
