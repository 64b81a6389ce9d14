#pragma once
// A DataFrame held in memory under a "dataframe://N" URI, which the engine opens through its
// table-source registry (table_source.h), the way a database module plugs in. Its columns
// are dictionary-encoded when held (frame_encode.h) and become the Table by the CSV reader's
// rules (tableFromEncoded); where that text would need the reader's own handling (a cell it
// trims or refuses, or a command that reads groups), the source writes the DataFrame's CSV
// (frame_csv.h) and reads it with the CSV readers of a file: the same tokenizer, typing,
// missing-value rules and error messages, without a temporary file.
#include <string>

#include <pybind11/pybind11.h>

namespace ldv::python {

/// Registers the "dataframe" scheme with the engine (once, at module import).
void registerFrameSource();
/// Keeps the frame's columns (as for frameCsv, frame_csv.h) until releaseFrame; returns its
/// URI, to pass as the command's DATA.
std::string holdFrame(const pybind11::list& columns, const std::string& missing);
/// Forgets the frame (a source already opened on it keeps its own reference).
void releaseFrame(const std::string& uri);

}  // namespace ldv::python
