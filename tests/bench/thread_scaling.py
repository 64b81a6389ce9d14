#!/usr/bin/env python3
# The search's thread counters and the scaling model's inputs (issue 38 item 2; docs/search.md
# "Thread counters and the scaling model"): runs `ldiv search … --threads T --json` on the
# issue's three cases, `runs` times per thread count, and prints the medians of elapsed_ms and
# classify_ms with the counters of the median run (work, critical path, per-thread busy, idle
# and lock waits, nodes checked).
#   thread_scaling.py LDIV[,LDIV…] CASE THREADS[,THREADS…] [runs]
# Several LDIV binaries (e.g. a build without the counters, for their overhead) are run
# interleaved with the thread counts; counters are printed where the JSON has them.
# CASE: mach10 (mach2019, 10 QIs, k=5, 2 % suppression), mach16 (16 QIs, k=5), wide (the table
# of make_wide_boundary.py, 9 QIs, k=5, 2 %; WIDE_DIR, default /tmp/wide, is built when absent),
# q24 (24 QIs: mach2019's 16 and X1..X8, its Q1A..Q8A of permuted rows with their hierarchies,
# synthesised by the first LDIV to Q24_ROWS rows, default 20,000, in Q24_DIR, default /tmp/q24;
# device_scaling.sh's table at 100,000 rows).
# MACH_DIR defaults to /work/shared/data/mach2019. Thread counts are run interleaved (one run of
# each in turn), so a noisy neighbour shifts them alike.
import json, os, statistics, subprocess, sys

LDIVS = sys.argv[1].split(",")
LDIV = "ldiv"
case = sys.argv[2]
threads = [int(t) for t in sys.argv[3].split(",")]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
M = os.environ.get("MACH_DIR", "/work/shared/data/mach2019")
W = os.environ.get("WIDE_DIR", "/tmp/wide")
Q10 = "age familysize gender married race religion Q1A Q2A Q3A Q4A".split()
Q16 = Q10 + "Q5A Q6A Q7A Q8A Q9A Q10A".split()
QW = "a1 a2 a3 a4 a5 b c1 c2 s".split()


def command(qis, data, prefix, suppression):
    cmd = [LDIV, "search", data, "--sep", ";", "--qi", ",".join(qis), "-c", "k=5", "--json"]
    for q in qis:
        cmd += ["--hierarchy", f"{q}={prefix}{q}.csv"]
    if suppression:
        cmd += ["--suppression", str(suppression)]
    return cmd


if case == "mach10":
    base = command(Q10, f"{M}/mach2019_int.csv", f"{M}/mach2019_int_hierarchy_", 0.02)
elif case == "mach16":
    base = command(Q16, f"{M}/mach2019_int.csv", f"{M}/mach2019_int_hierarchy_", 0)
elif case == "wide":
    if not os.path.exists(f"{W}/wide.csv"):
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, f"{here}/make_wide_boundary.py", W], check=True)
    base = command(QW, f"{W}/wide.csv", f"{W}/wide_hierarchy_", 0.02)
elif case == "q24":
    D = os.environ.get("Q24_DIR", "/tmp/q24")
    rows = os.environ.get("Q24_ROWS", "20000")
    data = f"{D}/synth24_{rows}.csv"
    if not os.path.exists(data):
        os.makedirs(D, exist_ok=True)
        import random
        lines = [l.rstrip("\n").split(";") for l in open(f"{M}/mach2019_int.csv")]
        head, body = lines[0], lines[1:]
        idx = [head.index(f"Q{i}A") for i in range(1, 9)]
        perm = body[:]
        random.Random(24).shuffle(perm)
        with open(f"{D}/wide24.csv", "w") as f:
            f.write(";".join(head + [f"X{i}" for i in range(1, 9)]) + "\n")
            for r, q in zip(body, perm):
                f.write(";".join(r + [q[j] for j in idx]) + "\n")
        subprocess.run([LDIVS[0], "synth", f"{D}/wide24.csv", "--sep", ";", "--rows", rows,
                        "--seed", "3", "--output", data], check=True, capture_output=True)
    qis = Q16 + [f"X{i}" for i in range(1, 9)]
    base = command(qis, data, f"{M}/mach2019_int_hierarchy_", 0)
    # X_i generalises as Q_iA does.
    base = [f"X{a[1:].split('=')[0]}={M}/mach2019_int_hierarchy_Q{a[1:].split('=')[0]}A.csv"
            if a.startswith("X") and "=" in a else a for a in base]
else:
    sys.exit("case: mach10, mach16, wide or q24")

print(" ".join(base + ["--threads", "T"]))
results = {(b, t): [] for b in LDIVS for t in threads}
for _ in range(runs):
    for t in threads:
        for b in LDIVS:
            p = subprocess.run([b] + base[1:] + ["--threads", str(t)], capture_output=True,
                               text=True)
            if p.returncode != 0:
                sys.exit(p.stderr)
            results[(b, t)].append(json.loads(p.stdout)["statistics"])
for (b, t), found in results.items():
    st = sorted(found, key=lambda s: s["elapsed_ms"])
    mid = st[len(st) // 2]
    if len(LDIVS) > 1:
        print(b)
    if "critical_path" not in mid:
        print(f"threads {t}: elapsed {statistics.median(s['elapsed_ms'] for s in st):.0f} ms "
              f"(classify {statistics.median(s['classify_ms'] for s in st):.0f}; "
              f"range {st[0]['elapsed_ms']:.0f}-{st[-1]['elapsed_ms']:.0f}) "
              f"checked {mid['checked_nodes']}")
        continue
    cp = mid["critical_path"]
    td = mid["threads_detail"]
    print(f"threads {t}: elapsed {statistics.median(s['elapsed_ms'] for s in st):.0f} ms "
          f"(classify {statistics.median(s['classify_ms'] for s in st):.0f}, "
          f"optimum {statistics.median(s['optimum_ms'] for s in st):.0f}; "
          f"range {st[0]['elapsed_ms']:.0f}-{st[-1]['elapsed_ms']:.0f}) "
          f"checked {mid['checked_nodes']} work {cp['work_ms']:.0f} ms "
          f"span {cp['checks']} checks / {cp['chain_ms']:.1f} ms")
    print(f"  busy {sum(x['busy_ms'] for x in td):.0f} idle {sum(x['idle_ms'] for x in td):.0f} "
          f"lock waits {sum(x['lock_waits'] for x in td)} ({sum(x['lock_wait_ms'] for x in td):.1f}"
          f" ms) of {sum(x.get('lock_acquisitions', 0) for x in td)} acquisitions,"
          f" per thread nodes {[x['nodes_checked'] for x in td]}")
    # The model's serial bookkeeping B = busy − work (paths, tagging, antichains), median.
    bs = sorted(sum(x["busy_ms"] for x in s["threads_detail"]) - s["critical_path"]["work_ms"]
                for s in st)
    print(f"  bookkeeping (busy - work) median {statistics.median(bs):.0f} ms, runs "
          f"{[round(v) for v in bs]}")
