#!/usr/bin/python3
"""Compare ldiv's transformation models on one requirement (issue 34, docs/transformations.md).

Runs `ldiv generalize --transform MODEL` for every model (full-domain at `--node optimum`, the
baseline), and for each published file reports rows, classes, the smallest class,
discernibility, non-uniform entropy, suppressed records and cells, the highest prosecutor risk
and the median wall time. Each published file is then judged twice, independently of the engine
that wrote it: by this script's own check, written from the definitions (classes are the rows
grouped by their QI values; for cell suppression a `*` cell matches every value, sdcMicro's
frequencies), and by `ldiv audit` on the file (not for cell suppression, which audit would read
with `*` as an ordinary value).

The figures computed here do not come from the engine:
  DM       = sum over published classes of |E|^2, plus n for every removed record (n = input rows)
  entropy  = sum over published cells of log2 cnt(g) - log2 cnt(x) (de Waal & Willenborg 1999):
             since sum log2 cnt(x) runs over every input cell whatever the order of the published
             rows, it is  sum_published log2 cnt(g) + removed * d * log2 n - sum_input log2 cnt(x),
             cnt(g) the input rows whose value lies under g (in the hierarchy, in an interval
             [a-b] of Mondrian's, or all rows for `*`); not defined for aggregates (MDAV's means)
  risk     = 1 / the smallest class (cell suppression: 1 / the smallest wildcard frequency)
Where the engine's `--json` gives DM or entropy too, a disagreement is printed as a warning.

Usage:
  compare_transformations.py --self-test
  compare_transformations.py LDIV [--tables adult,mach2019,zip] [--runs 3] [--cap 60]
      [--work DIR] [--mach2019 DIR] [--zip DIR] [--bench-load PATH]

The zip table (Adult rows plus a 100,000-value zip with a 6-level hierarchy) is written by
`bench_load zip DIR resources`; with --bench-load the script writes it into DIR when missing.
"""

import argparse
import collections
import csv
import json
import math
import os
import re
import resource
import statistics
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ADULT = os.path.join(REPO, "resources", "examples", "adult", "adult.ldiv.json")
MODELS = ["full-domain", "local", "mondrian", "microaggregation", "microaggregation+local",
          "cell-suppression"]
INTERVAL = re.compile(r"^\[(-?[0-9.]+)-(-?[0-9.]+)\]$")


# ---------------------------------------------------------------- projects

def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")


def absolute_paths(project, base):
    """A copy of PROJECT with absolute data and hierarchy paths (it may be written elsewhere)."""
    p = json.loads(json.dumps(project))
    p["data"]["path"] = os.path.join(base, p["data"]["path"])
    for a in p["attributes"]:
        if "hierarchy" in a and "file" in a["hierarchy"]:
            a["hierarchy"]["file"] = os.path.join(base, a["hierarchy"]["file"])
    return p


def mach2019_project(data_dir, text_qis):
    """The mach2019 project of docs/transformations.md: six QIs with the bundled hierarchies,
    Q1A sensitive; TEXT_QIS are declared "type": "text" (the codes are categories, so they are
    cut by their hierarchies); the others stay numeric for MDAV."""
    qis = ["age", "familysize", "gender", "married", "race", "religion"]
    attrs = []
    for q in qis:
        a = {"name": q, "role": "quasi-identifying",
             "hierarchy": {"file": os.path.join(data_dir, "mach2019_int_hierarchy_%s.csv" % q)}}
        if q in text_qis:
            a["type"] = "text"
        attrs.append(a)
    attrs.append({"name": "Q1A", "role": "sensitive"})
    for i in range(2, 11):
        attrs.append({"name": "Q%dA" % i, "role": "insensitive"})
    return {"format": "ldiv-project", "version": 1,
            "data": {"path": os.path.join(data_dir, "mach2019_int.csv"), "separator": ";",
                     "header": True, "missing_tokens": ["?", ""], "missing_policy": "keep",
                     "trim": True},
            "attributes": attrs, "qi_order": qis, "criteria": ["k=5"],
            "suppression_limit": 0, "metric": "dm", "algorithm": "fast"}


