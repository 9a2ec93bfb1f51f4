#!/usr/bin/env bash
# Writes what Prometheus needs to know of the backups (decision 138) for node_exporter's textfile
# collector: when the newest full, differential and incremental backups ended, from pgBackRest's own
# record of the repository (`pgbackrest info`), and PostgreSQL's WAL archiving from pg_stat_archiver.
# The alerts PulsaBackupTooOld, PulsaBackupMetricsMissing and PulsaWalArchiveFailing read them.
#
#   backup-metrics.sh [FILE]   (default /var/lib/prometheus/node-exporter/pulsa_backup.prom)
#
# Run after every backup and every few minutes (ops/systemd/pulsa-backup-metrics.timer). As root,
# pgBackRest and psql run as `postgres`. The file is replaced at once, never left half-written; when
# the repository cannot be read it is left as it was and the script fails (the ages keep growing).
set -euo pipefail
out=${1:-/var/lib/prometheus/node-exporter/pulsa_backup.prom}
stanza=${PGBACKREST_STANZA:-pulsa}

as_postgres=()
if [ "$(id -u)" -eq 0 ]; then as_postgres=(runuser -u postgres --); fi

info=$("${as_postgres[@]}" pgbackrest --stanza="$stanza" --output=json info)

metrics=$(jq -r --arg stanza "$stanza" '
  .[] | select(.name == $stanza) |
  "# HELP pulsa_backup_last_success_timestamp_seconds When the newest complete backup of each type ended.",
  "# TYPE pulsa_backup_last_success_timestamp_seconds gauge",
  (.backup | group_by(.type)[] |
    "pulsa_backup_last_success_timestamp_seconds{stanza=\"\($stanza)\",type=\"\(.[0].type)\"} \(map(.timestamp.stop) | max)"),
  "# HELP pulsa_backup_last_size_bytes Size of the database in the newest backup.",
  "# TYPE pulsa_backup_last_size_bytes gauge",
  (.backup | max_by(.timestamp.stop) // empty |
    "pulsa_backup_last_size_bytes{stanza=\"\($stanza)\"} \(.info.size)"),
  "# HELP pulsa_backup_repository_status pgBackRest status of the stanza (0 is ok).",
  "# TYPE pulsa_backup_repository_status gauge",
  "pulsa_backup_repository_status{stanza=\"\($stanza)\"} \(.status.code)"
' <<<"$info")

# WAL archiving, when the database answers (a stopped database is PulsaInstanceDown's business).
if wal=$("${as_postgres[@]}" psql -X -At -F ' ' -d postgres -c "
  select coalesce(extract(epoch from last_archived_time)::bigint, 0),
         coalesce(extract(epoch from last_failed_time)::bigint, 0),
         archived_count, failed_count
  from pg_stat_archiver" 2>/dev/null); then
  read -r archived failed archived_count failed_count <<<"$wal"
  metrics+=$'\n'"# HELP pulsa_wal_last_archived_timestamp_seconds When PostgreSQL last archived a WAL segment."
  metrics+=$'\n'"# TYPE pulsa_wal_last_archived_timestamp_seconds gauge"
  metrics+=$'\n'"pulsa_wal_last_archived_timestamp_seconds{stanza=\"$stanza\"} $archived"
  metrics+=$'\n'"# HELP pulsa_wal_last_failed_timestamp_seconds When archiving a WAL segment last failed (0: never)."
  metrics+=$'\n'"# TYPE pulsa_wal_last_failed_timestamp_seconds gauge"
  metrics+=$'\n'"pulsa_wal_last_failed_timestamp_seconds{stanza=\"$stanza\"} $failed"
  metrics+=$'\n'"# HELP pulsa_wal_archived_total WAL segments archived since the statistics were reset."
  metrics+=$'\n'"# TYPE pulsa_wal_archived_total counter"
  metrics+=$'\n'"pulsa_wal_archived_total{stanza=\"$stanza\"} $archived_count"
  metrics+=$'\n'"# HELP pulsa_wal_archive_failures_total Failed attempts to archive a WAL segment."
  metrics+=$'\n'"# TYPE pulsa_wal_archive_failures_total counter"
  metrics+=$'\n'"pulsa_wal_archive_failures_total{stanza=\"$stanza\"} $failed_count"
fi

tmp=$(mktemp "$out.XXXXXX")
printf '%s\n' "$metrics" >"$tmp"
chmod 644 "$tmp"
mv "$tmp" "$out"
