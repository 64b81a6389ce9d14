#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server for the tests (tests/postgres):
#   bash scripts/with-postgres.sh bash scripts/test.sh
# Installs the `postgresql` package if its server binaries are missing (as root), runs
# initdb in a temporary folder as an unprivileged user, starts the server on a free loopback
# port and exports PGHOST, PGPORT, PGUSER and PGDATABASE for the command. The server is
# stopped and its folder removed when the script ends, pass or fail.
set -euo pipefail

bindir=""
find_bindir() {
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && bindir="$d"
  done
  return 0
}
find_bindir
if [ -z "$bindir" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "with-postgres: the PostgreSQL server is not installed and this is not root; install 'postgresql'" >&2
    exit 1
  fi
  echo "with-postgres: installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y --no-install-recommends postgresql >/dev/null
  find_bindir
fi
[ -n "$bindir" ] || { echo "with-postgres: no initdb after installing postgresql" >&2; exit 1; }

# The server refuses to run as root: as root, run it as `nobody`.
as_server=()
if [ "$(id -u)" -eq 0 ]; then as_server=(runuser -u nobody --); fi

dir="$(mktemp -d /tmp/ldiv-pg.XXXXXX)"
chmod 755 "$dir"
[ "$(id -u)" -eq 0 ] && chown nobody "$dir"

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=""
for candidate in $(seq 55432 55532); do
  if port_free "$candidate"; then port="$candidate"; break; fi
done
[ -n "$port" ] || { echo "with-postgres: no free port in 55432-55532" >&2; rm -rf "$dir"; exit 1; }

stop() {
  "${as_server[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

# Trust on loopback for the test user; the role ldiv_pw must give its password (the tests
# check a wrong password is reported).
"${as_server[@]}" "$bindir/initdb" -D "$dir/data" -U ldiv --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
{
  echo "host all ldiv_pw 127.0.0.1/32 scram-sha-256"
  echo "host all all 127.0.0.1/32 trust"
} >"$dir/data/pg_hba.conf"
"${as_server[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }
"$bindir/createdb" -h 127.0.0.1 -p "$port" -U ldiv ldiv

export PGHOST=127.0.0.1 PGPORT="$port" PGUSER=ldiv PGDATABASE=ldiv
export LDIV_PSQL="$bindir/psql"
echo "with-postgres: server on 127.0.0.1:$port (data in $dir)"
"$@"
