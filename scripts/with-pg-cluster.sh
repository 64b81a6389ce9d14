#!/usr/bin/env bash
# Runs a command against a throwaway sharded PostgreSQL cluster on loopback:
#   bash scripts/with-pg-cluster.sh build/tests/postgres_test_pg_cluster
# A coordinator and $LDIV_SHARDS (default 3) shard servers, each started as with-postgres.sh
# starts one (scripts/lib/pg-server.sh: free port, temporary folder, `nobody` as root). On the
# coordinator, postgres_fdw names each shard as a foreign server `shardI` with async_capable
# (the shards' scans of one Append run concurrently) and enable_partitionwise_aggregate is on,
# so a GROUP BY that contains the partition key runs whole on every shard. Tables are created
# and loaded with scripts/pg-cluster-load.sh. Exports for the command:
#   PGHOST PGPORT PGUSER PGDATABASE  the coordinator (psql and the tests/postgres suites)
#   LDIV_CLUSTER_URI                 postgresql://ldiv@127.0.0.1:PORT/ldiv (the coordinator)
#   LDIV_CLUSTER_SHARD_PORTS         the shards' ports, space-separated (shard1 first)
#   LDIV_PSQL                        the psql of the server binaries
# Everything is stopped and removed when the script ends, pass or fail.
set -euo pipefail
# shellcheck source=lib/pg-server.sh
. "$(dirname "$0")/lib/pg-server.sh"
pg_require with-pg-cluster
trap pg_stop_all EXIT

shards="${LDIV_SHARDS:-3}"
shard_ports=()
for _ in $(seq 1 "$shards"); do
  pg_start with-pg-cluster
  shard_ports+=("$pg_port")
done
pg_start with-pg-cluster -c enable_partitionwise_aggregate=on -c enable_partitionwise_join=on
coordinator="$pg_port"

psql_c=("$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$coordinator" -U ldiv -d ldiv)
{
  echo "CREATE EXTENSION postgres_fdw;"
  echo "ALTER DATABASE ldiv SET enable_partitionwise_aggregate = on;"
  i=1
  for p in "${shard_ports[@]}"; do
    # fetch_size: rows per round trip when rows do travel (the default 100 makes a full scan
    # of 10 M rows 100,000 round trips).
    echo "CREATE SERVER shard$i FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '127.0.0.1', port '$p', dbname 'ldiv', async_capable 'true', fetch_size '10000', batch_size '1000');"
    echo "CREATE USER MAPPING FOR PUBLIC SERVER shard$i OPTIONS (user 'ldiv');"
    i=$((i + 1))
  done
} | "${psql_c[@]}"

export PGHOST=127.0.0.1 PGPORT="$coordinator" PGUSER=ldiv PGDATABASE=ldiv
export LDIV_CLUSTER_URI="postgresql://ldiv@127.0.0.1:$coordinator/ldiv"
export LDIV_CLUSTER_SHARD_PORTS="${shard_ports[*]}"
export LDIV_PSQL="$bindir/psql"
echo "with-pg-cluster: coordinator on 127.0.0.1:$coordinator, shards on ${shard_ports[*]}"
"$@"
