#!/usr/bin/env bash
# Interleaved A/B of two builds' CSV reading: for each round, each file and 2 then 1 threads,
# `bench_load csv FILE 5 T` of build A, then of build B (medians of 5 loads; CPU per load).
# The machine's speed drifts, so compare the pairs, not runs an hour apart.
#   tests/bench/load_ab.sh A/bench_load B/bench_load ROUNDS FILE...
set -euo pipefail
a=$1 b=$2 rounds=$3
shift 3
for ((r = 1; r <= rounds; ++r)); do
    for file in "$@"; do
        for threads in 2 1; do
            for bin in "$a" "$b"; do
                echo "$bin $file T$threads $("$bin" csv "$file" 5 "$threads" 2>&1 | tail -1 |
                    sed 's/.*median //')"
            done
        done
    done
done