def zip_project(zip_dir):
    """The bundled Adult project on the zip table, with `zip` an eighth QI. The zip is declared
    text: its codes are cut along their hierarchy (prefixes), not as numbers."""
    p = absolute_paths(load_json(ADULT), os.path.dirname(ADULT))
    p["data"]["path"] = os.path.join(zip_dir, "zip.csv")
    p["attributes"].append({"name": "zip", "role": "quasi-identifying", "type": "text",
                            "hierarchy": {"file": os.path.join(zip_dir, "zip_hierarchy.csv")}})
    p["qi_order"].append("zip")
    return p


# ---------------------------------------------------------------- reading

def read_rows(path, sep=None):
    with open(path, newline="", encoding="utf-8") as f:
        text = f.read()
    if sep is None:
        first = text.split("\n", 1)[0]
        sep = ";" if first.count(";") >= first.count(",") else ","
    rows = list(csv.reader(text.splitlines(), delimiter=sep))
    return rows[0], [r for r in rows[1:] if r]


class Input:
    """The input table's QI columns, as the project reads them, and the QIs' hierarchies."""

    def __init__(self, project_path):
        project = absolute_paths(load_json(project_path), os.path.dirname(project_path))
        self.qis = project.get("qi_order") or [
            a["name"] for a in project["attributes"] if a["role"] == "quasi-identifying"]
        d = project["data"]
        header, rows = read_rows(d["path"], d.get("separator"))
        tokens = set(d.get("missing_tokens", ["?", ""]))
        if d.get("trim", True):
            rows = [[c.strip() for c in r] for r in rows]
        if d.get("missing_policy", "keep") == "drop":
            rows = [r for r in rows if not any(c in tokens for c in r)]
        self.n = len(rows)
        idx = [header.index(q) for q in self.qis]
        self.counts = [collections.Counter(r[i] for r in rows) for i in idx]
        # cnt(g) for every label of every hierarchy: the input rows whose value lies under g.
        self.under = []
        for q, counts in zip(self.qis, self.counts):
            attr = next(a for a in project["attributes"] if a["name"] == q)
            under = collections.Counter(counts)
            h = attr.get("hierarchy", {}).get("file")
            if h:
                _, hrows = read_rows(h, ";")
                hrows.insert(0, _)  # hierarchy files have no header row
                for hr in hrows:
                    leaf = hr[0].strip()
                    for label in {c.strip() for c in hr[1:]} - {leaf}:
                        under[label] += counts.get(leaf, 0)
            self.under.append(under)
        self.input_log = sum(c * math.log2(c) for counts in self.counts for c in counts.values())

    def cnt(self, q, g):
        """cnt(g) of QI number Q, or None where g is no generalization of input values."""
        if g == "*":
            return self.n
        if g in self.under[q]:
            return self.under[q][g]
        m = INTERVAL.match(g)
        if m:
            lo, hi = float(m.group(1)), float(m.group(2))
            total = 0
            for v, c in self.counts[q].items():
                try:
                    if lo <= float(v) <= hi:
                        total += c
                except ValueError:
                    return None
            return total
        return None


# ---------------------------------------------------------------- judging a published file

def parse_criteria(specs):
    """k and the distinct-l conditions this script judges itself; the rest is left to audit."""
    k, distinct, other = 1, [], []
    for s in specs:
        m = re.fullmatch(r"k=(\d+)", s)
        d = re.fullmatch(r"distinct-l=(\d+)(?:@(.+))?", s)
        if m:
            k = max(k, int(m.group(1)))
        elif d:
            distinct.append((int(d.group(1)), d.group(2)))
        else:
            other.append(s)
    return k, distinct, other


def wildcard_frequencies(tuples):
    """For each distinct published tuple, the number of published records that match it on every
    QI with `*` matching every value (both sides). Tuples are grouped by their set of `*`
    positions; two groups A and B match on the positions outside A ∪ B, so one dictionary per
    pair of groups counts them, without assuming how the cells were chosen."""
    by_mask = collections.defaultdict(collections.Counter)
    for t, c in tuples.items():
        by_mask[frozenset(i for i, v in enumerate(t) if v == "*")][t] += c
    freq = {}
    for ma, ta in by_mask.items():
        for t in ta:
            freq[t] = 0
        for mb, tb in by_mask.items():
            keep = [i for i in range(len(next(iter(ta)))) if i not in ma and i not in mb]
            proj = collections.Counter()
            for u, c in tb.items():
                proj[tuple(u[i] for i in keep)] += c
            for t in ta:
                freq[t] += proj.get(tuple(t[i] for i in keep), 0)
    return freq


