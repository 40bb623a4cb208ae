package workflows

import _ "embed"

//go:embed schema.json
var jsonSchema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the workflow language, for editors
// (e.g. the YAML language server's `# yaml-language-server: $schema=` comment).
func JSONSchema() []byte { return append([]byte(nil), jsonSchema...) }
