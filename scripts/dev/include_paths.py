"""Shared by move_headers.py and move_ui_folders.py: finding the C++ sources, rewriting the
paths of #include lines, and keeping each run of quoted includes sorted the way clang-format
sorts it (.clang-format: IncludeBlocks Preserve), so a rewrite leaves a formatted tree."""
import re
import subprocess
from pathlib import Path

INCLUDE = re.compile(r'^(\s*#\s*include\s*)([<"])([^>"]+)([>"])(.*)$')
CXX_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cxx", ".inc"}
TEXT_SUFFIXES = {".md", ".txt", ".cmake", ".py", ".sh", ".json"}


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).resolve().parent)
    return Path(out.stdout.strip())


def files_under(root: Path, tops, suffixes):
    """Files (tracked or not, never build trees) under the top folders with these suffixes."""
    out = []
    for top in tops:
        base = root / top
        if not base.exists():
            continue
        for p in sorted(base.rglob("*")):
            parts = p.relative_to(root).parts
            if not p.is_file() or any(x == "build" or x.startswith("build-") for x in parts):
                continue
            if p.suffix in suffixes or p.name == "CMakeLists.txt":
                out.append(p)
    return out


def sort_include_runs(text: str) -> str:
    """Sorts each run of consecutive `#include "…"` lines by path (what clang-format does to a
    block of quoted includes). Angle-bracket includes and single lines are left alone."""
    lines = text.split("\n")
    out, run = [], []

    def flush():
        if len(run) > 1:
            run.sort(key=lambda l: INCLUDE.match(l).group(3))
        out.extend(run)
        run.clear()

    for line in lines:
        m = INCLUDE.match(line)
        if m and m.group(2) == '"':
            run.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


def rewrite_file(path: Path, rewrite, sort=True) -> bool:
    """Applies `rewrite(included_path) -> new path or None` to every include of a C++ file;
    returns whether the file changed."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        m = INCLUDE.match(line)
        if not m:
            continue
        new = rewrite(m.group(3))
        if new and new != m.group(3):
            lines[i] = f"{m.group(1)}{m.group(2)}{new}{m.group(4)}{m.group(5)}"
            changed = True
    if not changed:
        return False
    new_text = "\n".join(lines)
    if sort:
        new_text = sort_include_runs(new_text)
    path.write_text(new_text, encoding="utf-8")
    return True


def git_mv(root: Path, src: Path, dst: Path):
    """git mv when the file is tracked (keeps history), a plain rename otherwise."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    tracked = subprocess.run(["git", "ls-files", "--error-unmatch", str(src)], cwd=root,
                             capture_output=True).returncode == 0
    if tracked:
        subprocess.run(["git", "mv", str(src), str(dst)], cwd=root, check=True)
    else:
        src.rename(dst)
