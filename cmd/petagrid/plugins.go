package main

import (
	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/plugins"
)

// pluginsCommand helps admins pin plugin executables.
func pluginsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "plugins",
		Usage: "plugin executables: list them with the SHA-256 to pin in the configuration",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the executables of a plugin directory with their SHA-256",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "dir", Usage: "the plugin `DIR` (default: plugins.dir of --config)"},
					&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"},
				},
				Action: func(c *cli.Context) error {
					out, err := newPrinter(e.stdout, c.String("output"))
					if err != nil {
						return err
					}
					dir := c.String("dir")
					if dir == "" {
						dir = e.config.Plugins.Dir
					}
					if dir == "" {
						return usagef("give --dir, or a configuration with plugins.dir")
					}
					found, err := plugins.Discover(dir)
					if err != nil {
						return err
					}
					if out.json {
						if found == nil {
							found = []plugins.Found{}
						}
						return out.encode(found)
					}
					rows := make([][]string, 0, len(found))
					for _, f := range found {
						rows = append(rows, []string{f.Name, f.SHA256})
					}
					return out.table([]string{"NAME", "SHA256"}, rows)
				},
			},
		},
	}
}
