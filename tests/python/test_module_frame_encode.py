"""A DataFrame's columns built into the engine's Table directly (python/frame_encode.h,
ldiv/io/encoded_table.h) against the reference: the Table the CSV reader makes of the CSV
text the module writes for the same frame. On random frames (quotes, separators, line
breaks, CR, tabs and spaces at the ends, missing tokens as data and as None/NaN/pd.NA,
decomposed Unicode, numbers, categoricals, one column, duplicate and empty names) and
every reader setting that changes a Table (missing tokens, drop or keep, trim, typing):
either the two Tables are identical, or the direct path declines and the reader is used."""
import math
import random

import numpy as np
import pandas as pd
import pytest

import ldiv
from ldiv import _frames, _ldiv

PIECES = ["a", "b", "Zoë", "Zoe\u0308", "?", "", " ", "\t", ",", '"', "\n", "\r", "x y",
          "12", "-3", "4.5", "2020-01-31", "NA", "\ufeff", "1e3", "007"]


def random_text(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 3)))


def random_column(rng, rows):
    kind = rng.choice(["text", "text", "int", "float", "whole", "cat", "mixed"])
    domain = rng.randint(1, 6)
    if kind == "int":
        return pd.Series([rng.randint(-5, 5) for _ in range(rows)], dtype="int64")
    if kind == "float":
        return pd.Series([rng.choice([0.5, -0.0, 0.0, 1.25, math.nan, 3.0]) for _ in range(rows)])
    if kind == "whole":
        return pd.Series([rng.choice([1.0, 2.0, math.nan, -7.0]) for _ in range(rows)])
    values = [random_text(rng) for _ in range(domain)]
    if kind == "cat":
        cells = [rng.choice(values + [None]) for _ in range(rows)]
        return pd.Series(pd.Categorical(cells))
    missing = [None, math.nan, pd.NA] if kind == "mixed" else [None]
    return pd.Series([rng.choice(values + missing) for _ in range(rows)], dtype=object)


def random_frame(rng):
    width = rng.choice([1, 1, 2, 3, 5])
    rows = rng.randint(1, 30)
    names = [rng.choice(["a", "b", "c", "", " d", "e\t", "x,y", "q"]) + str(i) * rng.randint(0, 1)
             for i in range(width)]
    columns = [random_column(rng, rows) for _ in range(width)]
    return names, columns


def compare(names, columns, missing, tokens, drop, trim, infer):
    frame_columns = [(name, _frames.frame_columns(pd.DataFrame({"c": col}))[0][1])
                     for name, col in zip(names, columns)]
    return _ldiv._compare_frame_tables(frame_columns, missing, tokens, drop, trim, infer)


def test_random_frames_give_the_readers_table():
    rng = random.Random(20261127)
    outcomes = {"same": 0, "declined": 0}
    for _ in range(3000):
        names, columns = random_frame(rng)
        tokens = rng.choice([["?", ""], ["?"], [""], ["NA", "?"], ["a"]])
        missing = rng.choice(tokens)
        result = compare(names, columns, missing, tokens, rng.random() < 0.3,
                         rng.random() < 0.8, rng.random() < 0.8)
        if result == "declined":
            outcomes["declined"] += 1
        else:
            assert result == "", (result, names, [list(c) for c in columns], tokens)
            outcomes["same"] += 1
    # The direct path must carry most frames, or the comparison says little.
    assert outcomes["same"] > 1200, outcomes


def test_adult_takes_the_direct_path_and_equals_the_reader():
    adult = pd.read_csv(ldiv_adult(), sep=";", dtype=str, keep_default_na=False)
    columns = _frames.frame_columns(adult)
    assert _ldiv._compare_frame_tables(columns, "", ["?", ""], False, True, True) == ""
    assert _ldiv._compare_frame_tables(columns, "", ["?", ""], True, True, True) == ""


def test_declined_cases():
    # A cell the reader would trim (an unquoted tab at the end), a refused byte-order mark,
    # a single column with an empty cell (a blank line), duplicate names.
    tab = [("a", np.array(["x\t", "y"], dtype=object)), ("b", np.array(["1", "2"], dtype=object))]
    assert _ldiv._compare_frame_tables(tab, "", ["?"], False, True, True) == "declined"
    assert _ldiv._compare_frame_tables(tab, "", ["?"], False, False, True) == ""
    bom = [("a", np.array(["\ufeffx", "y"], dtype=object)), ("b", np.array(["1", "2"], dtype=object))]
    assert _ldiv._compare_frame_tables(bom, "", ["?"], False, True, True) == "declined"
    one = [("a", np.array(["x", None], dtype=object))]
    assert _ldiv._compare_frame_tables(one, "", ["?", ""], False, True, True) == "declined"
    same = [("a", np.array(["x"], dtype=object)), ("a", np.array(["y"], dtype=object))]
    assert _ldiv._compare_frame_tables(same, "", ["?"], False, True, True) == "declined"


def test_a_declined_frame_still_reaches_the_reader_and_its_error():
    frame = pd.DataFrame({"a": ["\ufeffx", "y", "y"], "b": ["1", "2", "2"]})
    with pytest.raises(ldiv.InputError) as error:
        ldiv.audit(frame, qi=["a"], criteria="k=1")
    assert "byte-order mark" in str(error.value) or "BOM" in str(error.value)


def ldiv_adult():
    from pathlib import Path
    return Path(__file__).resolve().parents[2] / "resources" / "examples" / "adult" / "adult.csv"
