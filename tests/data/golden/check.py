#!/usr/bin/env python3
"""Recomputes a golden case's expected search result independently of ldiv.

A plain brute force over the full-domain generalization lattice (LeFevre, DeWitt &
Ramakrishnan 2005), written from the definitions rather than from ldiv's code, so that the
golden files in tests/data/golden/<case>/expected.json are checked by a second implementation:

  k-anonymity (Sweeney 2002): every class has at least k rows;
  distinct-ℓ / entropy-ℓ (Machanavajjhala et al. 2007 §4): at least ℓ sensitive values /
      entropy of the sensitive distribution ≥ log ℓ in every class;
  suppression: the rows of the classes that fail are suppressed when there are at most
      ⌊limit·n⌋ of them; otherwise the node fails;
  discernibility (Bayardo & Agrawal 2005): Σ|E|² over the kept classes plus n per suppressed row.

Usage: check.py CASE_DIR        prints the recomputed values beside expected.json's and exits 1
                                on any difference.
"""
import csv, itertools, json, math, os, sys
from collections import Counter, defaultdict


def load(case):
    project_path = os.path.join(case, "project.ldiv.json")
    project = json.load(open(project_path, encoding="utf-8"))
    base = os.path.dirname(project_path)
    data = project["data"]
    missing = set(data.get("missing_tokens", []))
    attrs = {a["name"]: a for a in project["attributes"]}
    qis = project.get("qi_order") or [a["name"] for a in project["attributes"]
                                       if a["role"] == "quasi-identifying"]
    sensitive = [a["name"] for a in project["attributes"] if a["role"] == "sensitive"]
    with open(os.path.join(base, data["path"]), encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f, delimiter=data.get("separator", ",")))
    header, rows = rows[0], rows[1:]
    if data.get("trim", True):
        rows = [[v.strip() for v in r] for r in rows]
    used = [header.index(q) for q in qis + sensitive[:1]]
    if data.get("missing_policy") == "drop":
        rows = [r for r in rows if all(r[i] not in missing for i in used)]
    hierarchies = []
    for q in qis:
        h = {}
        path = os.path.join(base, attrs[q]["hierarchy"]["file"])
        for line in csv.reader(open(path, encoding="utf-8", newline=""), delimiter=";"):
            if line:
                h[line[0].strip()] = [v.strip() for v in line]
        hierarchies.append(h)
    heights = [len(next(iter(h.values()))) - 1 for h in hierarchies]
    qi_cols = [header.index(q) for q in qis]
    sa_col = header.index(sensitive[0]) if sensitive else None
    # Base groups: (QI values, sensitive value) -> count.
    groups = Counter((tuple(r[c] for c in qi_cols), r[sa_col] if sa_col is not None else None)
                     for r in rows)
    return project, hierarchies, heights, groups, len(rows)


def class_ok(sa_counts, criteria):
    size = sum(sa_counts.values())
    for c in criteria:
        name, value = c.split("=")
        if name == "k":
            if size < int(value):
                return False
        elif name == "distinct-l":
            if len(sa_counts) < int(value):
                return False
        elif name == "entropy-l":
            h = -sum(n / size * math.log(n / size) for n in sa_counts.values())
            if h < math.log(float(value)) - 1e-12:
                return False
        else:
            raise SystemExit(f"check.py does not know criterion {c}")
    return True


def judge(node, hierarchies, groups, n, criteria, limit):
    classes = defaultdict(Counter)
    for (qi, sa), count in groups.items():
        key = tuple(h[v][level] for h, v, level in zip(hierarchies, qi, node))
        classes[key][sa] += count
    failing = [c for c in classes.values() if not class_ok(c, criteria)]
    suppressed = sum(sum(c.values()) for c in failing)
    if suppressed > math.floor(limit * n + 1e-9):
        return None
    kept = [sum(c.values()) for c in classes.values() if class_ok(c, criteria)]
    return {"classes": len(kept), "suppressed_rows": suppressed,
            "discernibility": float(sum(s * s for s in kept) + n * suppressed)}


def main(case):
    project, hierarchies, heights, groups, n = load(case)
    criteria = project["criteria"]
    limit = project.get("suppression_limit", 0)
    verdicts = {}
    for node in itertools.product(*(range(h + 1) for h in heights)):
        verdicts[node] = judge(node, hierarchies, groups, n, criteria, limit)
    satisfying = [v for v, r in verdicts.items() if r is not None]
    def below(v):  # direct specializations
        for i, l in enumerate(v):
            if l > 0:
                yield v[:i] + (l - 1,) + v[i + 1:]
    minimal = sorted(list(v) for v in satisfying if not any(verdicts[w] for w in below(v)))
    best = min(satisfying, key=lambda v: (verdicts[v]["discernibility"], sum(v), v))
    got = {"lattice_size": math.prod(h + 1 for h in heights), "satisfying_count": len(satisfying),
           "minimal_nodes": minimal,
           "optimum": dict(levels=list(best), height=sum(best), **verdicts[best])}
    expected = json.load(open(os.path.join(case, "expected.json"), encoding="utf-8"))["expect"]
    ok = True
    for key, value in expected.items():
        mine = got[key]
        if key == "optimum":
            mine = {k: got["optimum"][k] for k in value}
        same = mine == value
        ok &= same
        print(f"{'ok ' if same else 'DIFF'} {key}: expected {value}, recomputed {mine}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
