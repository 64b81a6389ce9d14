#!/usr/bin/env python3
# `ldiv.search` on a pandas DataFrame of Adult against the `ldiv search` executable on the
# same table as a CSV file (issue 35, item 1: the module's wall time, DataFrame hand-over
# included, within 1.2 x the CLI's elapsed_ms + load_ms; median of RUNS after one warm-up):
#   PYTHONPATH=build/python python3 tests/bench/bench_python_search.py build/app/ldiv [runs]
# The DataFrame is read once (pandas' own read is not ldiv's cost); each call hands its columns
# to the engine, which builds the Table from them (python/frame_source.h); that is what the
# ratio measures.
import json
import os
import statistics
import subprocess
import sys
import time

import pandas as pd

import ldiv

LDIV = sys.argv[1] if len(sys.argv) > 1 else "ldiv"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
R = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../resources/examples/adult")
QI = "sex,age,race,marital-status,education,native-country,workclass,salary-class".split(",")
HIERARCHIES = {q: f"{R}/adult_hierarchy_{q}.csv" for q in QI}
ROLES = dict(qi=QI, sensitive="occupation", hierarchies=HIERARCHIES, criteria="k=5")

cli_args = [LDIV, "search", f"{R}/adult.csv", "--sep", ";", "--qi", ",".join(QI),
            "--sensitive", "occupation", "-c", "k=5", "--json"]
for q, h in HIERARCHIES.items():
    cli_args += ["--hierarchy", f"{q}={h}"]

frame = pd.read_csv(f"{R}/adult.csv", sep=";", dtype=str, keep_default_na=False)

cli_ms, cli_wall, py_ms, py_inner = [], [], [], []
cli_out = py_out = None
for i in range(RUNS + 1):
    t0 = time.perf_counter()
    done = subprocess.run(cli_args, capture_output=True, text=True)
    wall = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        sys.exit(done.stderr)
    cli_out = json.loads(done.stdout)
    t0 = time.perf_counter()
    py_out = ldiv.search(frame, **ROLES).to_dict()
    py = (time.perf_counter() - t0) * 1000
    if i == 0:
        continue  # warm-up: page cache, first import
    cli_ms.append(cli_out["elapsed_ms"] + cli_out["load_ms"])
    cli_wall.append(wall)
    py_ms.append(py)
    py_inner.append(py_out["elapsed_ms"] + py_out["load_ms"])

for key in ("satisfying_count", "minimal_nodes", "optimum", "lattice_size"):
    if cli_out[key] != py_out[key]:
        sys.exit(f"results differ in {key}: CLI {cli_out[key]} vs module {py_out[key]}")
cli = statistics.median(cli_ms)
py = statistics.median(py_ms)
print(f"adult ({frame.shape[0]} rows, {len(QI)} QIs, k=5), median of {RUNS}: "
      f"ldiv.search(DataFrame) wall {py:.1f} ms (its own elapsed+load {statistics.median(py_inner):.1f}); "
      f"CLI elapsed+load {cli:.1f} ms (process wall {statistics.median(cli_wall):.1f}); "
      f"ratio {py / cli:.2f} (target <= 1.2); optimum {py_out['optimum']['levels']}")
