"""A DataFrame handed to the engine in memory (python/frame_source.h) against the `ldiv`
executable on the same table as a CSV file: the CSV text the module writes for each kind of
column (objects with None/NaN/pd.NA, unicode and quoting, categoricals, integers with NaN,
floats, booleans, pandas strings) is checked against text written by hand, and the engine's
view of the frame (types, distinct values, missing values, classes, search results) equals
the CLI's on that text."""
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ldiv
from cli_json import cli, strip
from ldiv import _frames, _ldiv

ROOT = Path(__file__).resolve().parents[2]
ADULT = ROOT / "resources" / "examples" / "adult"


def mixed_frame():
    return pd.DataFrame({
        "name": ["Zoë", "a,b", 'say "hi"', " pad", None, "line\nbreak", math.nan, pd.NA,
                 "Zoë", "x"],
        "cat": pd.Categorical(["u", "v", None, "u", "v", "u", "v", "u", "w", "u"]),
        "age": [30, 31, math.nan, 33, 40, 41, 42, math.nan, 44, 45],
        "score": [0.5, 1.25, -2.0, math.nan, 3.0, 0.5, 1.25, 2.5, 3.0, 0.5],
        "n": np.arange(10, dtype="int64") * 7 - 20,
        "flag": [True, False, True, True, False, False, True, False, True, True],
        "s": pd.array(["p", "q", None, "p", "q", "p", "q", "p", "r", "p"], dtype="string"),
    })


# Written by hand from the writer's rules: missing as "", a float column of whole numbers
# (an integer column with NaN) without ".0", quotes around a field with a separator, a
# quote, a line break or a leading/trailing space, quotes doubled, UTF-8 as it is.
MIXED_CSV = (
    "name,cat,age,score,n,flag,s\n"
    "Zoë,u,30,0.5,-20,True,p\n"
    '"a,b",v,31,1.25,-13,False,q\n'
    '"say ""hi""",,,-2,-6,True,\n'
    '" pad",u,33,,1,True,p\n'
    ",v,40,3,8,False,q\n"
    '"line\nbreak",u,41,0.5,15,False,p\n'
    ",v,42,1.25,22,True,q\n"
    ",u,,2.5,29,False,p\n"
    "Zoë,w,44,3,36,True,r\n"
    "x,u,45,0.5,43,True,p\n")


def test_frame_csv_text_is_the_hand_written_csv(tmp_path):
    path = tmp_path / "frame.csv"
    _frames.write_frame(mixed_frame(), str(path))
    assert path.read_bytes().decode("utf-8") == MIXED_CSV


def test_object_columns_are_read_in_place_with_missing_and_str_of_others(tmp_path):
    # Cells that are neither str nor missing are written as str() writes them; a missing
    # token replaces None, NaN, pd.NA and NaT.
    frame = pd.DataFrame({"v": np.array([1, "b", None, 2.5, pd.NaT, (1, 2)], dtype=object)})
    path = tmp_path / "objects.csv"
    _frames.write_frame(frame, str(path), missing="?")
    assert path.read_text() == 'v\n1\nb\n?\n2.5\n?\n"(1, 2)"\n'


def inspect_frame(frame):
    call = ldiv._Call("inspect")
    try:
        call.data(frame, None, None)
        assert call.args[1].startswith("dataframe://")  # in memory, no file
        return call.run(None)
    finally:
        call.close()


