"""The bash completions of ldiv (`ldiv completions bash`, installed by the .deb as
/usr/share/bash-completion/completions/ldiv) against the CLI's own help (issue 35).

The script is generated from the attached CLI11 options (app/cli/completion.cpp); this checks
that it names every subcommand `ldiv --help` lists and every option each `ldiv SUB --help`
lists, that bash parses it, and that the completion function, called the way bash calls it,
offers the right candidates. The binary is LDIV_BIN or build/app/ldiv; LDIV_COMPLETION, when
set, is the file the build generated (it must equal the binary's output).
"""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LDIV = os.environ.get("LDIV_BIN") or str(ROOT / "build" / "app" / "ldiv")
BASH = shutil.which("bash")


def run(*args):
    return subprocess.run([LDIV, *args], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def script(tmp_path_factory):
    r = run("completions", "bash")
    assert r.returncode == 0, r.stderr
    path = tmp_path_factory.mktemp("completion") / "ldiv"
    path.write_text(r.stdout)
    return path


def subcommands():
    text = run("--help").stdout
    return [line.split()[0] for line in text.split("Subcommands:")[-1].splitlines()
            if re.match(r"  [a-z]", line)]


def test_generated_file_is_the_binarys_output(script):
    built = os.environ.get("LDIV_COMPLETION")
    if not built:
        pytest.skip("LDIV_COMPLETION not set")
    assert pathlib.Path(built).read_text() == script.read_text()


def test_names_every_subcommand_and_option(script):
    text = script.read_text()
    names = subcommands()
    assert len(names) >= 15 and "search" in names and "generalize" in names, names
    for name in names:
        assert re.search(rf"^\s+{re.escape(name)}\) opts=", text, re.M), name
        # The option column of the help: "  -c,--criterion TEXT ..." (not the descriptions).
        listed = {n for line in run(name, "--help").stdout.splitlines()
                  if re.match(r"\s+-", line)
                  for n in line.split()[0].split(",") if n.startswith("-")}
        line = re.search(rf"^\s+{re.escape(name)}\) opts=\"([^\"]*)\"", text, re.M).group(1)
        missing = listed - set(line.split())
        assert not missing, f"{name}: {sorted(missing)}"
    for sample in ["--criterion", "--project", "--json", "--node", "--algorithm", "--output"]:
        assert sample in text, sample


def test_completions_are_hidden_and_refuse_other_shells():
    assert "completions" not in subcommands()
    r = run("completions", "zsh")
    assert r.returncode == 1 and "bash" in r.stderr


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_parses_it(script):
    r = subprocess.run([BASH, "-n", str(script)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def complete(script, *words):
    """COMPREPLY of _ldiv for the command line `words` (the last one being completed)."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    program = (f"source '{script}'\n"
               f"COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}\n"
               "_ldiv ldiv \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n"
               "printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    r = subprocess.run([BASH, "--norc", "--noprofile", "-c", program], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    return sorted(w for w in r.stdout.splitlines() if w)


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_completion_function_candidates(script):
    assert complete(script, "ldiv", "gen") == ["generalize"]
    assert complete(script, "ldiv", "search", "--cri") == ["--criterion"]
    assert "--suppressed" in complete(script, "ldiv", "generalize", "--sup")
    # A fixed set of values (CLI::IsMember) is offered after its option.
    assert complete(script, "ldiv", "generalize", "--suppressed", "") == ["mask", "remove"]
    assert complete(script, "ldiv", "search", "--algorithm", "") == sorted(
        ["brute", "fast", "heuristic", "incognito"])
    # Options come from the subcommand on the line, not from another one.
    assert complete(script, "ldiv", "inspect", "--suppr") == []
    # A word that is not an option is a file: left to bash's default completion.
    assert complete(script, "ldiv", "search", "res") == []
    every = complete(script, "ldiv", "")
    assert set(subcommands()) <= set(every) and "--version" in every
