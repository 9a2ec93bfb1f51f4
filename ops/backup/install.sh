#!/usr/bin/env bash
# Installs what the backups need, from Debian: pgBackRest (full, incremental and WAL archiving), jq
# (backup-metrics.sh reads `pgbackrest info --output=json`) and PostgreSQL 15's server binaries (the
# restore test makes throwaway clusters with them). Does nothing when all is there already.
set -euo pipefail

missing=()
command -v pgbackrest >/dev/null || missing+=(pgbackrest)
command -v jq >/dev/null || missing+=(jq)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]}. Install them with: sudo $0" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
