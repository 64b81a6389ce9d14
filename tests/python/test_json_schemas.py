"""The JSON contracts of docs/schema against the files and the binary (issue 35).

Checks, with python3-jsonschema (Draft 2020-12):
  - every schema is itself a valid Draft 2020-12 schema;
  - every project file shipped or used as a good fixture (resources/, tests/data/golden,
    the fuzz seeds that ldiv reads without error) validates against project.schema.json, and
    the bad fixtures whose fault is a type, an enum or a range are rejected by it;
  - every golden expectation (tests/data/golden/*/expected.json) validates against
    search-expected.schema.json;
  - the live `--json` output of each subcommand on the bundled examples (Adult, Hospital)
    validates against its schema;
  - mutated documents (a required key removed, a key's type changed, an enum value out of
    its set) are rejected, so a schema that accepts anything fails here.
The binary is LDIV_BIN or build/app/ldiv.
"""
import copy
import json
import os
import pathlib
import re
import subprocess

import pytest

jsonschema = pytest.importorskip("jsonschema")
from jsonschema import Draft202012Validator  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schema"
EXAMPLES = ROOT / "resources" / "examples"
ADULT = EXAMPLES / "adult" / "adult.ldiv.json"
HOSPITAL = EXAMPLES / "hospital" / "hospital.ldiv.json"
NURSERY = EXAMPLES / "nursery" / "nursery.ldiv.json"
LDIV = os.environ.get("LDIV_BIN") or str(ROOT / "build" / "app" / "ldiv")

# Bad project fixtures that the reader refuses for a fault the schema can see (a type, an
# enum, a range, a missing format): the schema must refuse them too.
BAD_PROJECTS_SCHEMA_REJECTS = [
    "tests/data/bad/project_bad_version_type.ldiv.json",
    "tests/data/bad/project_bad_role.ldiv.json",
    "tests/data/bad/project_future_version.ldiv.json",
    "tests/data/bad/project_not_ldiv.json",
    "tests/data/bad/cli/project_bad_suppression.ldiv.json",
    "tests/data/bad/cli/project_hierarchy_number.ldiv.json",
]


def validator(name):
    return Draft202012Validator(json.loads((SCHEMAS / name).read_text(encoding="utf-8")))


def errors(name, document):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(name).iter_errors(document)]


def ldiv_json(*args, expect=(0,)):
    r = subprocess.run([LDIV, *map(str, args)], capture_output=True, text=True, timeout=300)
    command = "ldiv " + " ".join(map(str, args))
    assert r.returncode in expect, f"{command}: exit {r.returncode}\n{r.stderr}"
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, f"{command}: not one JSON line:\n{r.stdout}"
    return json.loads(lines[0])


def test_schemas_are_valid_draft_2020_12():
    names = sorted(p.name for p in SCHEMAS.glob("*.schema.json"))
    assert len(names) >= 17, names
    for name in names:
        Draft202012Validator.check_schema(json.loads((SCHEMAS / name).read_text(encoding="utf-8")))


def good_projects():
    found = sorted(EXAMPLES.rglob("*.ldiv.json")) + sorted(
        (ROOT / "tests" / "data" / "golden").rglob("*.ldiv.json"))
    bad = {ROOT / p for p in BAD_PROJECTS_SCHEMA_REJECTS}
    # Fuzz seeds are also bad inputs; only those ldiv's reader accepts belong here.
    seeds = sorted((ROOT / "tests" / "fuzz" / "corpus" / "project").glob("*.ldiv.json"))
    return found, bad, seeds


def test_project_files_validate():
    found, _, _ = good_projects()
    assert len(found) >= 9, found  # the three examples and the six golden cases
    for path in found:
        document = json.loads(path.read_text(encoding="utf-8"))
        assert errors("project.schema.json", document) == [], path


def test_fuzz_seed_projects_the_reader_accepts_validate():
    _, _, seeds = good_projects()
    checked = 0
    for path in seeds:
        r = subprocess.run([LDIV, "inspect", "--project", path, "--json"], capture_output=True,
                           text=True, timeout=120, cwd=path.parent)
        # The seeds' tables are not beside them: a seed whose project the reader accepted
        # fails later, on opening its data file.
        if r.returncode != 0 and "cannot open the file for reading" not in r.stderr:
            continue
        checked += 1
        document = json.loads(path.read_text(encoding="utf-8"))
        assert errors("project.schema.json", document) == [], path
    assert checked >= 4, checked


