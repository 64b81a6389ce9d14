#!/usr/bin/env python3
"""Renames workbench folders whose names collided with app/ and the core's folders (issue 23):

    ui/app     -> ui/workbench   (the main window, start page, autosave: the workbench shell)
    ui/search  -> ui/session     (the search session, prepared input and node analyses)
    ui/explain -> ui/lattice     (sub-panels of the lattice perspective; nothing else uses them)
    ui/frontier-> ui/lattice

and rewrites the includes that name them (`"app/mainwindow.h"` -> `"workbench/mainwindow.h"`)
in ui/ app/ tests/, plus mentions of the folders (`ui/app/`) in docs, CMake and comments. Also
rewrites includes of single workbench files moved earlier (FILE_MOVES), so a branch merged
after the move that still includes an old path is fixed by running this again.

Re-runnable and idempotent: a folder already renamed is skipped; files that another branch
added to an old folder after the rename are moved into the new one. Fails, changing nothing,
when a file would overwrite another.

    python3 scripts/dev/move_ui_folders.py            # apply
    python3 scripts/dev/move_ui_folders.py --check    # report only (exit 1 if work remains)
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from include_paths import (CXX_SUFFIXES, TEXT_SUFFIXES, files_under, git_mv,  # noqa: E402
                           repo_root, rewrite_file)

FOLDERS = {
    "app": "workbench",
    "search": "session",
    "explain": "lattice",
    "frontier": "lattice",
}
# Single files moved by hand (commit "Perspectives stop including each other"), for includes
# that other branches still have.
FILE_MOVES = {
    "lattice/nodestyle.h": "format/nodestyle.h",
    "data/rolestyle.h": "format/rolestyle.h",
}
# Includes are rewritten in these trees only: core/src has folders of the same names
# ("search/node_judge.h") that are not the workbench's.
INCLUDE_TREES = ["ui", "app", "tests"]
MENTION_TREES = ["ui", "app", "tests", "docs", "scripts", "cmake", "installer", "core"]
TOP_FILES = ["CMakeLists.txt", "README.md"]
SELF = Path(__file__).resolve()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report only; exit 1 if work remains")
    args = ap.parse_args()
    root = repo_root()
    ui = root / "ui"

    moves = []
    for old, new in FOLDERS.items():
        if not (ui / old).is_dir():
            continue
        for f in sorted((ui / old).rglob("*")):
            if f.is_file():
                moves.append((f, ui / new / f.relative_to(ui / old)))
    clashes = [(a, b) for a, b in moves if b.exists()]
    if clashes:
        for a, b in clashes:
            print(f"move_ui_folders: {a.relative_to(root)} would overwrite {b.relative_to(root)}",
                  file=sys.stderr)
        print("move_ui_folders: nothing changed", file=sys.stderr)
        return 1

    def rewrite(path: str):
        if path in FILE_MOVES:
            return FILE_MOVES[path]
        head, _, rest = path.partition("/")
        if head in FOLDERS and rest:
            new = f"{FOLDERS[head]}/{rest}"
            # Only includes of workbench files: the file must be (or be about to be) in ui/.
            if (ui / new).exists() or (ui / path).exists():
                return new
        return None

    mention = re.compile(r"(?<![\w/.])ui/(" + "|".join(FOLDERS) + r")/")
    # Keep the old names in this script and in the layering test's rule table.
    skip = {SELF, (root / "scripts/dev/include_paths.py").resolve(),
            (root / "tests/core/test_layering.cpp").resolve()}

    def sources(trees):
        out = files_under(root, trees, CXX_SUFFIXES | TEXT_SUFFIXES)
        out += [root / f for f in TOP_FILES if (root / f).exists()]
        return [f for f in out if f.resolve() not in skip]

    if args.check:
        pending = [f"move {a.relative_to(root)} -> {b.relative_to(root)}" for a, b in moves]
        for f in sources(MENTION_TREES):
            if mention.search(f.read_text(encoding="utf-8", errors="replace")):
                pending.append(f"rewrite {f.relative_to(root)}")
        print("\n".join(pending) if pending else "move_ui_folders: nothing to do")
        return 1 if pending else 0

    for a, b in moves:
        git_mv(root, a, b)
    for old in FOLDERS:
        d = ui / old
        if d.is_dir() and not any(d.rglob("*")):
            for sub in sorted(d.rglob("*"), reverse=True):
                sub.rmdir()
            d.rmdir()
    changed = sum(rewrite_file(f, rewrite) for f in sources(INCLUDE_TREES)
                  if f.suffix in CXX_SUFFIXES)
    for f in sources(MENTION_TREES):
        text = f.read_text(encoding="utf-8")
        new = mention.sub(lambda m: f"ui/{FOLDERS[m.group(1)]}/", text)
        if new != text:
            f.write_text(new, encoding="utf-8")
            changed += 1
    print(f"move_ui_folders: {len(moves)} files moved, {changed} rewrites")
    return 0


if __name__ == "__main__":
    sys.exit(main())
