package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/reqsign"
)

// keysCommand manages the researcher's signing key. The key file itself is never printed:
// only its address, which is what sites know the researcher by.
func keysCommand(e *env) *cli.Command {
	flags := func() []cli.Flag {
		return []cli.Flag{
			&cli.StringFlag{Name: "file", Usage: "key `FILE` (default: $PETAGRID_KEY, else <user config dir>/petagrid/key)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"},
		}
	}
	return &cli.Command{
		Name:  "keys",
		Usage: "create and show the key that signs your requests to sites over HTTP(S)",
		Subcommands: []*cli.Command{
			{
				Name:  "new",
				Usage: "create a new key (refuses to overwrite one) and print its address",
				Flags: flags(),
				Action: func(c *cli.Context) error {
					out, path, err := keyFileArgs(c, e)
					if err != nil {
						return err
					}
					addr, err := reqsign.GenerateKeyFile(path)
					if errors.Is(err, fs.ErrExist) {
						return fmt.Errorf("key file %s already exists; refusing to overwrite it (it is your identity at every site that knows its address; use --file for another)", path)
					}
					if err != nil {
						return err
					}
					if out.json {
						return out.encode(map[string]string{"address": addr.Hex(), "file": path})
					}
					fmt.Fprintf(e.stdout, "Address:  %s\nKey file: %s (private: never share or copy it)\n", addr.Hex(), path)
					fmt.Fprintln(e.stdout, "Send the address, not the key file, to the admins of each site you use, to be added to site.users.researchers.")
					return nil
				},
			},
			{
				Name:  "show",
				Usage: "print the address of a key",
				Flags: flags(),
				Action: func(c *cli.Context) error {
					out, path, err := keyFileArgs(c, e)
					if err != nil {
						return err
					}
					key, err := reqsign.LoadKeyFile(path)
					if err != nil {
						return err
					}
					addr := crypto.PubkeyToAddress(key.PublicKey).Hex()
					return out.message(map[string]string{"address": addr, "file": path}, "%s", addr)
				},
			},
		},
	}
}

func keyFileArgs(c *cli.Context, e *env) (*printer, string, error) {
	if c.NArg() > 0 {
		return nil, "", usagef("%s takes no arguments (the key file is given with --file)", c.Command.HelpName)
	}
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return nil, "", err
	}
	path := c.String("file")
	if path == "" {
		if path, err = reqsign.DefaultKeyPath(); err != nil {
			return nil, "", err
		}
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return out, path, nil
}
