// Command petagrid is PetaGrid's single binary: the site daemon, the grid gateway and the
// command-line tools for admins, researchers and operators. It only wires flags and
// configuration to the packages that do the work.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/logging"
)

// version is set at build time (-ldflags "-X main.version=…").
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// exitUsage is returned for command-line mistakes, exitFailure for everything else.
const (
	exitFailure = 1
	exitUsage   = 2
)

// usageError marks an error the user can fix by changing the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errReported is returned by a command that has already written its errors to stderr in
// their own format (file:line:col lines that editors and CI annotate); it only sets exit 1.
var errReported = errors.New("errors reported")

// run executes the command line and returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	args, err := flagsFirst(app, args)
	if err == nil {
		err = app.RunContext(ctx, args)
	}
	if err != nil {
		if errors.Is(err, errReported) {
			return exitFailure
		}
		fmt.Fprintf(stderr, "petagrid: %v\n", err)
		var ue usageError
		if errors.As(err, &ue) {
			return exitUsage
		}
		return exitFailure
	}
	return 0
}

// env carries what every command needs; it is built once, before any command runs.
type env struct {
	stdout io.Writer
	stderr io.Writer
	log    *logrus.Logger
	config fileConfig
}

func newApp(stdout, stderr io.Writer) *cli.App {
	e := &env{stdout: stdout, stderr: stderr}
	app := &cli.App{
		Name:                 "petagrid",
		Usage:                "Slurm-integrated HPC grid middleware",
		Version:              version,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		HideVersion:          true,
		// -p values are data: "a,b" is one value, not two.
		DisableSliceFlagSeparator: true,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "config", Aliases: []string{"c"}, Usage: "configuration file (YAML)", EnvVars: []string{"PETAGRID_CONFIG"}},
			&cli.StringFlag{Name: "log-level", Value: "info", Usage: "panic, fatal, error, warn, info, debug or trace", EnvVars: []string{"PETAGRID_LOG_LEVEL"}},
			&cli.StringFlag{Name: "log-format", Value: "text", Usage: "text or json", EnvVars: []string{"PETAGRID_LOG_FORMAT"}},
		},
		Before: func(c *cli.Context) error {
			log, err := logging.New(stderr, c.String("log-level"), c.String("log-format"))
			if err != nil {
				return usageError{err}
			}
			e.log = log
			if e.config, err = loadConfig(c.String("config")); err != nil {
				return err
			}
			return nil
		},
		OnUsageError: func(c *cli.Context, err error, isSubcommand bool) error {
			return usageError{err}
		},
		Commands: []*cli.Command{
			{
				Name:  "version",
				Usage: "print the version of petagrid",
				Action: func(c *cli.Context) error {
					fmt.Fprintf(stdout, "petagrid %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
					return nil
				},
			},
			slurmCommand(e),
			workflowCommand(e),
			siteCommand(e),
			submitSiteCommand(e),
			jobsSiteCommand(e),
			statusSiteCommand(e),
			logsSiteCommand(e),
			cancelSiteCommand(e),
			keysCommand(e),
			accountingCommand(e),
			indexCommand(e),
			pocpCommand(e),
			challengeCommand(e),
			tokenomicsCommand(e),
			gatewayCommand(e),
			providerCommand(e),
			pluginsCommand(e),
		},
		Action: helpOrUnknown,
	}
	briefUsageErrors(app.Commands)
	return app
}

// helpOrUnknown shows help for a bare command, and refuses an unknown subcommand with a usage
// error (urfave/cli would print a line and exit 0, which a script takes for success).
func helpOrUnknown(c *cli.Context) error {
	if c.Args().Present() {
		return usagef("unknown command %q; see `%s --help`", c.Args().First(), c.Command.HelpName)
	}
	return cli.ShowSubcommandHelp(c)
}

// briefUsageErrors makes a bad flag anywhere an exit-2 error on stderr, instead of urfave's
// help text on stdout (which would corrupt --output json for a script reading it).
func briefUsageErrors(cmds []*cli.Command) {
	for _, c := range cmds {
		c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
			return usageError{fmt.Errorf("%w (see --help)", err)}
		}
		if len(c.Subcommands) > 0 && c.Action == nil {
			c.Action = helpOrUnknown
		}
		briefUsageErrors(c.Subcommands)
	}
}
