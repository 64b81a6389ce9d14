#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server for the tests (tests/postgres):
#   bash scripts/with-postgres.sh bash scripts/test.sh
# Installs the `postgresql` package if its server binaries are missing (as root), runs
# initdb in a temporary folder as an unprivileged user, starts the server on a free loopback
# port and exports PGHOST, PGPORT, PGUSER and PGDATABASE for the command. The server is
# stopped and its folder removed when the script ends, pass or fail (scripts/lib/pg-server.sh).
set -euo pipefail
# shellcheck source=lib/pg-server.sh
. "$(dirname "$0")/lib/pg-server.sh"
pg_require with-postgres
trap pg_stop_all EXIT
pg_start with-postgres

export PGHOST=127.0.0.1 PGPORT="$pg_port" PGUSER=ldiv PGDATABASE=ldiv
export LDIV_PSQL="$bindir/psql"
echo "with-postgres: server on 127.0.0.1:$pg_port (data in $pg_dir)"
"$@"
