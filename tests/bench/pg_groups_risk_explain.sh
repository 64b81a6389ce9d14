#!/usr/bin/env bash
# `ldiv risk` and `ldiv explain` on a database table, rows path against groups path
# (docs/database.md, "Measured: risk and explain on the groups"). Run under the cluster, from
# the repository root:
#   build/app/ldiv synth resources/examples/adult/adult.csv --sep ';' --rows 1000000 \
#       --seed 7 --output /tmp/synth1m.csv
#   LDIV_ROWS_BIN=/path/to/ldiv-before bash scripts/with-pg-cluster.sh \
#       bash tests/bench/pg_groups_risk_explain.sh /tmp/synth1m.csv
# LDIV_ROWS_BIN is an ldiv built before risk and explain read groups (it fetches every row
# with COPY (SELECT * …)); LDIV_BIN (default build/app/ldiv) reads the groups. Loads the file
# as a plain table on the coordinator (one server) and hashed on age over the 3 shards, then
# prints, per table, command and binary, the median wall time and client max RSS of 3 runs
# (/usr/bin/time -v).
set -euo pipefail
file=$1
ldiv="${LDIV_BIN:-build/app/ldiv}"
rows_ldiv="${LDIV_ROWS_BIN:?an ldiv that fetches rows for risk and explain}"
a=resources/examples/adult
for spec in "g_single age single" "g_hash age hash"; do
  read -r table key kind <<<"$spec"
  bash scripts/pg-cluster-load.sh "$file" "$table" "$key" "$kind" ";" age=integer
done
roles=(--qi sex,age,race,marital-status,education --sensitive salary-class)
for q in sex age race marital-status education; do roles+=(--hierarchy "$q=$a/adult_hierarchy_$q.csv"); done
# explain at 0,1,1,1,1 fails k=5 in 5 classes: with --max-rows 0 it stays on the groups, by
# default it lists their rows (groups, then rows); at 1,2,1,1,1 it holds (groups only).
commands=(
  "risk --node 1,2,1,1,1 --population-size 40000000"
  "explain --criterion k=5 --node 1,2,1,1,1"
  "explain --criterion k=5 --node 0,1,1,1,1 --max-rows 0"
  "explain --criterion k=5 --node 0,1,1,1,1"
)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for table in g_single g_hash; do
  for cmd in "${commands[@]}"; do
    for bin in rows groups; do
      exe=$ldiv
      [ "$bin" = rows ] && exe=$rows_ldiv
      walls=() rss=()
      for run in 1 2 3; do
        read -ra c <<<"$cmd"
        /usr/bin/time -v -o "$tmp" "$exe" "${c[0]}" "$LDIV_CLUSTER_URI?table=$table" "${roles[@]}" \
          "${c[@]:1}" --json >/dev/null || [ $? -eq 3 ]
        walls+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i]; print s}' "$tmp")")
        rss+=("$(awk -F': ' '/Maximum resident set size/ {print int($2 / 1024)}' "$tmp")")
      done
      med() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
      echo "$table | $cmd | $bin | wall s: ${walls[*]} (median $(med "${walls[@]}")) | max RSS MB: ${rss[*]} (median $(med "${rss[@]}"))"
    done
  done
done
