#!/usr/bin/env bash
# One prepared run of issue 38's scaling table on a many-core machine (docs/search.md
# "Scaling on 16 cores"): the search's thread counters on the three cases of
# thread_scaling.py, the 24-QI table at 1 and 16 threads, and loading and searching a
# 10 M-row file of Adult's shape by threads. Every figure is written to OUT as it is measured,
# so a run cut short still returns what it finished.
#   device_scaling.sh KIT OUT [THREADS] [PARTS]
# KIT holds bin/ldiv (and optionally bin/ldiv-base, an earlier build run interleaved with it
# on the three cases and at S24_THREADS on 24 QIs), bin/bench_load, lib/ (the shared libraries they need, where the machine
# lacks them), data/mach2019/ and data/adult/ (a copy of ../shared/data's); THREADS defaults to
# 1,2,4,8,16; PARTS, of "cases 24 rows", default all. Made with tests/bench/device_kit.sh.
set -u
kit=$(cd "$1" && pwd); out=$2; threads=${3:-1,2,4,8,16}; parts=" ${4:-cases 24 rows} "
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="$kit/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" PYTHONUNBUFFERED=1
ldiv=$kit/bin/ldiv
binaries=$ldiv; [ -x "$kit/bin/ldiv-base" ] && binaries=$kit/bin/ldiv-base,$ldiv
mkdir -p "$out"
step() { echo "== $(date +%T) $*"; }
{ nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|NUMA node\(s\)|L3'; free -g; } >"$out/machine.txt"
cat "$out/machine.txt"
"$ldiv" --version || exit 1

# The three cases of the model (thread_scaling.py; medians of 3, thread counts interleaved).
if [[ $parts == *" cases "* ]]; then
python3 "$here/make_wide_boundary.py" /tmp/wide >/dev/null
for case in mach10 wide mach16; do
  step "$case"
  MACH_DIR=$kit/data/mach2019 WIDE_DIR=/tmp/wide \
    timeout 150 python3 "$here/thread_scaling.py" "$binaries" "$case" "$threads" 3 | tee "$out/$case.txt"
done
fi

# 24 QIs: mach2019's 16 columns and X1..X8, Q1A..Q8A of permuted rows (same hierarchies),
# synthesised to 100,000 rows (docs/search.md "24 QIs").
if [[ $parts == *" 24 "* ]]; then
step "24 QIs"
python3 - "$kit/data/mach2019/mach2019_int.csv" /tmp/wide24.csv <<'EOF'
import random, sys
rows = [l.rstrip("\n").split(";") for l in open(sys.argv[1])]
head, body = rows[0], rows[1:]
idx = [head.index(f"Q{i}A") for i in range(1, 9)]
perm = body[:]
random.Random(24).shuffle(perm)
with open(sys.argv[2], "w") as f:
    f.write(";".join(head + [f"X{i}" for i in range(1, 9)]) + "\n")
    for r, p in zip(body, perm):
        f.write(";".join(r + [p[j] for j in idx]) + "\n")
EOF
"$ldiv" synth /tmp/wide24.csv --sep ';' --rows 100000 --seed 3 --output /tmp/synth24.csv >/dev/null
M=$kit/data/mach2019/mach2019_int_hierarchy_
q24="age familysize gender married race religion $(echo Q{1..10}A) $(echo X{1..8})"
h24=()
for q in $q24; do
  case $q in X*) h24+=(--hierarchy "$q=${M}Q${q#X}A.csv") ;; *) h24+=(--hierarchy "$q=$M$q.csv") ;; esac
done
for t in ${S24_THREADS:-16 1}; do
  for b in ${binaries//,/ }; do
    /usr/bin/time -f "$(basename "$b") threads $t: %e s wall, %U s user, %M KB" timeout 120 "$b" search \
      /tmp/synth24.csv --sep ';' --qi "$(echo $q24 | tr ' ' ,)" "${h24[@]}" -c k=5 --json --threads "$t" \
      >"$out/s24_$(basename "$b")_t$t.json" 2>>"$out/s24_time.txt"
    tail -n 1 "$out/s24_time.txt"
  done
done
fi

# Loading and the whole search on 10 M rows of Adult's shape, from the page cache.
[[ $parts == *" rows "* ]] || { step done; exit 0; }
step "10 M rows"
"$ldiv" synth "$kit/data/adult/adult.csv" --rows 10000000 -o /tmp/a10m.csv >/dev/null
cat /tmp/a10m.csv >/dev/null
ls -l /tmp/a10m.csv | tee "$out/load.txt"
[ -x "$kit/bin/bench_load" ] && for t in ${threads//,/ }; do
  echo "in-memory threads $t: $(timeout 60 "$kit/bin/bench_load" csv /tmp/a10m.csv 3 "$t")" | tee -a "$out/load.txt"
done
cols=sex,age,race,marital-status,education,native-country,workclass,salary-class,occupation
[ -x "$kit/bin/bench_load" ] && for t in ${threads//,/ }; do
  echo "streamed threads $t: $(timeout 60 "$kit/bin/bench_load" stream /tmp/a10m.csv "$cols" "$t" 3)" | tee -a "$out/load.txt"
done
A=$kit/data/adult/adult_hierarchy_
q8=sex,age,race,marital-status,education,native-country,workclass,salary-class
h8=()
for q in ${q8//,/ }; do h8+=(--hierarchy "$q=$A$q.csv"); done
for t in ${threads//,/ }; do
  for b in ${binaries//,/ }; do
    echo "$(basename "$b") search threads $t: $(timeout 60 python3 "$here/whole_process.py" x \
      "$b search /tmp/a10m.csv --sep ; --qi $q8 ${h8[*]} --sensitive occupation -c k=5 --json --threads $t" 3 |
      sed 's/^.*--threads [0-9]*: //')" | tee -a "$out/search10m.txt"
  done
done
step done
