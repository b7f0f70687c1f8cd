#!/usr/bin/env bash
# Runs the API integration suite against a real PostgreSQL server (Debian's package).
# Starts the cluster if needed and creates a CI role; each test file creates its own database.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DATABASE_URL:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  if ! pg_lsclusters -h | grep -q online; then
    pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >/dev/null
    pg_ctlcluster "$version" main start
  fi
  port=$(pg_lsclusters -h | awk '$4=="online"{print $3; exit}')
  su postgres -c "psql -p $port -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='bcnt_ci'\"" | grep -q 1 ||
    su postgres -c "psql -p $port -qc \"CREATE ROLE bcnt_ci LOGIN CREATEDB PASSWORD 'bcnt_ci'\""
  export DATABASE_URL="postgres://bcnt_ci:bcnt_ci@127.0.0.1:$port/postgres"
fi
echo "Integration suite against PostgreSQL at ${DATABASE_URL%%@*}@…"
# the ledger property at four times npm test's length, on real concurrent connections
export LEDGER_OPERATIONS="${LEDGER_OPERATIONS:-10000}"
npx vitest run --project integration tests/api tests/wallet tests/earn tests/autotrade tests/faults