def self_test():
    """wildcard_frequencies against the definition, pair by pair, on random small tables."""
    import random
    rng = random.Random(7)
    for trial in range(300):
        d = rng.randint(1, 4)
        rows = [tuple(rng.choice("ab*") if rng.random() < 0.4 else rng.choice("abc")
                      for _ in range(d)) for _ in range(rng.randint(1, 30))]
        tuples = collections.Counter(rows)
        got = wildcard_frequencies(tuples)
        for t in tuples:
            want = sum(all(x == y or x == "*" or y == "*" for x, y in zip(t, u)) for u in rows)
            if got[t] != want:
                sys.exit("self-test: %r in %r: %d, by definition %d" % (t, rows, got[t], want))
    print("self-test: wildcard frequencies agree with the definition on 300 random tables")


def judge(path, inp, specs, sensitive, wildcard, removed, aggregated):
    header, rows = read_rows(path)
    qi_idx = [header.index(q) for q in inp.qis]
    tuples = collections.Counter(tuple(r[i] for i in qi_idx) for r in rows)
    k, distinct, _ = parse_criteria(specs)
    out = {"rows": len(rows), "classes": len(tuples),
           "min_class": min(tuples.values()) if tuples else 0,
           "dm": sum(c * c for c in tuples.values()) + removed * inp.n}
    # Non-uniform entropy, from the identity in the module's comment.
    logs = 0.0
    for t, c in tuples.items():
        for q, g in enumerate(t):
            # An aggregate may equal an input value without standing for it: only `*` counts.
            cg = inp.n if g == "*" else None if inp.qis[q] in aggregated else inp.cnt(q, g)
            if cg is None:
                logs = None
                break
            logs += c * math.log2(cg)
        if logs is None:
            break
    out["entropy"] = None if logs is None else (
        logs + removed * len(inp.qis) * math.log2(inp.n) - inp.input_log)
    ok = []
    if wildcard:
        freq = wildcard_frequencies(tuples)
        out["min_freq"] = min(freq.values())
        out["risk"] = 1.0 / out["min_freq"]
        ok.append(out["min_freq"] >= k)
        if distinct:
            ok.append(False)  # no classes to judge: cell suppression refuses these
    else:
        out["risk"] = 1.0 / out["min_class"] if rows else 0.0
        ok.append(out["min_class"] >= k)
        for l, attr in distinct:
            s = header.index(attr or sensitive)
            values = collections.defaultdict(set)
            for r in rows:
                values[tuple(r[i] for i in qi_idx)].add(r[s])
            ok.append(all(len(v) >= l for v in values.values()))
    out["own_check"] = all(ok)
    return out


def ldiv_audit(ldiv, path, inp, specs, sensitive):
    cmd = [ldiv, "audit", path, "--missing", "keep", "--qi", ",".join(inp.qis),
           "--sensitive", sensitive, "--json"]
    for s in specs:
        cmd += ["-c", s]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 3):
        return "error: " + p.stderr.strip().splitlines()[-1]
    return all(c["holds"] for c in json.loads(p.stdout)["criteria"])


# ---------------------------------------------------------------- running the models

def generalize(ldiv, project, model, specs, out, extra, runs, cap):
    cmd = [ldiv, "generalize", "--project", project, "--suppression", "0", "-o", out, "--json",
           "--seed", "1", "--transform", model] + extra
    for s in specs:
        cmd += ["--criterion", s]
    if model == "full-domain":
        cmd += ["--node", "optimum"]
    walls, cpus, elapsed, result = [], [], [], None
    for _ in range(runs):
        # CPU time (user + system of the child) as well as wall time: the machine is shared, so
        # the wall time also holds the waits for a core.
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=cap)
        except subprocess.TimeoutExpired:
            return cmd, {"capped": cap}
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if p.returncode != 0:
            msg = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
            # The reason without its closing hint (which other model to use), for the table.
            msg = re.sub(r" \([^()]*\)$", "", msg.replace("ldiv: error: ", ""))
            return cmd, {"refused": p.returncode, "message": msg}
        result = json.loads(p.stdout)
        if "elapsed_ms" in result:
            elapsed.append(result["elapsed_ms"])
    result["wall_s"] = statistics.median(walls)
    if elapsed:
        result["elapsed_ms"] = statistics.median(elapsed)
    result["cpu_s"] = statistics.median(cpus)
    return cmd, result


