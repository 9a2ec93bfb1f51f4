#!/usr/bin/env bash
# Prints PgBouncer's auth_file line for a PostgreSQL role: its SCRAM secret as PostgreSQL keeps it.
# PgBouncer checks the app's password against it and, with the keys the client's SCRAM exchange
# proves, logs in to PostgreSQL as that role: no password is written in clear. Run it as a
# superuser (it reads pg_authid); extra arguments go to psql (e.g. -h 127.0.0.1 -U postgres).
set -euo pipefail
role=${1:?usage: pgbouncer-userlist.sh ROLE [psql arguments]}
shift
# On standard input, where psql quotes the variable (a -c command is sent as it is).
secret=$(psql -X -At -v ON_ERROR_STOP=1 -v role="$role" "$@" <<<"select rolpassword from pg_authid where rolname = :'role'")
case "$secret" in
  SCRAM-SHA-256\$*) printf '"%s" "%s"\n' "$role" "$secret" ;;
  *)
    echo "role $role has no SCRAM password: set one with password_encryption = scram-sha-256" >&2
    exit 1
    ;;
esac
