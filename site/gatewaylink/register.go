package gatewaylink

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
)

// inventoryMaxAge: the poll sends the live inventory, read from Slurm at most this often.
const inventoryMaxAge = 15 * time.Second

// inventorySource reads the grid partitions' hardware and live node counts.
type inventorySource interface {
	Inventory(ctx context.Context) (protocol.Inventory, error)
}

// inventoryCache is the inventory, read from its source at most every maxAge. It is owned by
// the poll loop.
type inventoryCache struct {
	source inventorySource
	maxAge time.Duration // shortened by tests
	now    func() time.Time

	inv *protocol.Inventory
	at  time.Time
}

func (c *inventoryCache) get(ctx context.Context) (protocol.Inventory, error) {
	if c.inv != nil && c.now().Sub(c.at) < c.maxAge {
		return *c.inv, nil
	}
	inv, err := c.source.Inventory(ctx)
	if err != nil {
		return protocol.Inventory{}, err
	}
	c.inv, c.at = &inv, c.now()
	return inv, nil
}

// registrar registers the site with the gateway: again whenever the shape of its inventory
// changes, or the gateway has forgotten it. It is owned by the poll loop.
type registrar struct {
	client       *client
	log          logrus.FieldLogger
	siteName     string
	version      string
	prices       protocol.Prices
	labels       map[string]string
	maxAckAnswer int64

	// shape is the registered inventory's shapeKey, and whether the prices by grade went
	// with it ("": not registered).
	shape string
}

// ensure registers inv unless its shape is the one registered, with the site's prices by
// grade where gradePrices says the gateway takes them (protocol 7: an older gateway decodes
// registrations strictly and would refuse them), its base price alone otherwise. A site
// therefore registers again, with its schedule, once a gateway says it speaks 7.
func (r *registrar) ensure(ctx context.Context, inv protocol.Inventory, gradePrices bool) error {
	gradePrices = gradePrices && r.prices.HasGradePrices()
	shape := shapeKey(inv) + fmt.Sprintf("/grades:%t", gradePrices)
	if shape == r.shape {
		return nil
	}
	if err := r.register(ctx, inv, gradePrices); err != nil {
		return err
	}
	r.shape = shape
	return nil
}

// registered says whether the site has registered since the process started (or the gateway
// last said it did not know the site).
func (r *registrar) registered() bool { return r.shape != "" }

// forget makes the next ensure register again.
func (r *registrar) forget() { r.shape = "" }

// register sends the site's registration.
func (r *registrar) register(ctx context.Context, inv protocol.Inventory, gradePrices bool) error {
	prices := r.prices
	if !gradePrices {
		prices = protocol.Prices{PerComputeHour: r.prices.PerComputeHour}
	}
	reg := protocol.Registration{Site: r.siteName, Version: clip(r.version, 64), Inventory: inv, Prices: prices, Labels: r.labels}
	if err := reg.Validate(); err != nil {
		return fmt.Errorf("the site's registration does not fit the protocol:\n%w", err)
	}
	if _, err := r.client.postJSON(ctx, protocol.PathRegister, reg, nil, requestTimeout, r.maxAckAnswer); err != nil {
		return fmt.Errorf("registering: %w", err)
	}
	shapes := 0
	for _, p := range inv.Partitions {
		shapes += len(p.Shapes)
	}
	r.log.WithFields(logrus.Fields{"partitions": len(inv.Partitions), "nodeShapes": shapes, "capacityMegaFlops": inv.CapacityMegaFLOPS,
		"gpus": inv.GPUs, "pricesByGrade": gradePrices}).Info("registered with the grid gateway")
	return nil
}

// shapeKey identifies what a registration declares: the inventory without its live counts.
func shapeKey(inv protocol.Inventory) string {
	parts := make([]protocol.Partition, len(inv.Partitions))
	for i, p := range inv.Partitions {
		p.Shapes = append([]protocol.NodeShape(nil), p.Shapes...)
		for j := range p.Shapes {
			p.Shapes[j].Available, p.Shapes[j].Idle = 0, 0
		}
		parts[i] = p
	}
	inv.Partitions = parts
	data, _ := json.Marshal(inv)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
