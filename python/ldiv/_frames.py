"""DataFrames in and out: a DataFrame's columns are handed to the engine in memory (built into
its Table by the CSV reader's rules, python/frame_source.h) or as a CSV file where a command
needs one, and a published CSV comes back as a DataFrame whose columns keep their input
dtype where the values stayed as they were."""
from __future__ import annotations

import os
from typing import Any, Sequence

import numpy as np
import pandas as pd

from . import _ldiv


def frame_columns(frame: pd.DataFrame) -> list[tuple[str, Any]]:
    """(name, values) pairs for the extension's CSV writer (python/frame_csv.h): numpy arrays
    read in place (object arrays through their PyObject pointers, no list of every cell) and
    categoricals as (codes, categories), each category converted once."""
    columns = []
    # items() goes by position: duplicate names reach the reader, which names them.
    for name, col in frame.items():
        dtype = col.dtype
        if pd.api.types.is_bool_dtype(dtype) and not col.isna().any():
            values: Any = (col.to_numpy(dtype="int8"), ["False", "True"])
        elif pd.api.types.is_integer_dtype(dtype) and not isinstance(dtype, pd.api.extensions.ExtensionDtype):
            values = col.to_numpy(dtype="int64")
        elif pd.api.types.is_float_dtype(dtype) and not isinstance(dtype, pd.api.extensions.ExtensionDtype):
            values = col.to_numpy(dtype="float64")
        elif isinstance(dtype, pd.CategoricalDtype):
            values = (col.cat.codes.to_numpy(), [str(c) for c in dtype.categories])
        elif pd.api.types.is_object_dtype(dtype) or pd.api.types.is_string_dtype(dtype):
            values = col.to_numpy(dtype=object)
        else:
            # Nullable integers, datetimes, …: as pandas prints them, missing kept missing.
            cells = zip(col.tolist(), col.isna().tolist())
            values = np.array([None if m else str(v) for v, m in cells], dtype=object)
        columns.append((str(name), values))
    return columns


def write_frame(frame: pd.DataFrame, path: str, missing: str = "") -> None:
    """Writes `frame` (its columns, not its index) as CSV; NaN, None, NaT and pd.NA become
    `missing`."""
    _ldiv.write_frame_csv(path, frame_columns(frame), missing)


def hold_frame(frame: pd.DataFrame, missing: str = "") -> str:
    """The same CSV kept in the extension's memory: returns the dataframe:// URI that a
    command takes as its DATA (release it with _ldiv.release_frame)."""
    return _ldiv.hold_frame_csv(frame_columns(frame), missing)


def read_published(path: str, like: pd.DataFrame | None,
                   missing_tokens: Sequence[str] = ("?", "")) -> pd.DataFrame:
    """Reads a CSV that ldiv wrote. A column of `like` that was numeric (or categorical)
    gets its dtype back when every value still parses as one; a generalized column stays
    strings. Missing tokens become NaN in numeric columns, and stay as written otherwise."""
    out = pd.read_csv(path, dtype=str, keep_default_na=False, na_filter=False)
    if like is None:
        return out
    for name in out.columns:
        if name not in like.columns:
            continue
        dtype = like[name].dtype
        col = out[name]
        if isinstance(dtype, pd.CategoricalDtype):
            out[name] = col.astype("category")
            continue
        if not (pd.api.types.is_integer_dtype(dtype) or pd.api.types.is_float_dtype(dtype)):
            continue
        numeric = col.where(~col.isin(list(missing_tokens)), None)
        try:
            converted = pd.to_numeric(numeric, errors="raise")
        except (ValueError, TypeError):
            continue
        try:
            out[name] = converted.astype(dtype)
        except (ValueError, TypeError):
            out[name] = converted  # an integer column with missing values: float64
    return out


def write_hierarchy(frame: pd.DataFrame, path: str) -> None:
    """A hierarchy DataFrame (one row per value, one column per level, no header) as the
    hierarchy CSV the CLI reads (';'-separated)."""
    frame.astype(str).to_csv(path, sep=";", header=False, index=False)


def temp_dir() -> str:
    """Memory-backed where the system has it: the CSV is written and read once."""
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None  # type: ignore[return-value]
