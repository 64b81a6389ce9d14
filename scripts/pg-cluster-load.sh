#!/usr/bin/env bash
# Loads a CSV into the cluster of scripts/with-pg-cluster.sh as a table partitioned by one
# column, each partition a postgres_fdw foreign table on its own shard:
#   bash scripts/pg-cluster-load.sh FILE.csv TABLE COLUMN hash|list|single [SEP] [COL=TYPE…]
# hash: PARTITION BY HASH (COLUMN), one remainder per shard. list: the column's distinct values
# dealt to the shards in turn, in sorted order (PARTITION BY LIST). single: a plain table on
# the coordinator (the one-server baseline). Columns are text unless COL=TYPE says otherwise
# (e.g. age=integer). SEP defaults to ','.
# The rows go to the shards directly: the CSV is read into a local partitioned table of the
# same bounds on the coordinator, and each of its partitions is copied to its shard with COPY
# (inserting through postgres_fdw would send them in batches of batch_size instead).
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
file=$1 table=$2 key=$3 kind=$4
sep="${5:-,}"
shift $(($# < 5 ? $# : 5))
: "${PGPORT:?run under scripts/with-pg-cluster.sh}" "${LDIV_CLUSTER_SHARD_PORTS:?run under scripts/with-pg-cluster.sh}"
psql_bin="${LDIV_PSQL:-psql}"
export PGOPTIONS="-c client_min_messages=warning"
coord() { "$psql_bin" -X -q -A -t -v ON_ERROR_STOP=1 "$@"; }
shard() { local port=$1; shift; "$psql_bin" -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U ldiv -d ldiv "$@"; }
# Identifiers are quoted by the server (quote_ident), never by hand.
# (psql interpolates :'v' in statements read from stdin only.)
qi() { coord -v v="$1" <<<"SELECT quote_ident(:'v')"; }
ql() { coord -v v="$1" <<<"SELECT quote_literal(:'v')"; }

read -r ports <<<"$LDIV_CLUSTER_SHARD_PORTS"
read -ra ports <<<"$ports"
n=${#ports[@]}
header=$(head -n 1 "$file" | tr -d '\r' | sed 's/^\xEF\xBB\xBF//')
IFS="$sep" read -ra names <<<"$header"
cols=""
for name in "${names[@]}"; do
  type=text
  for spec in "$@"; do [ "${spec%%=*}" = "$name" ] && type="${spec#*=}"; done
  case "$type" in text | integer | bigint | numeric | date) ;; *) echo "pg-cluster-load: type '$type' of $name is not one of text, integer, bigint, numeric, date" >&2; exit 2 ;; esac
  cols+="${cols:+, }$(qi "$name") $type"
done
t=$(qi "$table")
k=$(qi "$key")
stage=$(qi "${table}_stage")

coord -c "DROP TABLE IF EXISTS $t CASCADE" -c "DROP TABLE IF EXISTS $stage CASCADE"
if [ "$kind" = single ]; then
  coord -c "CREATE TABLE $t ($cols)" \
    -c "\\copy $t FROM '$file' WITH (FORMAT csv, HEADER true, DELIMITER $(ql "$sep"))" -c "ANALYZE $t"
  exit 0
fi
case "$kind" in hash) by="HASH ($k)" ;; list) by="LIST ($k)" ;; *) echo "pg-cluster-load: kind '$kind' is not hash, list or single" >&2; exit 2 ;; esac
coord -c "CREATE UNLOGGED TABLE $stage ($cols)" \
  -c "\\copy $stage FROM '$file' WITH (FORMAT csv, HEADER true, DELIMITER $(ql "$sep"))"
coord -c "CREATE TABLE $t ($cols) PARTITION BY $by"
bounds=() values_in=()
if [ "$kind" = hash ]; then
  for i in $(seq 0 $((n - 1))); do bounds+=("WITH (MODULUS $n, REMAINDER $i)"); done
else
  mapfile -t values < <(coord -c "SELECT quote_literal($k::text) FROM $stage WHERE $k IS NOT NULL GROUP BY 1 ORDER BY min($k)")
  [ "${#values[@]}" -ge "$n" ] || { echo "pg-cluster-load: $key has ${#values[@]} values, fewer than $n shards" >&2; exit 1; }
  for i in $(seq 0 $((n - 1))); do
    list=""
    for j in $(seq "$i" "$n" $((${#values[@]} - 1))); do list+="${list:+, }${values[$j]}"; done
    values_in+=("IN ($list)")
    [ "$i" -eq 0 ] && list+=", NULL"
    bounds+=("IN ($list)")
  done
fi
for i in $(seq 0 $((n - 1))); do
  part=$(qi "${table}_p$((i + 1))")
  shard "${ports[$i]}" -c "DROP TABLE IF EXISTS $part" -c "CREATE TABLE $part ($cols)"
  coord -c "CREATE FOREIGN TABLE $part PARTITION OF $t FOR VALUES ${bounds[$i]} SERVER shard$((i + 1)) OPTIONS (table_name $(ql "${table}_p$((i + 1))"))"
  # This partition's rows, chosen as the coordinator routes them: satisfies_hash_partition
  # is the server's own hash routing.
  if [ "$kind" = hash ]; then
    where="satisfies_hash_partition($(ql "$table")::regclass, $n, $i, s.$k)"
  else
    where="s.$k::text ${values_in[$i]}"
    [ "$i" -eq 0 ] && where="$where OR s.$k IS NULL"
  fi
  coord -c "\\copy (SELECT s.* FROM $stage s WHERE $where) TO STDOUT WITH (FORMAT csv)" |
    shard "${ports[$i]}" -c "\\copy $part FROM STDIN WITH (FORMAT csv)"
  shard "${ports[$i]}" -c "ANALYZE $part"
done
coord -c "DROP TABLE $stage" -c "ANALYZE $t"
