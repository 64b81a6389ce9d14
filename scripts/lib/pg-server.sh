# Shared by scripts/with-postgres.sh and scripts/with-pg-cluster.sh (sourced, not run): finds
# or installs the PostgreSQL server binaries, and starts and stops throwaway servers on free
# loopback ports, each in a temporary folder, as `nobody` when run as root (the server refuses
# to run as root). Sets `bindir`; pg_start sets `pg_port` and `pg_dir`; pg_stop_all stops every
# server pg_start started and removes its folder.
# shellcheck shell=bash

bindir=""
pg_find_bindir() {
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && bindir="$d"
  done
  return 0
}

# pg_require WHO: the binaries, installing the `postgresql` package as root when missing.
pg_require() {
  local who=$1
  pg_find_bindir
  if [ -z "$bindir" ]; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "$who: the PostgreSQL server is not installed and this is not root; install 'postgresql'" >&2
      exit 1
    fi
    echo "$who: installing postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y --no-install-recommends postgresql >/dev/null
    pg_find_bindir
  fi
  [ -n "$bindir" ] || { echo "$who: no initdb after installing postgresql" >&2; exit 1; }
}

as_server=()
if [ "$(id -u)" -eq 0 ]; then as_server=(runuser -u nobody --); fi

pg_dirs=()
pg_stop_all() {
  local d
  for d in "${pg_dirs[@]}"; do
    "${as_server[@]}" "$bindir/pg_ctl" -D "$d/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$d"
  done
}

pg_port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pg_start WHO [SETTING…]: initdb and start one server (user `ldiv`, database `ldiv`; trust on
# loopback, except the role ldiv_pw, which must give its password: the tests check a wrong
# one is reported). Extra arguments are `-c name=value` server settings.
pg_start() {
  local who=$1 candidate
  shift
  pg_dir="$(mktemp -d /tmp/ldiv-pg.XXXXXX)"
  chmod 755 "$pg_dir"
  [ "$(id -u)" -eq 0 ] && chown nobody "$pg_dir"
  pg_dirs+=("$pg_dir")
  "${as_server[@]}" "$bindir/initdb" -D "$pg_dir/data" -U ldiv --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$pg_dir/initdb.log" 2>&1 || { cat "$pg_dir/initdb.log" >&2; exit 1; }
  {
    echo "host all ldiv_pw 127.0.0.1/32 scram-sha-256"
    echo "host all all 127.0.0.1/32 trust"
  } >"$pg_dir/data/pg_hba.conf"
  pg_port=""
  # Ports already taken by this script's earlier servers are busy by now (started with -w). A
  # port found free can still be taken before the server binds it: loopback connections get
  # their local ports from the same range (Linux's ephemeral ports reach 60999), so a server
  # that could not bind tries the next port.
  for candidate in $(seq 55432 55532); do
    pg_port_free "$candidate" || continue
    rm -f "$pg_dir/server.log"  # the server (as nobody) writes it afresh
    if "${as_server[@]}" "$bindir/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
      -o "-p $candidate -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off $*" start >/dev/null; then
      pg_port="$candidate"
      break
    fi
    grep -q "could not bind\|could not create any TCP/IP sockets" "$pg_dir/server.log" ||
      { cat "$pg_dir/server.log" >&2; exit 1; }
  done
  [ -n "$pg_port" ] || { echo "$who: no free port in 55432-55532" >&2; exit 1; }
  "$bindir/createdb" -h 127.0.0.1 -p "$pg_port" -U ldiv ldiv
}
