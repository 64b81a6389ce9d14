"""`import ldiv` against the `ldiv` executable: every function's result equals the CLI's
--json object on the Adult and hospital examples, from a file and from a DataFrame, and a
DataFrame's round trip through publish keeps dtypes and missing values."""
import json
import math
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest

import ldiv

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "resources" / "examples"
LDIV = os.environ.get("LDIV_BIN", "ldiv")
HOSPITAL = str(EXAMPLES / "hospital" / "hospital.ldiv.json")
ADULT = str(EXAMPLES / "adult" / "adult.ldiv.json")

# Fields that measure time or name a temporary file: equal in kind, not in value.
VOLATILE = {"elapsed_ms", "load_ms", "classify_ms", "optimum_ms", "query_ms", "output",
            "ms", "seconds"}


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items()
                if k not in VOLATILE and not k.endswith("_ms")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def cli(*args):
    done = subprocess.run([LDIV, *args, "--json"], capture_output=True, text=True)
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("project", [HOSPITAL, ADULT])
def test_search_equals_cli(project):
    assert strip(ldiv.search(project=project).to_dict()) == strip(cli("search", "--project",
                                                                       project))


@pytest.mark.parametrize("project", [HOSPITAL, ADULT])
def test_audit_risk_explain_equal_cli(project):
    node = ldiv.search(project=project).optimum["levels"]
    levels = ",".join(str(v) for v in node)
    for name in ("audit", "explain"):
        got = getattr(ldiv, name)(project=project, node=node).to_dict()
        assert strip(got) == strip(cli(name, "--project", project, "--node", levels)), name
    assert strip(ldiv.risk(project=project).to_dict()) == strip(cli("risk", "--project",
                                                                     project))


def test_frontier_equals_cli():
    got = ldiv.frontier(project=HOSPITAL, suppression=["0", "0.1"]).to_dict()
    want = cli("frontier", "--project", HOSPITAL, "--suppression", "0", "--suppression", "0.1")
    assert strip(got) == strip(want)


def test_dataframe_input_equals_file_input():
    csv = EXAMPLES / "hospital" / "hospital.csv"
    frame = pd.read_csv(csv)
    h = {c: str(EXAMPLES / "hospital" / f"hierarchy_{c}.csv") for c in ("zip", "age",
                                                                        "nationality")}
    roles = dict(qi=["zip", "age", "nationality"], sensitive="condition", hierarchies=h,
                 criteria=["distinct-l=3"])
    from_frame = ldiv.search(frame, **roles).to_dict()
    from_file = ldiv.search(str(csv), **roles).to_dict()
    assert strip(from_frame) == strip(from_file)
    assert from_frame["satisfying_count"] > 0


def test_publish_round_trip_keeps_dtypes_and_missing(tmp_path):
    frame = pd.DataFrame({
        "age": [30, 31, 32, 33, 40, 41, 42, 43],
        "zip": ["13053", "13068", "13053", "13068", "14850", "14853", "14850", "14853"],
        "weight": [70.5, math.nan, 80.25, 60.0, 55.5, 90.0, math.nan, 75.0],
        "disease": ["flu", "cold", "flu", "cancer", "cold", "flu", "cancer", "cold"],
    })
    result = ldiv.publish(frame, qi=["zip"], sensitive="disease", insensitive=["age", "weight"],
                          hierarchies={"zip": "mask"}, criteria=["k=2"], node=[0],
                          keep_order=True)
    out = result.data
    assert result.rows == len(frame)
    assert out["age"].dtype == frame["age"].dtype
    assert out["weight"].dtype == frame["weight"].dtype
    assert out["weight"].isna().tolist() == frame["weight"].isna().tolist()
    assert out["weight"].dropna().tolist() == frame["weight"].dropna().tolist()
    assert out["zip"].tolist() == frame["zip"].tolist()


def test_publish_release_record_and_verify(tmp_path):
    csv = EXAMPLES / "hospital" / "hospital.csv"
    result = ldiv.publish(project=HOSPITAL, release=True)
    assert result.release is not None and result.satisfies
    assert len(result.data) == result.rows


def test_errors_are_typed_and_name_the_place(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text('a,b\n1,"2\n')
    with pytest.raises(ldiv.InputError) as e:
        ldiv.search(str(bad), qi=["a"], hierarchies={"a": "suppress"}, criteria="k=2")
    assert "bad.csv" in str(e.value) and e.value.file.endswith("bad.csv")
    with pytest.raises(ldiv.ParameterError):
        ldiv.search(project=HOSPITAL, criteria="no-such-criterion=3")


def test_progress_is_reported():
    seen = []
    ldiv.search(project=ADULT, progress=seen.append)
    assert all(0.0 <= p <= 1.0 for p in seen)


def test_project_load_and_save(tmp_path):
    p = ldiv.Project.load(HOSPITAL)
    assert p.config["qi_order"] == ["zip", "age", "nationality"]
    with pytest.raises(ldiv.InputError):
        ldiv.Project.load(tmp_path / "missing.ldiv.json")
