#!/usr/bin/env bash
# In-database publication against the fetch-and-insert path (docs/database.md, "Publishing
# inside the database"): wall time of `ldiv generalize` from a table into a table of the same
# database, median of 3, on Adult and on a synthetic table of Adult's shape.
#   bash scripts/with-postgres.sh bash tests/bench/pg_publish_in_db.sh [ROWS] [LDIV]
set -euo pipefail
rows=${1:-1000000}
ldiv=${2:-build/app/ldiv}
ex=resources/examples/adult
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$ldiv" synth "$ex/adult.csv" --sep ';' --rows "$rows" --seed 7 --output "$work/synth.csv" >/dev/null
cols='sex text, age integer, race text, "marital-status" text, education text, "native-country" text, workclass text, occupation text, "salary-class" text'
for t in bench_adult bench_synth; do
  psql -X -q -c "DROP TABLE IF EXISTS $t, ${t}_out; CREATE TABLE $t ($cols)"
done
psql -X -q -c "\\copy bench_adult FROM '$ex/adult.csv' WITH (FORMAT csv, HEADER true, DELIMITER ';')"
psql -X -q -c "\\copy bench_synth FROM '$work/synth.csv' WITH (FORMAT csv, HEADER true, DELIMITER ';')"
psql -X -q -c "ANALYZE bench_adult; ANALYZE bench_synth"
base="postgresql://$PGUSER@$PGHOST:$PGPORT/$PGDATABASE"
roles=(--qi sex,age,race,marital-status,education --sensitive salary-class
       --insensitive native-country,workclass,occupation)
for a in sex age race marital-status education; do roles+=(--hierarchy "$a=$ex/adult_hierarchy_$a.csv"); done
median() { sort -n | sed -n 2p; }
for t in bench_adult bench_synth; do
  for mode in in-database fetch-rows; do
    extra=(); [ "$mode" = fetch-rows ] && extra=(--fetch-rows)
    times=()
    for run in 1 2 3; do
      start=$(date +%s%N)
      "$ldiv" generalize "$base?table=$t" "${roles[@]}" --node 1,1,1,1,1 -c k=5 --suppression 0.05 \
        --output "$base?table=${t}_out" --replace "${extra[@]}" >/dev/null
      times+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    echo "$t $mode: ${times[*]} ms; median $(printf '%s\n' "${times[@]}" | median) ms"
  done
done
