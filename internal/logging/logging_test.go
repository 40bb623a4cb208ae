package logging

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
)

func TestSecretsAreRedacted(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		log, err := New(&buf, "info", format)
		if err != nil {
			t.Fatal(err)
		}
		log.WithField("gatewayToken", "s3cr3t-1").WithField("privateKeyHex", "s3cr3t-2").
			WithField("dbPassword", "s3cr3t-3").WithField("Authorization", "s3cr3t-4").
			WithField("sessionCookie", "s3cr3t-5").WithField("jobId", 42).Info("hello")
		out := buf.String()
		if strings.Contains(out, "s3cr3t") {
			t.Errorf("%s log leaks a secret: %s", format, out)
		}
		if !strings.Contains(out, Redacted) || !strings.Contains(out, "42") {
			t.Errorf("%s log lost fields: %s", format, out)
		}
	}
}

func TestJSONTimesAreUTC(t *testing.T) {
	var buf bytes.Buffer
	log, err := New(&buf, "debug", "json")
	if err != nil {
		t.Fatal(err)
	}
	log.WithTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 5*3600))).Debug("x")
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatal(err)
	}
	if line["time"] != "2026-01-01T22:04:05Z" {
		t.Errorf("time %v, want UTC", line["time"])
	}
}

func TestBadSettings(t *testing.T) {
	if _, err := New(&bytes.Buffer{}, "loud", "text"); err == nil {
		t.Error("accepted level loud")
	}
	if _, err := New(&bytes.Buffer{}, "info", "xml"); err == nil {
		t.Error("accepted format xml")
	}
}

// A component given no logger, in whatever nil form, writes nothing; one given a logger uses it.
func TestOrDiscard(t *testing.T) {
	var nilLogger *logrus.Logger
	var nilEntry *logrus.Entry
	for _, none := range []logrus.FieldLogger{nil, nilLogger, nilEntry} {
		l, ok := OrDiscard(none).(*logrus.Logger)
		if !ok || l == nil || l.Out != io.Discard {
			t.Errorf("OrDiscard(%#v) = %#v", none, l)
		}
	}
	var buf bytes.Buffer
	given, err := New(&buf, "info", "text")
	if err != nil {
		t.Fatal(err)
	}
	entry := given.WithField("component", "x")
	if OrDiscard(given) != given || OrDiscard(entry) != entry {
		t.Error("a given logger was replaced")
	}
	OrDiscard(entry).Info("kept")
	if !strings.Contains(buf.String(), "kept") {
		t.Errorf("the given logger wrote %q", buf.String())
	}
}
