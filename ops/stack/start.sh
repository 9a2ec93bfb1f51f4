#!/usr/bin/env bash
# Starts Pulsa's production topology on this machine (decision 137): HAProxy with TLS in front of two
# app instances (NODE_ENV=production, the built web app), PgBouncer in transaction mode in front of
# PostgreSQL, an S3-compatible store (s3rver) with a bucket, a mail sink for SMTP, and Prometheus with
# the alert rules. Everything runs as plain processes under STACK_DIR (default .stack), rendered from
# the same templates as a real deployment (docs/operations/deploy.md). The stack's database is made
# anew at every start. `npm run stack:check` proves it works; `npm run stack:stop` stops it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/ops/stack"
cd "$ROOT"

STACK_DIR=${STACK_DIR:-$ROOT/.stack}
# shellcheck source=ops/stack/lib.sh
. "$HERE/lib.sh"
# A superuser on the PostgreSQL server the stack uses (it creates its role and database there).
STACK_PG_URL=${STACK_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
STACK_DB=${STACK_DB:-pulsa_stack}
STACK_HTTPS_PORT=${STACK_HTTPS_PORT:-8443}
STACK_HTTP_PORT=${STACK_HTTP_PORT:-8480}
STACK_APP1_PORT=${STACK_APP1_PORT:-3221}
STACK_APP2_PORT=${STACK_APP2_PORT:-3222}
STACK_METRICS1_PORT=${STACK_METRICS1_PORT:-9221}
STACK_METRICS2_PORT=${STACK_METRICS2_PORT:-9222}
STACK_PGBOUNCER_PORT=${STACK_PGBOUNCER_PORT:-6433}
STACK_S3_PORT=${STACK_S3_PORT:-4569}
STACK_SMTP_PORT=${STACK_SMTP_PORT:-2525}
STACK_PROMETHEUS_PORT=${STACK_PROMETHEUS_PORT:-9290}
STACK_HAPROXY_METRICS_PORT=${STACK_HAPROXY_METRICS_PORT:-8404}
# Nothing answers there locally (no certificate is renewed); the proxy's route to it is still real.
STACK_ACME_PORT=${STACK_ACME_PORT:-8402}


# ---------------------------------------------------------------------------------------------
# What the stack needs

bash "$HERE/install.sh"
[ -x "$NODE" ] || fail "node_modules is missing: run npm install first"
[ -f "$ROOT/apps/web/dist/index.html" ] || fail "the web app is not built: run npm run build (npm run stack does)"
pg_isready -q -d "$STACK_PG_URL" || fail "PostgreSQL does not answer at $STACK_PG_URL (set STACK_PG_URL)"

if compgen -G "$RUN/*.pid" >/dev/null; then
  for pidfile in "$RUN"/*.pid; do
    if kill -0 "$(cut -d' ' -f1 "$pidfile")" 2>/dev/null; then
      fail "the stack is already running (npm run stack:stop stops it)"
    fi
  done
fi

for port in "$STACK_HTTPS_PORT" "$STACK_HTTP_PORT" "$STACK_APP1_PORT" "$STACK_APP2_PORT" \
  "$STACK_METRICS1_PORT" "$STACK_METRICS2_PORT" "$STACK_PGBOUNCER_PORT" "$STACK_S3_PORT" \
  "$STACK_SMTP_PORT" "$STACK_PROMETHEUS_PORT" "$STACK_HAPROXY_METRICS_PORT"; do
  listening "$port" && fail "port $port is taken: free it or choose other STACK_*_PORT values"
done

# Anything started before a failure is stopped again.
trap 'say "start failed: stopping what was started"; bash "$HERE/stop.sh" >/dev/null 2>&1 || true' ERR

# Fresh state, except the secrets (kept so a restart needs no new ones). Only a folder this script
# made (it holds the marker) is ever emptied.
mkdir -p "$STACK_DIR"
if [ -n "$(ls -A "$STACK_DIR")" ] && [ ! -f "$STACK_DIR/.pulsa-stack" ]; then
  fail "$STACK_DIR is not empty and was not made by this script: choose another STACK_DIR"
fi
find "$STACK_DIR" -mindepth 1 -maxdepth 1 ! -name secrets.env -exec rm -rf {} +
touch "$STACK_DIR/.pulsa-stack"
mkdir -p "$RUN" "$LOGS" "$STACK_DIR/tls" "$STACK_DIR/app-1" "$STACK_DIR/app-2" "$STACK_DIR/s3" \
  "$STACK_DIR/mail" "$STACK_DIR/prometheus" "$STACK_DIR/haproxy"

# ---------------------------------------------------------------------------------------------
# Secrets, made once: what /etc/pulsa/pulsa.env holds on a server

SECRETS="$STACK_DIR/secrets.env"
if [ ! -f "$SECRETS" ]; then
  umask 077
  cat >"$SECRETS" <<EOF
STACK_DB_PASSWORD=$(openssl rand -hex 24)
STACK_STATS_PASSWORD=$(openssl rand -hex 24)
STACK_DATA_ENCRYPTION_KEY=$(openssl rand -base64 32)
STACK_ADMIN_PASSWORD=$(openssl rand -hex 12)
EOF
  umask 022
fi
# shellcheck source=/dev/null
. "$SECRETS"

# The proxy's certificate: self-signed for localhost (a server uses its CA's, e.g. Let's Encrypt).
openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
  -keyout "$STACK_DIR/tls/key.pem" -out "$STACK_DIR/tls/cert.pem" 2>/dev/null
cat "$STACK_DIR/tls/cert.pem" "$STACK_DIR/tls/key.pem" >"$STACK_DIR/tls/pulsa.pem"

# One platform certificate sealing clinical documents, shared by both instances (as a server
# configures its own in DOCUMENT_SIGNING_PFX_PATH); the app's own self-signed maker writes it.
"$NODE" --input-type=module -e "
  const { localPlatformCertificate } = await import('$ROOT/apps/server/src/modules/clinical-documents/clinical-documents.signing.ts');
  localPlatformCertificate('$STACK_DIR/signing');
"
SIGNING_PASSWORD=$(cat "$STACK_DIR/signing/document-signing.password")

# ---------------------------------------------------------------------------------------------
# PostgreSQL: the app's role and a new database

say "database $STACK_DB (made anew)"
psql -X -q -v ON_ERROR_STOP=1 -d "$STACK_PG_URL" -v db="$STACK_DB" -v password="$STACK_DB_PASSWORD" <<'SQL'
select format('create role %I login', :'db') where not exists (select from pg_roles where rolname = :'db') \gexec
set password_encryption = 'scram-sha-256';
select format('alter role %I password %L', :'db', :'password') \gexec
select format('drop database if exists %I with (force)', :'db') \gexec
select format('create database %I owner %I', :'db', :'db') \gexec
SQL

{
  bash "$HERE/pgbouncer-userlist.sh" "$STACK_DB" -d "$STACK_PG_URL"
  # The console's read-only user exists only here, not in PostgreSQL.
  printf '"pgbouncer_stats" "%s"\n' "$STACK_STATS_PASSWORD"
} >"$STACK_DIR/userlist.txt"
chmod 600 "$STACK_DIR/userlist.txt"

# ---------------------------------------------------------------------------------------------
# The topology's variables, and the templates rendered with them

PG_HOST=$(psql -X -At -d "$STACK_PG_URL" -c 'select coalesce(host(inet_server_addr()), $$127.0.0.1$$)')
PG_PORT=$(psql -X -At -d "$STACK_PG_URL" -c 'show port')
cat >"$STACK_DIR/topology.env" <<EOF
HTTP_BIND=127.0.0.1:$STACK_HTTP_PORT
HTTPS_BIND=127.0.0.1:$STACK_HTTPS_PORT
TLS_CERT=$STACK_DIR/tls/pulsa.pem
ACME_ADDR=127.0.0.1:$STACK_ACME_PORT
HAPROXY_SOCKET=$STACK_DIR/haproxy/admin.sock
HAPROXY_METRICS_ADDR=127.0.0.1:$STACK_HAPROXY_METRICS_PORT
APP1_ADDR=127.0.0.1:$STACK_APP1_PORT
APP2_ADDR=127.0.0.1:$STACK_APP2_PORT
PGBOUNCER_ADDR=127.0.0.1
PGBOUNCER_PORT=$STACK_PGBOUNCER_PORT
PG_HOST=$PG_HOST
PG_PORT=$PG_PORT
DB_NAME=$STACK_DB
PGBOUNCER_USERLIST=$STACK_DIR/userlist.txt
PGBOUNCER_STATS_USER=pgbouncer_stats
PROMETHEUS_SCRAPE_INTERVAL=5s
PROMETHEUS_ALERTS_FILE=$ROOT/ops/prometheus/alerts.yml
APP1_METRICS_ADDR=127.0.0.1:$STACK_METRICS1_PORT
APP2_METRICS_ADDR=127.0.0.1:$STACK_METRICS2_PORT
EOF
(
  set -a
  # shellcheck source=/dev/null
  . "$STACK_DIR/topology.env"
  set +a
  for template in haproxy.cfg pgbouncer.ini prometheus.yml; do
    bash "$HERE/render.sh" "$HERE/$template" >"$STACK_DIR/$template"
  done
)
haproxy -c -q -f "$STACK_DIR/haproxy.cfg"
promtool check config "$STACK_DIR/prometheus.yml" >/dev/null

# The app's environment: shared (/etc/pulsa/pulsa.env) and per instance (/etc/pulsa/pulsa-N.env).
DB_USER_URL="postgres://$STACK_DB:$STACK_DB_PASSWORD"
cat >"$STACK_DIR/pulsa.env" <<EOF
NODE_ENV=production
HOST=127.0.0.1
APP_URL=https://localhost:$STACK_HTTPS_PORT
TRUST_PROXY=127.0.0.1
DATABASE_URL=$DB_USER_URL@127.0.0.1:$STACK_PGBOUNCER_PORT/$STACK_DB?application_name=pulsa
DATABASE_DIRECT_URL=$DB_USER_URL@$PG_HOST:$PG_PORT/$STACK_DB?application_name=pulsa-direct
DATA_ENCRYPTION_KEY=$STACK_DATA_ENCRYPTION_KEY
DOCUMENT_SIGNING_PFX_PATH=$STACK_DIR/signing/document-signing.p12
DOCUMENT_SIGNING_PFX_PASSWORD=$SIGNING_PASSWORD
ADMIN_EMAIL=admin@pulsa.localhost
ADMIN_PASSWORD=$STACK_ADMIN_PASSWORD
SMTP_HOST=127.0.0.1
SMTP_PORT=$STACK_SMTP_PORT
SMTP_SECURE=false
MAIL_FROM="Pulsa <nao-responda@pulsa.localhost>"
S3_ENDPOINT=http://127.0.0.1:$STACK_S3_PORT
S3_REGION=us-east-1
S3_BUCKET=pulsa
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
# No Stripe account here: the built-in test payments, on purpose (a server sets STRIPE_*).
PAYMENTS_TEST_MODE=true
METRICS_HOST=127.0.0.1
SHUTDOWN_DRAIN_SECONDS=5
EOF
for n in 1 2; do
  port_var="STACK_APP${n}_PORT" metrics_var="STACK_METRICS${n}_PORT"
  cat >"$STACK_DIR/pulsa-$n.env" <<EOF
PORT=${!port_var}
METRICS_PORT=${!metrics_var}
DATA_DIR=$STACK_DIR/app-$n
EOF
done
chmod 600 "$STACK_DIR"/pulsa*.env
# What only the local stack has (the check reads it).
echo "PROMETHEUS_ADDR=127.0.0.1:$STACK_PROMETHEUS_PORT" >"$STACK_DIR/stack.env"
if [ "$(id -u)" -eq 0 ]; then chown -R pulsa:pulsa "$STACK_DIR"; fi

# ---------------------------------------------------------------------------------------------
# The processes

say "s3rver, mail sink, PgBouncer, Prometheus"
launch s3 "$NODE" node_modules/s3rver/bin/s3rver.js --directory "$STACK_DIR/s3" --address 127.0.0.1 \
  --port "$STACK_S3_PORT" --configure-bucket pulsa --silent
launch mail "$NODE" ops/stack/mail-sink.ts "$STACK_DIR/mail" "$STACK_SMTP_PORT"
launch pgbouncer pgbouncer "$STACK_DIR/pgbouncer.ini"
launch prometheus prometheus --config.file="$STACK_DIR/prometheus.yml" \
  --storage.tsdb.path="$STACK_DIR/prometheus" --storage.tsdb.retention.time=1d \
  --web.listen-address="127.0.0.1:$STACK_PROMETHEUS_PORT"
wait_for s3rver 20 s3 listening "$STACK_S3_PORT"
wait_for "mail sink" 20 mail listening "$STACK_SMTP_PORT"
wait_for PgBouncer 20 pgbouncer listening "$STACK_PGBOUNCER_PORT"

# Both at once: one migrates the new database while the other waits on the migration lock.
say "two app instances (NODE_ENV=production)"
app 1
app 2
wait_for "app instance 1" 120 app-1 curl -sf "http://127.0.0.1:$STACK_APP1_PORT/api/health/ready"
wait_for "app instance 2" 120 app-2 curl -sf "http://127.0.0.1:$STACK_APP2_PORT/api/health/ready"

say "HAProxy"
launch haproxy haproxy -db -f "$STACK_DIR/haproxy.cfg"
wait_for "the proxy" 30 haproxy curl -sf --cacert "$STACK_DIR/tls/cert.pem" \
  "https://localhost:$STACK_HTTPS_PORT/api/health/ready"
wait_for Prometheus 30 prometheus curl -sf "http://127.0.0.1:$STACK_PROMETHEUS_PORT/-/ready"

trap - ERR
cat <<EOF
[stack] running (state and logs in $STACK_DIR):
  app          https://localhost:$STACK_HTTPS_PORT  (self-signed: $STACK_DIR/tls/cert.pem)
  instances    127.0.0.1:$STACK_APP1_PORT, 127.0.0.1:$STACK_APP2_PORT (metrics :$STACK_METRICS1_PORT, :$STACK_METRICS2_PORT)
  admin        admin@pulsa.localhost / $STACK_ADMIN_PASSWORD
  PgBouncer    127.0.0.1:$STACK_PGBOUNCER_PORT (transaction mode; console: database pgbouncer)
  S3           http://127.0.0.1:$STACK_S3_PORT (bucket pulsa)
  mail         $STACK_DIR/mail (SMTP 127.0.0.1:$STACK_SMTP_PORT)
  Prometheus   http://127.0.0.1:$STACK_PROMETHEUS_PORT   HAProxy status http://127.0.0.1:$STACK_HAPROXY_METRICS_PORT/stats
Check it with npm run stack:check; stop it with npm run stack:stop.
EOF
