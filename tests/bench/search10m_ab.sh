#!/usr/bin/env bash
# Interleaved A/B of two builds' whole `ldiv search` on the 10 M-row Adult shape (issue 38's
# target: ≤ 1.5 s at 2 threads): 8 QIs with resources/examples/adult's hierarchies,
# occupation sensitive, k=5, --threads 2. Prints wall, user + system CPU, peak RSS and
# load_ms per run, A then B in each round.
#   tests/bench/search10m_ab.sh A/ldiv B/ldiv ROUNDS [FILE]
# FILE defaults to /tmp/load_adult10m.csv (`ldiv synth resources/examples/adult/adult.csv
# --rows 10000000 -o FILE`).
set -euo pipefail
cd "$(dirname "$0")/../.."
a=$1 b=$2 rounds=$3 file=${4:-/tmp/load_adult10m.csv}
qis=sex,age,race,marital-status,education,native-country,workclass,salary-class
args=(search "$file" --sep ";" --qi "$qis" --sensitive occupation -c k=5 --json --threads 2)
for q in ${qis//,/ }; do args+=(--hierarchy "$q=resources/examples/adult/adult_hierarchy_$q.csv"); done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for ((r = 1; r <= rounds; ++r)); do
    for bin in "$a" "$b"; do
        stats=$({ /usr/bin/time -f 'wall %e s, cpu %U+%S s, rss %M KB' "$bin" "${args[@]}" >"$out"; } 2>&1 | tail -1)
        load=$(python3 -c "import json,sys; print(round(json.load(open(sys.argv[1]))['statistics']['load_ms']))" "$out")
        echo "$bin: $stats, load_ms $load"
    done
done
