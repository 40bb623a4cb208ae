// Package logging builds PetaGrid's structured logger: logrus, text or JSON, UTC timestamps,
// and secrets redacted from fields before any formatter sees them.
package logging

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/sirupsen/logrus"
)

// Redacted replaces the value of a field that looks like a secret.
const Redacted = "[REDACTED]"

// secretField matches field names whose values must never reach a log: keys, tokens,
// passwords, credentials, session material. Redaction is by field name: code must put a
// secret in a field, never in a message or an error text, and hooks added later see the raw
// entry (they run before the formatter) so they must not export fields unfiltered.
var secretField = regexp.MustCompile(`(?i)(secret|token|password|passwd|pwd|passphrase|private|credential|api_?key|mnemonic|seed|auth|bearer|cookie|session)`)

// New returns a logger writing to out at level ("debug", "info", …) in format "text" or "json".
func New(out io.Writer, level, format string) (*logrus.Logger, error) {
	lvl, err := logrus.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("log level %q: use one of panic, fatal, error, warn, info, debug, trace", level)
	}
	log := logrus.New()
	log.SetOutput(out)
	log.SetLevel(lvl)
	switch strings.ToLower(format) {
	case "text", "":
		log.SetFormatter(&redactingFormatter{inner: &logrus.TextFormatter{FullTimestamp: true, TimestampFormat: time.RFC3339}})
	case "json":
		log.SetFormatter(&redactingFormatter{inner: &logrus.JSONFormatter{TimestampFormat: time.RFC3339Nano}})
	default:
		return nil, fmt.Errorf("log format %q: use text or json", format)
	}
	return log, nil
}

// Discard returns a logger that writes nothing.
func Discard() *logrus.Logger {
	log := logrus.New()
	log.SetOutput(io.Discard)
	return log
}

// OrDiscard returns log, or Discard() when there is none (a nil *logrus.Logger or
// *logrus.Entry in the interface counts as none): a component given no logger stays quiet
// rather than write to the process's stderr on its own.
func OrDiscard(log logrus.FieldLogger) logrus.FieldLogger {
	switch l := log.(type) {
	case nil:
		return Discard()
	case *logrus.Logger:
		if l == nil {
			return Discard()
		}
	case *logrus.Entry:
		if l == nil {
			return Discard()
		}
	}
	return log
}

// redactingFormatter blanks secret-looking fields and writes times in UTC.
type redactingFormatter struct {
	inner logrus.Formatter
}

func (f *redactingFormatter) Format(e *logrus.Entry) ([]byte, error) {
	clean := *e
	clean.Time = e.Time.UTC()
	clean.Data = make(logrus.Fields, len(e.Data))
	for k, v := range e.Data {
		if secretField.MatchString(k) {
			v = Redacted
		}
		clean.Data[k] = v
	}
	return f.inner.Format(&clean)
}
