#!/usr/bin/python3
"""Writes the format fixtures of tests/core/test_formats_*.cpp from a CSV with openpyxl and
pandas, the way other programs write them (not with ldiv's own writers).

usage: make_fixtures.py CSV OUTDIR [--dates COL,...] [--labels COL,...]
  OUTDIR/<stem>.xlsx   openpyxl: numbers as numbers, --dates columns as date cells
  OUTDIR/<stem>.dta    pandas to_stata (version 118): --dates as %td, --labels columns as
                       Categoricals, which Stata stores as codes with value labels
Empty CSV fields become empty cells / missing values."""
import datetime
import sys

import pandas as pd


def main():
    csv, out = sys.argv[1], sys.argv[2]
    opts = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    dates = [c for c in opts.get("--dates", "").split(",") if c]
    labels = [c for c in opts.get("--labels", "").split(",") if c]
    sep = opts.get("--sep", ",")
    stem = csv.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    df = pd.read_csv(csv, sep=sep, dtype=str, keep_default_na=False)
    typed = {}
    for col in df.columns:
        s = df[col]
        if col in dates:
            typed[col] = pd.to_datetime(s.replace("", None), format="%Y-%m-%d")
        elif col in labels:
            cats = list(dict.fromkeys(v for v in s if v != ""))
            typed[col] = pd.Categorical(s.replace("", None), categories=cats)
        else:
            num = pd.to_numeric(s.replace("", None), errors="coerce")
            if num.notna().sum() == (s != "").sum() and (s != "").any():
                typed[col] = num
            else:
                typed[col] = s
    frame = pd.DataFrame(typed)

    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws.append(list(df.columns))
    for _, row in frame.iterrows():
        cells = []
        for col in df.columns:
            v = row[col]
            if v is None or (not isinstance(v, str) and pd.isna(v)) or v == "":
                cells.append(None)
            elif col in dates:
                cells.append(v.date())
            elif isinstance(v, float) and v.is_integer():
                cells.append(int(v))
            else:
                cells.append(v.item() if hasattr(v, "item") else v)
        ws.append(cells)
    for col in dates:
        idx = list(df.columns).index(col)
        for r in ws.iter_rows(min_row=2, min_col=idx + 1, max_col=idx + 1):
            r[0].number_format = "yyyy-mm-dd"
    wb.create_sheet("Notes").append(["not the data"])
    wb.save(f"{out}/{stem}.xlsx")

    frame.to_stata(f"{out}/{stem}.dta", write_index=False, version=118,
                   convert_dates={c: "td" for c in dates})


if __name__ == "__main__":
    main()
