package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst moves a leaf command's options in front of its arguments, so that
// `petagrid workflow render FILE -p k=v` means what it says: urfave/cli stops reading
// options at the first argument and would take "-p" for a second file. Options of the
// command are recognised by name (an option that takes a value takes the next word with
// it); everything after "--" stays an argument.
func flagsFirst(app *cli.App, args []string) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	i := 1
	// Global options before the command.
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "--" {
		if takesValue(app.Flags, args[i]) {
			i++
		}
		i++
	}
	var cmd *cli.Command
	cmds := app.Commands
	for i < len(args) {
		next := findCommand(cmds, args[i])
		if next == nil {
			break
		}
		cmd, cmds = next, next.Subcommands
		i++
	}
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return args, nil
	}
	var flags, positional, last []string
	for j := i; j < len(args); j++ {
		a := args[j]
		switch {
		case a == "--":
			// Everything after -- is an argument; keep the -- so the parser knows too.
			positional = append(append([]string{"--"}, positional...), args[j+1:]...)
			j = len(args)
		case a == "--generate-bash-completion":
			last = append(last, a) // the completion protocol wants it last
		case strings.HasPrefix(a, "-") && a != "-":
			if takesValue(cmd.Flags, a) {
				if j+1 == len(args) {
					// Moved first, it would take an argument for its value.
					return nil, usagef("option %s needs a value (see --help)", a)
				}
				flags = append(flags, a, args[j+1])
				j++
				continue
			}
			flags = append(flags, a)
		default:
			positional = append(positional, a)
		}
	}
	out := append(append([]string{}, args[:i]...), flags...)
	out = append(out, positional...)
	return append(out, last...), nil
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// takesValue reports whether arg is a known option written without "=value" that reads
// its value from the next word.
func takesValue(flags []cli.Flag, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			if bf, ok := f.(*cli.BoolFlag); ok && bf != nil {
				return false
			}
			return true
		}
	}
	return false
}
