#pragma once
// A DataFrame's CSV text held in memory under a "dataframe://N" URI, which the engine opens
// through its table-source registry (table_source.h), the way a database module plugs in. The
// source reads the text with the CSV readers of a file (parseCsv, or parseCsvGroups when the
// command needs only base groups): the same tokenizer, typing and missing-value rules, only
// without the temporary file's write and read.
#include <string>

#include "frame_csv.h"

namespace ldv::python {

/// Registers the "dataframe" scheme with the engine (once, at module import).
void registerFrameSource();
/// Keeps `text` until releaseFrame; returns its URI, to pass as the command's DATA.
std::string holdFrame(FrameText text);
/// Forgets the text (a source already opened on it keeps its own reference).
void releaseFrame(const std::string& uri);

}  // namespace ldv::python
