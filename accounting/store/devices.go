package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// DeviceSample is one reading of a telemetry-source plugin: a node's or device's power
// and, when it has one, its energy counter.
type DeviceSample struct {
	// Source is the plugin; Device its stable name for the device on this host.
	Source string    `json:"source"`
	Device string    `json:"device"`
	Kind   string    `json:"kind"`
	Model  string    `json:"model,omitempty"`
	At     time.Time `json:"at"`
	// PowerMilliwatts and EnergyMillijoules are nil when the device does not report them.
	PowerMilliwatts   *int64 `json:"powerMilliwatts,omitempty"`
	EnergyMillijoules *int64 `json:"energyMillijoules,omitempty"`
}

// RecordDeviceSamples stores readings; a reading already stored (same source, device and
// time) is kept as it was.
func (s *Store) RecordDeviceSamples(ctx context.Context, harvesterVersion string, samples []DeviceSample) (int, error) {
	written := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO device_samples(source, device, kind, model, at_ns, power_mw, energy_mj, harvester_version) VALUES (?,?,?,?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("device samples: %w", err)
		}
		defer stmt.Close()
		for _, d := range samples {
			res, err := stmt.ExecContext(ctx, d.Source, d.Device, d.Kind, d.Model, d.At.UTC().UnixNano(), nullInt(d.PowerMilliwatts), nullInt(d.EnergyMillijoules), harvesterVersion)
			if err != nil {
				return fmt.Errorf("device sample %s/%s: %w", d.Source, d.Device, err)
			}
			n, _ := res.RowsAffected()
			written += int(n)
		}
		return nil
	})
	return written, err
}

// DeviceSamples returns the readings in [since, until), in time order.
func (s *Store) DeviceSamples(ctx context.Context, since, until time.Time) ([]DeviceSample, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT source, device, kind, model, at_ns, power_mw, energy_mj FROM device_samples WHERE at_ns >= ? AND at_ns < ? ORDER BY at_ns, source, device`,
		since.UTC().UnixNano(), until.UTC().UnixNano())
	if err != nil {
		return nil, fmt.Errorf("device samples: %w", err)
	}
	defer rows.Close()
	var out []DeviceSample
	for rows.Next() {
		var d DeviceSample
		var at int64
		var p, e sql.NullInt64
		if err := rows.Scan(&d.Source, &d.Device, &d.Kind, &d.Model, &at, &p, &e); err != nil {
			return nil, fmt.Errorf("device samples: %w", err)
		}
		d.At = time.Unix(0, at).UTC()
		d.PowerMilliwatts, d.EnergyMillijoules = ptrFrom(p), ptrFrom(e)
		out = append(out, d)
	}
	return out, rows.Err()
}
