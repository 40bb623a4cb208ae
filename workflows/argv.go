package workflows

import "fmt"

// Limits of the command line a step's job finally executes. Every word of a command
// becomes one argument of the program (after srun and the container runtime), and every
// variable of the step's environment one NAME=value string of its environment; on the host
// and with enroot they are also arguments of env(1), which starts srun. Linux refuses to
// start a program, and the step fails with exit code 126 ("Argument list too long"), when
// one such string exceeds MAX_ARG_STRLEN (32 pages of 4 KiB: 131,072 bytes counting its
// terminating NUL), or when all of them exceed ARG_MAX (a quarter of the stack limit, 2 MiB
// with the usual 8 MiB stack). The bounds are fixed, not read from the machine: validation
// runs on laptops as well as on the site and must give the same answer on both.
const (
	// MaxArgBytes is the longest single word or NAME=value: MAX_ARG_STRLEN less its NUL.
	MaxArgBytes = 128<<10 - 1
	// MaxCommandLineBytes bounds a step's words and environment strings together, each
	// counted with its NUL. It is half of the usual ARG_MAX, leaving the other half for
	// what Slurm, the site and the container runtime add (SLURM_* variables, the job's
	// own environment, srun's and apptainer's options) and for the secrets, whose length
	// is known only on the node.
	MaxCommandLineBytes = 1 << 20
)

// execString is one string of the final argv or environment, for messages.
type execString struct {
	what  string // "command word 2", "env DATA"
	bytes int    // without the NUL
	at    Pos
}

// execLimitError reports the first string longer than MaxArgBytes, or a total over
// MaxCommandLineBytes, in words the researcher can act on, with where the string was
// written (zero for the total); nil when exec will accept it. when says how the lengths
// were counted ("as written", "with its parameters and longest matrix values").
func execLimitError(strs []execString, when string) (Pos, error) {
	total := 0
	for _, s := range strs {
		if s.bytes > MaxArgBytes {
			return s.at, fmt.Errorf("%s is %d bytes %s; Linux starts no program with an argument or variable longer than %d bytes (MAX_ARG_STRLEN), so the step would fail with exit code 126", s.what, s.bytes, when, MaxArgBytes)
		}
		total += s.bytes + 1
	}
	if total > MaxCommandLineBytes {
		return Pos{}, fmt.Errorf("its command words and environment variables come to %d bytes %s, more than the limit of %d bytes (half of Linux's usual ARG_MAX of 2 MiB, the rest being Slurm's and the site's), so the step would fail with exit code 126; pass large data in files", total, when, MaxCommandLineBytes)
	}
	return Pos{}, nil
}

// commandStrings lists a step's argv and environment strings with the length each has
// once textLen measures its text: the shell form is /bin/sh -c SCRIPT.
func commandStrings(command []Text, shell Opt[string], env []EnvVar, textLen func(Text) int) []execString {
	strs := make([]execString, 0, len(command)+len(env)+3)
	if shell.Set {
		strs = append(strs, execString{"/bin/sh", len("/bin/sh"), shell.At}, execString{"-c", 2, shell.At}, execString{"the shell script", len(shell.Value), shell.At})
	}
	for i, w := range command {
		strs = append(strs, execString{fmt.Sprintf("command word %d", i+1), textLen(w), w.At})
	}
	for _, e := range env {
		strs = append(strs, execString{"env " + e.Name, len(e.Name) + 1 + textLen(e.Value), e.Value.At})
	}
	return strs
}

// writtenLen is the length of a text's literal parts: what it is at least, whatever the
// parameters and matrix values it refers to.
func writtenLen(t Text) int {
	n := 0
	for _, s := range t.Segments {
		n += len(s.Literal)
	}
	return n
}
