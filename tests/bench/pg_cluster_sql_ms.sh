#!/usr/bin/env bash
# sql_ms of `ldiv search` on one server against 3 shards (docs/database.md, "Measured: one
# server against 3 shards"). Run under the cluster, from the repository root:
#   build/app/ldiv synth resources/examples/adult/adult.csv --sep ';' --rows 10000000 \
#       --seed 7 --output /tmp/synth10m.csv
#   bash scripts/with-pg-cluster.sh bash tests/bench/pg_cluster_sql_ms.sh /tmp/synth10m.csv
# Loads the file as a plain table on the coordinator, hashed on age and listed on
# native-country over the shards, then prints sql_ms of 3 runs of k=5 on each.
set -euo pipefail
file=$1
ldiv="${LDIV_BIN:-build/app/ldiv}"
a=resources/examples/adult
for spec in "s_single age single" "s_hash age hash" "s_list native-country list"; do
  read -r table key kind <<<"$spec"
  start=$(date +%s)
  bash scripts/pg-cluster-load.sh "$file" "$table" "$key" "$kind" ";" age=integer
  echo "load $table: $(($(date +%s) - start)) s"
done
hierarchies=()
for q in sex age race marital-status education; do hierarchies+=(--hierarchy "$q=$a/adult_hierarchy_$q.csv"); done
for table in s_single s_hash s_list; do
  for run in 1 2 3; do
    "$ldiv" search "$LDIV_CLUSTER_URI?table=$table" --qi sex,age,race,marital-status,education \
      --sensitive salary-class "${hierarchies[@]}" --criterion k=5 --json |
      python3 -c "import json, sys; s = json.load(sys.stdin)['statistics']; print('$table run $run: sql_ms', round(s['sql_ms']), 'groups', s['base_groups'])"
  done
done