def test_bad_projects_are_rejected():
    for relative in BAD_PROJECTS_SCHEMA_REJECTS:
        path = ROOT / relative
        document = json.loads(path.read_text(encoding="utf-8"))
        assert errors("project.schema.json", document), f"{relative} passed the schema"
        # ... and ldiv refuses them too: the schema is no stricter than the reader here.
        r = subprocess.run([LDIV, "search", "--project", path, "--json"], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode in (1, 2), relative


def test_golden_expectations_validate():
    cases = sorted((ROOT / "tests" / "data" / "golden").glob("*/expected.json"))
    assert len(cases) >= 6
    for path in cases:
        assert errors("search-expected.schema.json",
                      json.loads(path.read_text(encoding="utf-8"))) == [], path


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    """The live --json output of every subcommand that has one, on Adult and Hospital."""
    tmp = tmp_path_factory.mktemp("ldiv-json")
    out = {}
    out["version"] = [ldiv_json("--version", "--json")]
    out["inspect"] = [ldiv_json("inspect", "--project", p, "--json") for p in (ADULT, HOSPITAL)]
    out["search"] = [ldiv_json("search", "--project", p, "--json") for p in (ADULT, HOSPITAL)]
    out["search"].append(ldiv_json("search", "--project", HOSPITAL, "--algorithm", "heuristic",
                                   "--json"))
    # k = 100 on Hospital's 12 rows: nothing satisfies, the optimum is null (exit 3).
    out["search"].append(ldiv_json("search", "--project", HOSPITAL, "--criterion", "k=100",
                                   "--json", expect=(3,)))
    out["audit"] = [ldiv_json("audit", "--project", HOSPITAL, "--node", "1,2,1", "--json"),
                    ldiv_json("audit", "--project", ADULT, "--node", "1,1,1,1,1,1,1",
                              "--class-measures", "--json", expect=(0, 3))]
    out["explain"] = [ldiv_json("explain", "--project", HOSPITAL, "--node", "0,0,0", "--json",
                                expect=(3,)),
                      ldiv_json("explain", "--project", HOSPITAL, "--node", "1,2,1", "--json")]
    out["risk"] = [ldiv_json("risk", "--project", HOSPITAL, "--node", "1,2,1", "--json"),
                   ldiv_json("risk", "--project", ADULT, "--node", "1,1,1,1,1,1,1",
                             "--attribute-combinations", "--json")]
    out["utility"] = [ldiv_json("utility", "--project", HOSPITAL, "--node", "1,2,1", "--json")]
    out["beliefs"] = [ldiv_json("beliefs", "--project", HOSPITAL, "--node", "1,2,1", "--json")]
    out["diagnose"] = [ldiv_json("diagnose", "--project", HOSPITAL, "--question", "3", "--k", "2",
                                 "--json"),
                       ldiv_json("diagnose", "--project", HOSPITAL, "--question", "5", "--k", "4",
                                 "--delta", "0.2", "--rows", "--json", expect=(0, 3))]
    out["frontier"] = [ldiv_json("frontier", "--project", HOSPITAL, "--criteria-grid", "k=2,4,100",
                                 "--json")]
    table, release = tmp / "hospital_out.csv", tmp / "hospital.ldiv-release.json"
    out["generalize"] = [
        ldiv_json("generalize", "--project", HOSPITAL, "--node", "optimum", "--output", table,
                  "--release", release, "--json"),
        ldiv_json("generalize", "--project", HOSPITAL, "--transform", "mondrian", "--criterion",
                  "k=2", "--output", tmp / "mondrian.csv", "--json"),
        # SafePub (docs/dp.md): on Adult, whose size the mechanism's sampling needs.
        ldiv_json("generalize", "--project", ADULT, "--criterion", "differential-privacy=2,1e-5",
                  "--seed", "7", "--steps", "20", "--output", tmp / "safepub.csv", "--json"),
        ldiv_json("generalize", "--project", HOSPITAL, "--transform", "cell-suppression",
                  "--criterion", "k=2", "--output", tmp / "cells.csv", "--json"),
        ldiv_json("generalize", "--project", HOSPITAL, "--transform", "microaggregation+local",
                  "--aggregate", "age=mean", "--criterion", "k=4", "--output",
                  tmp / "microaggregation_local.csv", "--json"),
    ]
    out["verify"] = [ldiv_json("verify", release, "--published", table, "--original",
                               EXAMPLES / "hospital" / "hospital.csv", "--json"),
                     # Without the original some claims are not checked (exit 3).
                     ldiv_json("verify", release, "--published", table, "--json", expect=(3,))]
    # (tau, l) needs a taxonomy of the sensitive attribute: Nursery's project has one.
    out["sweep"] = [ldiv_json("sweep", "--project", NURSERY, "--tau", "0.5", "--l", "3",
                              "--output", tmp / "sweep.csv", "--json")]
    out["synth"] = [ldiv_json("synth", EXAMPLES / "hospital" / "hospital.csv", "--rows", "20",
                              "--seed", "1", "--output", tmp / "synth.csv", "--json")]
    out["experiment"] = [ldiv_json("experiment", "homogeneity", "--project", HOSPITAL, "--json"),
                         ldiv_json("experiment", "eligible", "--project", NURSERY, "--json"),
                         ldiv_json("experiment", "tau-profile", "--project", NURSERY, "--tau",
                                   "0.45", "--l", "4", "--json")]
    return out


SUBCOMMANDS = ["version", "inspect", "search", "audit", "explain", "risk", "utility", "beliefs",
               "diagnose", "frontier", "generalize", "verify", "sweep", "synth", "experiment"]


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_live_output_validates(outputs, name):
    assert outputs[name], name
    for document in outputs[name]:
        assert errors(f"{name}.schema.json", document) == [], json.dumps(document)[:2000]


def test_generalize_covers_its_three_shapes(outputs):
    shapes = {"mechanism" if "mechanism" in d else "transform" if "transform" in d else "node"
              for d in outputs["generalize"]}
    assert shapes == {"mechanism", "transform", "node"}


def test_every_json_subcommand_has_a_schema():
    help_text = subprocess.run([LDIV, "--help"], capture_output=True, text=True).stdout
    listed = [line.split()[0] for line in help_text.split("Subcommands:")[-1].splitlines()
              if re.match(r"  [a-z]", line)]
    assert "search" in listed and "keygen" in listed, help_text
    for name in listed:
        if name == "keygen":  # writes a key pair; it has no --json
            continue
        assert (SCHEMAS / f"{name}.schema.json").exists(), name


def mutations(document, schema_name):
    """Documents that must fail: each required top-level key dropped, and its value replaced
    by one of another JSON type."""
    required = json.loads((SCHEMAS / schema_name).read_text(encoding="utf-8")).get("required", [])
    for key in required:
        dropped = copy.deepcopy(document)
        del dropped[key]
        yield f"without {key}", dropped
        retyped = copy.deepcopy(document)
        retyped[key] = {"not": "this"} if not isinstance(document[key], dict) else "not an object"
        yield f"{key} retyped", retyped


@pytest.mark.parametrize("name", ["project", "inspect", "audit", "risk", "sweep", "verify",
                                  "explain", "frontier", "diagnose"])
def test_mutated_documents_are_rejected(outputs, name):
    document = (json.loads(HOSPITAL.read_text(encoding="utf-8")) if name == "project"
                else outputs[name][0])
    assert errors(f"{name}.schema.json", document) == []
    cases = list(mutations(document, f"{name}.schema.json"))
    assert cases, f"{name}.schema.json lists no required key"
    for what, mutated in cases:
        assert errors(f"{name}.schema.json", mutated), f"{name}: {what} was accepted"


def test_enum_and_nested_violations_are_rejected(outputs):
    project = json.loads(HOSPITAL.read_text(encoding="utf-8"))
    for key, value in [("metric", "utility"), ("algorithm", "genetic"), ("suppression_limit", 2),
                       ("format", "arx-project")]:
        mutated = dict(project, **{key: value})
        assert errors("project.schema.json", mutated), key
    mutated = copy.deepcopy(project)
    mutated["attributes"][0]["hierarchy"] = {"levels": [[1, 2]]}
    assert errors("project.schema.json", mutated)
    search = copy.deepcopy(outputs["search"][1])
    search["minimal_nodes"] = [["1", "2", "1"]]  # levels are integers
    assert errors("search.schema.json", search)
    search = copy.deepcopy(outputs["search"][1])
    del search["statistics"]["threads"]
    assert errors("search.schema.json", search)
    verify = copy.deepcopy(outputs["verify"][0])
    verify["claims"][0]["verdict"] = "probably"
    assert errors("verify.schema.json", verify)
