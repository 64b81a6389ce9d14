#!/usr/bin/env python3
# Whole-process wall time of `ldiv search` (median of N runs after one warm-up), with the
# medians of load_ms and elapsed_ms (issue 20; docs/search.md "Loading"):
#   whole_process.py LDIV adult|zip|version [runs]
# The zip case reads ZIP_DIR/zip.csv and zip_hierarchy.csv (`bench_load zip ZIP_DIR
# resources`; ZIP_DIR defaults to /tmp/load20).
import json, os, subprocess, sys, time, statistics
LDIV = sys.argv[1]; case = sys.argv[2]; runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
R = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../resources/examples/adult")
Z = os.environ.get("ZIP_DIR", "/tmp/load20")
Q8 = "sex,age,race,marital-status,education,native-country,workclass,salary-class".split(",")
if case == "adult":
    hs = []
    for q in Q8: hs += ["--hierarchy", f"{q}={R}/adult_hierarchy_{q}.csv"]
    cmd = [LDIV, "search", f"{R}/adult.csv", "--sep", ";", "--qi", ",".join(Q8)] + hs + ["--sensitive", "occupation", "-c", "k=5", "--json"]
elif case == "zip":
    Q7 = "sex,age,race,marital-status,education,native-country,workclass".split(",")
    hs = []
    for q in Q7: hs += ["--hierarchy", f"{q}={R}/adult_hierarchy_{q}.csv"]
    hs += ["--hierarchy", f"zip={Z}/zip_hierarchy.csv"]
    cmd = [LDIV, "search", f"{Z}/zip.csv", "--sep", ";", "--qi", ",".join(Q7 + ["zip"])] + hs + ["--sensitive", "occupation", "-c", "k=5", "--json"]
elif case == "version":
    cmd = [LDIV, "--version"]
else:
    cmd = case.split()
walls, loads, els = [], [], []
out = None
for i in range(runs + 1):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    w = (time.perf_counter() - t0) * 1000
    if p.returncode != 0: print(p.stderr); sys.exit(1)
    if i == 0: continue  # warm-up
    walls.append(w)
    if "--json" in cmd:
        j = json.loads(p.stdout); out = j
        loads.append(j["load_ms"]); els.append(j["elapsed_ms"])
print(f"{case}: wall median {statistics.median(walls):.1f} ms (min {min(walls):.1f})", end="")
if loads: print(f", load_ms {statistics.median(loads):.1f}, elapsed_ms {statistics.median(els):.1f}; sat {out['satisfying_count']} opt {out['optimum']['levels'] if out['optimum'] else None} dm {out['optimum']['discernibility'] if out['optimum'] else None}")
else: print()
