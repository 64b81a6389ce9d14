#!/usr/bin/env python3
# A 30,000-row table with 9 QIs and a lattice of 92,160 nodes (4^5 x 5 x 3 x 3 x 2 levels),
# shaped for a wide suppression boundary (issue 20's third case): skewed, weakly correlated
# columns, so that k=5 with 2 % suppression is decided by many nodes rather than a few.
#   make_wide_boundary.py OUT_DIR [rows] [seed]
# writes OUT_DIR/wide.csv and OUT_DIR/wide_hierarchy_<attr>.csv (';' separated).
import os, random, sys

out = sys.argv[1]
rows = int(sys.argv[2]) if len(sys.argv) > 2 else 30000
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20)
os.makedirs(out, exist_ok=True)

# name -> (domain, divisors per level above the leaves); "*" tops every hierarchy.
attrs = {f"a{i}": (8, [2, 4]) for i in range(1, 6)}  # 4 levels each
attrs["b"] = (100, [5, 25, 50])  # 5 levels
attrs["c1"] = (20, [5])  # 3 levels
attrs["c2"] = (20, [5])
attrs["s"] = (2, [])  # 2 levels


def draw(domain, prev):
    # Zipf-like skew, and with probability 0.4 a value near the previous column's.
    if prev is not None and rng.random() < 0.4:
        return min(domain - 1, max(0, prev * domain // 64 + rng.randint(-2, 2)))
    return min(domain - 1, int(domain * rng.random() ** 1.8))


names = list(attrs)
with open(os.path.join(out, "wide.csv"), "w") as f:
    f.write(";".join(names) + ";disease\n")
    for _ in range(rows):
        prev, vals = None, []
        for n in names:
            v = draw(attrs[n][0], prev)
            vals.append(str(v))
            prev = v * 64 // attrs[n][0]
        f.write(";".join(vals) + f";d{rng.randint(0, 9)}\n")

for n, (domain, divs) in attrs.items():
    with open(os.path.join(out, f"wide_hierarchy_{n}.csv"), "w") as f:
        for v in range(domain):
            levels = [str(v)]
            for d in divs:
                lo = v // d * d
                levels.append(f"{lo}-{min(domain, lo + d) - 1}")
            levels.append("*")
            f.write(";".join(levels) + "\n")
