#!/usr/bin/env bash
# Installs what the local production stack runs, from Debian: HAProxy, PgBouncer, Prometheus,
# envsubst (gettext-base) and openssl; as root, also the unprivileged `pulsa` user the stack's
# processes run as (PgBouncer refuses to run as root). Does nothing when all is there already.
# PostgreSQL itself is expected to run (the stack creates its own role and database in it).
set -euo pipefail

missing=()
command -v haproxy >/dev/null || missing+=(haproxy)
command -v pgbouncer >/dev/null || missing+=(pgbouncer)
command -v prometheus >/dev/null || missing+=(prometheus)
command -v envsubst >/dev/null || missing+=(gettext-base)
command -v openssl >/dev/null || missing+=(openssl)
command -v psql >/dev/null || missing+=(postgresql-client)
command -v setpriv >/dev/null || missing+=(util-linux)
command -v curl >/dev/null || missing+=(curl)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${missing[*]}. Install them with: sudo $0" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$(id -u)" -eq 0 ] && ! id pulsa >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin pulsa
fi