def fmt_int(v):
    return "{:,}".format(int(round(v)))


def compare(args, name, project_path, specs, sensitive, variants):
    """One comparison table: every model on PROJECT_PATH under SPECS. VARIANTS maps a model to
    (project, extra options, label) where a model needs another project or options."""
    print("\n### %s, %s, suppression 0\n" % (name, ", ".join(specs)))
    print("| model | published rows | classes | smallest class | DM | non-uniform entropy (bits) "
          "| suppressed records / cells | highest prosecutor risk | criteria hold (own check "
          "/ ldiv audit) | wall / CPU time, medians of %d (model's own `elapsed_ms`) |" % args.runs)
    print("|---|---|---|---|---|---|---|---|---|---|")
    inputs = {}
    commands, notes = [], []
    for model in MODELS:
        proj, extra, label = variants.get(model, (project_path, [], model))
        if proj not in inputs:
            inputs[proj] = Input(proj)
        inp = inputs[proj]
        tag = re.sub(r"[^A-Za-z0-9]+", "_", "%s_%s_%s" % (name, "_".join(specs), model))
        out = os.path.join(args.work, tag + ".csv")
        if os.path.exists(out):
            os.remove(out)
        cmd, r = generalize(args.ldiv, proj, model, specs, out, extra, args.runs, args.cap)
        commands.append(" ".join(c if re.fullmatch(r"[-A-Za-z0-9_=.,/@+:]+", c) else "'%s'" % c
                                 for c in cmd))
        if "capped" in r:
            print("| %s | capped: no result within %d s | | | | | | | | > %d s |"
                  % (label, r["capped"], r["capped"]))
            continue
        if "refused" in r:
            print("| %s | refused (exit %d): %s | | | | | | | | |"
                  % (label, r["refused"], r["message"].replace("|", "\\|")))
            continue
        wildcard = model == "cell-suppression"
        removed = r.get("suppressed_rows", 0) if r.get("suppressed", "removed") == "removed" else 0
        aggregated = set(r.get("aggregates", {}))
        j = judge(out, inp, specs, sensitive, wildcard, removed, aggregated)
        if j["rows"] + removed != inp.n:
            print("warning: %s: %d published + %d removed != %d input rows"
                  % (label, j["rows"], removed, inp.n), file=sys.stderr)
        if "discernibility" in r and not wildcard and abs(r["discernibility"] - j["dm"]) > 0.5:
            print("warning: %s: DM from the file %d, the engine's %s"
                  % (label, j["dm"], r["discernibility"]), file=sys.stderr)
        # microaggregation+local counts its entropy against the aggregated values (documented).
        if "entropy" in r and j["entropy"] is not None and not aggregated and \
                abs(r["entropy"] - j["entropy"]) > 1e-6 * max(1.0, abs(j["entropy"])):
            print("warning: %s: entropy from the file %.3f, the engine's %.3f"
                  % (label, j["entropy"], r["entropy"]), file=sys.stderr)
        audit = "n/a (`*` wildcards)" if wildcard else ldiv_audit(args.ldiv, out, inp, specs,
                                                                  sensitive)
        if wildcard:
            classes = "%s distinct tuples" % fmt_int(j["classes"])
            smallest = "%d (smallest frequency %d)" % (j["min_class"], j["min_freq"])
            dm = "(%s over distinct tuples)" % fmt_int(j["dm"])
            sup = "%d / %s" % (r.get("suppressed_records", 0),
                               fmt_int(r.get("suppressed_cells_total", 0)))
        else:
            classes, smallest, dm = fmt_int(j["classes"]), str(j["min_class"]), fmt_int(j["dm"])
            sup = "%d / 0" % removed
        entropy = "n/a (aggregates)" if j["entropy"] is None else fmt_int(j["entropy"])
        own = "yes" if j["own_check"] else "NO"
        aud = {True: "yes", False: "NO"}.get(audit, audit)
        elapsed = (" (%s ms)" % fmt_int(r["elapsed_ms"])) if "elapsed_ms" in r else ""
        print("| %s | %s | %s | %s | %s | %s | %s | 1/%d = %.3f | %s / %s | %s / %s ms%s |"
              % (label, fmt_int(j["rows"]), classes, smallest, dm, entropy, sup,
                 round(1 / j["risk"]), j["risk"], own, aud, fmt_int(r["wall_s"] * 1000),
                 fmt_int(r["cpu_s"] * 1000), elapsed))
        sys.stdout.flush()
        if "node" in r:
            notes.append("%s: node %s" % (label, json.dumps(r["node"]).replace(" ", "")))
        if "iterations" in r:
            notes.append("%s: iterations %s" % (label, "; ".join(
                "%s released %s of %s rows" % (json.dumps(i["node"]).replace(" ", ""),
                                               fmt_int(i["released_rows"]),
                                               fmt_int(i["input_rows"]))
                for i in r["iterations"])))
        if "suppressed_cells" in r:
            notes.append("%s: cells per QI %s" % (label, ", ".join(
                "%s %s" % (q, fmt_int(c)) for q, c in sorted(r["suppressed_cells"].items(),
                                                             key=lambda qc: -qc[1]) if c)))
    if notes:
        print()
        for n in notes:
            print("- " + n)
    if args.show_commands:
        print()
        for c in commands:
            print("    " + c)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ldiv", nargs="?")
    ap.add_argument("--self-test", action="store_true", help="check this script's own counting")
    ap.add_argument("--tables", default="adult,mach2019,zip")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cap", type=int, default=60, help="seconds one run may take")
    ap.add_argument("--work", default="/tmp/ldiv-compare")
    ap.add_argument("--mach2019", default="/work/shared/data/mach2019")
    ap.add_argument("--zip", default=None, help="directory of zip.csv and zip_hierarchy.csv")
    ap.add_argument("--bench-load", default=None, help="bench_load, to write the zip table")
    ap.add_argument("--show-commands", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if not args.ldiv:
        ap.error("the ldiv binary is required")
    args.ldiv = os.path.abspath(args.ldiv)
    os.makedirs(args.work, exist_ok=True)
    tables = args.tables.split(",")

    if "adult" in tables:
        # Adult's QIs are categories but for age, so MDAV alone is refused; the combination
        # microaggregates age and recodes the rest.
        v = {"microaggregation+local": (ADULT, ["--aggregate", "age=mean"],
                                        "microaggregation+local (age=mean)")}
        for specs in (["k=5"], ["k=5", "distinct-l=3@occupation"]):
            compare(args, "Adult", ADULT, specs, "occupation", v)

    if "mach2019" in tables:
        text = os.path.join(args.work, "mach2019.ldiv.json")
        numeric = os.path.join(args.work, "mach2019_numeric.ldiv.json")
        mixed = os.path.join(args.work, "mach2019_numeric_age_familysize.ldiv.json")
        qis = {"age", "familysize", "gender", "married", "race", "religion"}
        write_json(text, mach2019_project(args.mach2019, qis))
        write_json(numeric, mach2019_project(args.mach2019, set()))
        write_json(mixed, mach2019_project(args.mach2019, qis - {"age", "familysize"}))
        v = {"microaggregation": (numeric, [], "microaggregation (all six QIs numeric)"),
             "microaggregation+local": (mixed, ["--aggregate", "age=mean", "--aggregate",
                                                "familysize=mean"],
                                        "microaggregation+local (age, familysize =mean)")}
        for specs in (["k=5"], ["k=5", "distinct-l=3@Q1A"]):
            compare(args, "mach2019", text, specs, "Q1A", v)

    if "zip" in tables:
        zdir = args.zip or os.path.join(args.work, "zip")
        if not os.path.exists(os.path.join(zdir, "zip.csv")):
            if not args.bench_load:
                sys.exit("no %s/zip.csv: give --bench-load or --zip" % zdir)
            os.makedirs(zdir, exist_ok=True)
            subprocess.run([args.bench_load, "zip", zdir, os.path.join(REPO, "resources")],
                           check=True)
        proj = os.path.join(args.work, "zip.ldiv.json")
        write_json(proj, zip_project(zdir))
        v = {"microaggregation+local": (proj, ["--aggregate", "age=mean"],
                                        "microaggregation+local (age=mean)")}
        compare(args, "zip", proj, ["k=5"], "occupation", v)


if __name__ == "__main__":
    main()