def test_engine_sees_the_frame_as_the_cli_sees_the_csv(tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_text(MIXED_CSV, encoding="utf-8")
    got = inspect_frame(mixed_frame())
    want = cli("inspect", str(path))
    assert strip(got) == strip(want)
    types = {c["name"]: c["type"] for c in got["columns"]}
    assert types["age"] == "integer" and types["n"] == "integer" and types["name"] == "text"
    missing = {c["name"]: c["missing"] for c in got["columns"]}
    assert missing == {"name": 3, "cat": 1, "age": 2, "score": 1, "n": 0, "flag": 0, "s": 1}
    roles = dict(qi=["name", "cat", "age"], sensitive="s",
                 hierarchies={"name": "suppress", "cat": "suppress", "age": "suppress"})
    node = [0, 0, 0]
    args = ["--qi", "name,cat,age", "--sensitive", "s", "--hierarchy", "name=suppress",
            "--hierarchy", "cat=suppress", "--hierarchy", "age=suppress"]
    # Rows with a missing value dropped (no hierarchy lists one): the same rows on both sides.
    audit = ldiv.audit(mixed_frame(), node=node, criteria="k=1", missing="drop", **roles)
    want = cli("audit", str(path), *args, "--node", "0,0,0", "-c", "k=1", "--missing", "drop")
    assert strip(audit.to_dict()) == strip(want)


def adult_frame():
    """Adult with pandas' own dtypes: age int64 with some NaN (so float64), the other QIs
    categorical with a few missing, the sensitive attribute object."""
    frame = pd.read_csv(ADULT / "adult.csv", sep=";", keep_default_na=False)
    frame["age"] = frame["age"].astype("float64")
    frame.loc[frame.index % 97 == 0, "age"] = math.nan
    for c in ("sex", "race", "marital-status", "education", "native-country", "workclass"):
        frame[c] = frame[c].astype("category")
    frame.loc[frame.index % 89 == 0, "workclass"] = None
    return frame


QI = "sex,age,race,marital-status,education,native-country,workclass,salary-class".split(",")


def adult_args(path):
    args = [str(path), "--qi", ",".join(QI), "--sensitive", "occupation"]
    for q in QI:
        args += ["--hierarchy", f"{q}={ADULT}/adult_hierarchy_{q}.csv"]
    return args


@pytest.mark.parametrize("stream", [False, True])
def test_adult_search_from_typed_frame_equals_cli(tmp_path, stream):
    frame = adult_frame()
    # The CSV the CLI reads: written independently of the module (pandas, whole ages
    # formatted as integers, missing as "").
    text = frame.astype(object).where(frame.notna(), "")
    text["age"] = [("" if pd.isna(v) else str(int(v))) for v in frame["age"]]
    path = tmp_path / "adult.csv"
    text.to_csv(path, index=False)
    extra = ["--stream"] if stream else []
    want = cli("search", *adult_args(path), "-c", "k=5", "--threads", "1", "--missing", "drop",
               *extra)
    got = ldiv.search(frame, qi=QI, sensitive="occupation",
                      hierarchies={q: f"{ADULT}/adult_hierarchy_{q}.csv" for q in QI},
                      criteria="k=5", threads=1, stream=stream, missing="drop").to_dict()
    assert strip(got) == strip(want)
    dropped = frame["age"].isna() | frame["workclass"].isna()
    assert got["statistics"]["rows"] == len(frame) - int(dropped.sum())
    assert got["optimum"] is not None


def test_errors_name_the_dataframe_not_its_uri():
    frame = pd.DataFrame([[1, 2], [3, 4]], columns=["a", "a"])
    with pytest.raises(ldiv.InputError) as e:
        ldiv.search(frame, qi=["a"], hierarchies={"a": "suppress"}, criteria="k=2")
    assert "<DataFrame>" in str(e.value) and "dataframe://" not in str(e.value)


def test_a_released_frame_is_gone():
    uri = _ldiv.hold_frame_csv([("a", np.array([1, 2], dtype="int64"))], "")
    code, out, err, kind, message, *_ = _ldiv.run(["inspect", uri, "--json"])
    assert code == 0 and json.loads(out)["rows"] == 2
    _ldiv.release_frame(uri)
    code, out, err, kind, message, *_ = _ldiv.run(["inspect", uri, "--json"])
    assert kind == "parameter" and "names no DataFrame" in message


def test_quoting_of_every_length_and_position(tmp_path):
    # The writer scans a field eight bytes at a time: each special byte at each position of
    # fields of 0 to 20 bytes, against the rule written out here (RFC 4180 quoting when a
    # field holds ',', '"', CR or LF, or starts or ends with a space).
    def expected(field):
        if any(c in field for c in ',"\r\n') or field[:1] == " " or field[-1:] == " ":
            return '"' + field.replace('"', '""') + '"'
        return field
    cells = []
    for n in range(0, 21):
        cells.append("a" * n)
        for pos in range(n):
            for special in ',"\r\n ':
                cells.append("a" * pos + special + "a" * (n - pos - 1))
    frame = pd.DataFrame({"v": np.array(cells, dtype=object)})
    path = tmp_path / "quoting.csv"
    _frames.write_frame(frame, str(path))
    want = "v\n" + "".join(expected(c) + "\n" for c in cells)
    assert path.read_bytes().decode("utf-8") == want
