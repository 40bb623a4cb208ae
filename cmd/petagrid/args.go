package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst moves a leaf command's options in front of its arguments, so that
// `petagrid workflow render FILE -p k=v` means what it says: urfave/cli v2 stops reading
// options at the first argument and would take "-p" for a second file. Options of the
// command are recognised by name (an option that takes a value takes the next word with
// it); everything after "--" stays an argument.
//
// It stays while the CLI is on v2: urfave/cli v3 reads options after arguments itself, but
// moving to it would change what users see: every help page (v3's own templates), the shell
// completion flag (--generate-shell-completion for --generate-bash-completion) and the
// wording of parse errors.
func flagsFirst(app *cli.App, args []string) ([]string, error) {
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "--" { // global options
		if takesValue(app.Flags, args[i]) {
			i++
		}
		i++
	}
	var cmd *cli.Command
	for cmds := app.Commands; i < len(args); i++ {
		at := slices.IndexFunc(cmds, func(c *cli.Command) bool { return c.HasName(args[i]) })
		if at < 0 {
			break
		}
		cmd, cmds = cmds[at], cmds[at].Subcommands
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return args, nil
	}
	var flags, positional, last []string
	for j := i; j < len(args); j++ {
		switch a := args[j]; {
		case a == "--":
			// Everything after -- is an argument; the -- stays so that the parser knows too.
			positional = slices.Concat([]string{"--"}, positional, args[j+1:])
			j = len(args)
		case a == "--generate-bash-completion":
			last = append(last, a) // the completion protocol wants it last
		case !strings.HasPrefix(a, "-") || a == "-":
			positional = append(positional, a)
		case !takesValue(cmd.Flags, a):
			flags = append(flags, a)
		case j+1 == len(args):
			// Moved first, it would take an argument for its value.
			return nil, usagef("option %s needs a value (see --help)", a)
		default:
			flags = append(flags, a, args[j+1])
			j++
		}
	}
	return slices.Concat(args[:i], flags, positional, last), nil
}

// takesValue reports whether arg is a known option written without "=value" that reads
// its value from the next word.
func takesValue(flags []cli.Flag, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	at := slices.IndexFunc(flags, func(f cli.Flag) bool { return slices.Contains(f.Names(), name) })
	if at < 0 {
		return false
	}
	_, isBool := flags[at].(*cli.BoolFlag)
	return !isBool
}
