#!/usr/bin/env python3
"""Groups the public headers of core/include/ldiv/ by domain (issue 23).

Each header moves to core/include/ldiv/<domain>/<name>.h, named after its main type (or, for a
header of free functions, after what they do), and internal (`detail`) headers move into
core/src/. Every include of an old path, and every mention of one (comments, docs, CMake), is
rewritten in core/ ui/ app/ sources/ tests/ docs/ and the top-level files.

Re-runnable and idempotent: a header already moved is left alone and a second run changes
nothing. Safe on a tree that gained headers since the mapping was written: before changing
anything it lists every header directly in core/include/ldiv/ that the mapping does not name,
and every `ldiv/…` include that names no header, and stops (exit 1). Add those to MAPPING and
run again.

    python3 scripts/dev/move_headers.py            # apply
    python3 scripts/dev/move_headers.py --check    # only report what would change (exit 1 if any)
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from include_paths import (CXX_SUFFIXES, TEXT_SUFFIXES, INCLUDE, files_under, git_mv,  # noqa: E402
                           repo_root, rewrite_file, sort_include_runs)

# Old public header (relative to core/include/) → new one. Keep sorted by domain.
MAPPING = {
    # data: the dictionary-encoded table, its sources, errors and progress
    "ldiv/table.h": "ldiv/data/table.h",
    "ldiv/table_source.h": "ldiv/io/table_source.h",
    "ldiv/error.h": "ldiv/data/error.h",
    "ldiv/feedback.h": "ldiv/data/feedback.h",
    "ldiv/lookalikes.h": "ldiv/data/lookalikes.h",
    # io: CSV in and out
    "ldiv/csv.h": "ldiv/io/csv_table_reader.h",
    "ldiv/csv_groups.h": "ldiv/io/csv_group_reader.h",
    # hierarchy
    "ldiv/hierarchy.h": "ldiv/hierarchy/hierarchy.h",
    "ldiv/hierarchy_builders.h": "ldiv/hierarchy/hierarchy_builders.h",
    "ldiv/hierarchy_spec.h": "ldiv/hierarchy/hierarchy_spec.h",
    # project: configuration file and the loaded workspace
    "ldiv/project.h": "ldiv/project/workspace.h",
    "ldiv/search_settings.h": "ldiv/project/search_settings.h",
    # lattice: nodes, grouping into classes, publishing, explaining
    "ldiv/lattice.h": "ldiv/lattice/lattice.h",
    "ldiv/dataset.h": "ldiv/lattice/dataset.h",
    "ldiv/class_partition.h": "ldiv/lattice/class_partition.h",
    "ldiv/upset.h": "ldiv/lattice/up_set.h",
    "ldiv/publish.h": "ldiv/publish/published_node.h",
    "ldiv/explain.h": "ldiv/publish/explanation.h",
    "ldiv/audit.h": "ldiv/publish/audit_summary.h",
    "ldiv/generalize.h": "ldiv/lattice/generalize.h",
    # criteria
    "ldiv/criteria.h": "ldiv/criteria/criterion.h",
    "ldiv/criteria_types.h": "ldiv/criteria/criterion_types.h",
    "ldiv/criteria_spec.h": "ldiv/criteria/criterion_spec.h",
    "ldiv/criteria_distribution.h": "ldiv/criteria/distribution_criteria.h",
    "ldiv/criteria_risk.h": "ldiv/criteria/node_risk.h",
    "ldiv/criteria_multi.h": "ldiv/criteria/joint_histogram.h",
    "ldiv/criteria_tau.h": "ldiv/criteria/sensitive_taxonomy.h",
    "ldiv/criteria_beliefs.h": "ldiv/criteria/disclosure_report.h",
    "ldiv/criteria_inputs.h": "ldiv/criteria/criteria_inputs.h",
    "ldiv/criteria_presence.h": "ldiv/criteria/delta_presence.h",
    "ldiv/research_subset.h": "ldiv/criteria/presence_dataset.h",
    # evaluation: judging one node; the configuration the search shares with it
    "ldiv/evaluation.h": "ldiv/evaluation/criterion_result.h",
    "ldiv/search_config.h": "ldiv/evaluation/search_config.h",
    # search
    "ldiv/search.h": "ldiv/search/search_result.h",
    "ldiv/heuristic_search.h": "ldiv/search/heuristic_result.h",
    "ldiv/frontier.h": "ldiv/search/frontier_result.h",
    # metrics
    "ldiv/metrics.h": "ldiv/metrics/node_metrics.h",
    # risk
    "ldiv/risk.h": "ldiv/risk/risk_analysis.h",
    "ldiv/risk_population.h": "ldiv/risk/population_uniqueness.h",
    "ldiv/risk_attributes.h": "ldiv/risk/attribute_combination_risk.h",
    # release records
    "ldiv/release.h": "ldiv/release/release_record.h",
    "ldiv/published_table.h": "ldiv/release/published_table.h",
    # crypto
    "ldiv/digest.h": "ldiv/crypto/digest.h",
    "ldiv/pseudonymize.h": "ldiv/crypto/pseudonyms.h",
    # attacks and experiments
    "ldiv/beliefs_analysis.h": "ldiv/attacks/belief_analysis.h",
    "ldiv/experiments.h": "ldiv/experiments/experiments.h",
    "ldiv/experiments_background.h": "ldiv/experiments/background_attack.h",
    "ldiv/id3.h": "ldiv/experiments/id3_tree.h",
    # (τ,ℓ)-diversity
    "ldiv/tau_recoding.h": "ldiv/tau/tau_input.h",
    "ldiv/sweep.h": "ldiv/tau/sweep_result.h",
    "ldiv/tau_baselines.h": "ldiv/tau/baseline_outcome.h",
    "ldiv/tau_analysis.h": "ldiv/tau/tau_analysis.h",
    "ldiv/tau_audit.h": "ldiv/tau/tau_audit.h",
    "ldiv/tau_classification.h": "ldiv/tau/tau_classification.h",
    "ldiv/tau_profile.h": "ldiv/tau/tau_profile.h",
    "ldiv/tau_runner.h": "ldiv/tau/tau_runner.h",
    # diagnosis
    "ldiv/diagnosis.h": "ldiv/diagnosis/diagnosis_result.h",
    "ldiv/diagnosis_suppression.h": "ldiv/diagnosis/suppressed_anonymity.h",
    # synthetic tables
    "ldiv/synth.h": "ldiv/synth/synth.h",
}

# Internal headers (namespace ldv::detail): out of the public tree, into core/src/ (relative
# to core/src/, the include root of the core's own sources).
DETAIL = {
    "ldiv/criteria_detail.h": "criteria/sorted_counts.h",
}

# Headers that stay directly in core/include/ldiv/.
STAY = {"ldiv/ldiv.h"}

# Where includes and mentions are rewritten.
TREES = ["core", "ui", "app", "sources", "tests", "docs", "scripts", "cmake", "installer"]
TOP_FILES = ["CMakeLists.txt", "README.md"]
SELF = Path(__file__).resolve()


def mention_pattern(table):
    """`ldiv/x.h`, or `core/include/ldiv/x.h`, as a whole path (not the tail of a longer one)."""
    names = sorted(table, key=len, reverse=True)
    return re.compile(r"(?<![\w/.])((?:core/include/)?)(" + "|".join(re.escape(n) for n in names) +
                      r")(?![\w/])")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report only; exit 1 if work remains")
    args = ap.parse_args()

    root = repo_root()
    inc = root / "core" / "include"
    src = root / "core" / "src"

    # 1. Every header directly in core/include/ldiv/ must be mapped; nothing moves otherwise.
    flat = sorted(p.relative_to(inc).as_posix() for p in (inc / "ldiv").glob("*.h"))
    unmapped = [h for h in flat if h not in MAPPING and h not in DETAIL and h not in STAY]
    clashes = [(o, n) for o, n in MAPPING.items() if (inc / o).exists() and (inc / n).exists()]
    clashes += [(o, n) for o, n in DETAIL.items() if (inc / o).exists() and (src / n).exists()]
    if unmapped or clashes:
        for h in unmapped:
            print(f"move_headers: core/include/{h} is not in MAPPING (nor DETAIL/STAY)",
                  file=sys.stderr)
        for o, n in clashes:
            print(f"move_headers: both core/include/{o} and its new place {n} exist: merge them "
                  "by hand first", file=sys.stderr)
        print("move_headers: nothing changed; add the headers above to scripts/dev/"
              "move_headers.py and run it again", file=sys.stderr)
        return 1
    targets = list(MAPPING.values()) + list(DETAIL.values())
    if len(set(targets)) != len(targets):
        print("move_headers: two headers map to the same new path", file=sys.stderr)
        return 1

    # 2. Moves.
    moves = [(inc / o, inc / n) for o, n in MAPPING.items() if (inc / o).exists()]
    moves += [(inc / o, src / n) for o, n in DETAIL.items() if (inc / o).exists()]
    # 3. Rewrites: full paths anywhere (includes, comments, docs); detail headers as the core's
    # sources include them.
    table = dict(MAPPING)
    table.update(DETAIL)
    pattern = mention_pattern(table)

    def replace(m):
        old = m.group(2)
        if not m.group(1):
            return table[old]
        return ("core/src/" if old in DETAIL else "core/include/") + table[old]

    def sources():
        out = files_under(root, TREES, CXX_SUFFIXES | TEXT_SUFFIXES)
        out += [root / f for f in TOP_FILES if (root / f).exists()]
        return [f for f in out if f.resolve() != SELF and f.name != "include_paths.py"]

    files = sources()
    if args.check:
        pending = [f"move {a.relative_to(root)} -> {b.relative_to(root)}" for a, b in moves]
        for f in files:
            if pattern.search(f.read_text(encoding="utf-8", errors="replace")):
                pending.append(f"rewrite {f.relative_to(root)}")
        print("\n".join(pending) if pending else "move_headers: nothing to do")
        return 1 if pending else 0

    for a, b in moves:
        git_mv(root, a, b)
        print(f"moved {a.relative_to(root)} -> {b.relative_to(root)}")
    files = sources()
    changed = 0
    for f in files:
        if not f.exists():
            continue
        text = f.read_text(encoding="utf-8")
        new = pattern.sub(replace, text)
        if f.suffix in CXX_SUFFIXES and new != text:
            new = sort_include_runs(new)
        if new != text:
            f.write_text(new, encoding="utf-8")
            changed += 1
    print(f"move_headers: {len(moves)} headers moved, {changed} files rewritten")

    # 4. Every ldiv include must now name a header (a new header nobody mapped, or a typo in
    # MAPPING, fails here).
    public = {p.relative_to(inc).as_posix() for p in (inc / "ldiv").rglob("*.h")}
    # Modules with their own include root (sources/postgres: ldiv/postgres.h) keep their names.
    for other in sorted(root.glob("sources/*/include")):
        public |= {p.relative_to(other).as_posix() for p in other.rglob("*.h")}
    unknown = []
    for f in files:
        if f.suffix not in CXX_SUFFIXES or not f.exists():
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8").split("\n"), 1):
            m = INCLUDE.match(line)
            if m and m.group(3).startswith("ldiv/") and m.group(3) not in public:
                unknown.append(f"{f.relative_to(root)}:{n}: {m.group(3)}")
    if unknown:
        print("move_headers: includes of ldiv headers that do not exist:\n  " +
              "\n  ".join(unknown), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
