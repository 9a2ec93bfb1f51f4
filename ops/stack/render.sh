#!/usr/bin/env bash
# Prints a configuration template of this folder with its variables filled in from the environment.
# The local stack (start.sh) and a real deployment (docs/operations/deploy.md) render the same
# templates, each with its own topology.env. A variable the template names and the environment lacks
# stops it, naming every one.
set -euo pipefail
template=${1:?usage: render.sh TEMPLATE}
names=$(grep -o '\${[A-Z][A-Z0-9_]*}' "$template" | tr -d '${}' | sort -u)
missing=()
for name in $names; do
  [ -n "${!name:-}" ] || missing+=("$name")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "$template: set ${missing[*]} (see the .env.example beside the template)" >&2
  exit 1
fi
# Only the template's own names are replaced: anything else with a dollar sign stays as written.
envsubst "$(printf '${%s} ' $names)" <"$template"
