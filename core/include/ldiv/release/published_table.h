#pragma once
// A published CSV read back as a dataset of its own: its QI columns are taken as they stand
// (identity hierarchies, so the bottom node's classes are the published classes). `ldiv
// explain --published` and `ldiv verify` judge releases from the file alone this way.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

class PublishedTable {
public:
    /// Reads `path` (InputError naming it when malformed; ParameterError naming a missing
    /// column). With `maskToken`, rows whose every QI value is the token are suppressed rows
    /// published masked: they are counted and left out of the dataset. `sensitiveDomains`
    /// (per sensitive attribute) adds values to its dictionary without rows: values of the
    /// table before suppression, or a criterion's don't-care values, that the file lacks.
    PublishedTable(const std::string& path, const std::vector<std::string>& qiNames,
                   const std::vector<std::string>& sensitiveNames,
                   const std::optional<std::string>& maskToken = std::nullopt, CsvOptions csv = {},
                   const std::vector<std::vector<std::string>>& sensitiveDomains = {});
    PublishedTable(const PublishedTable&) = delete;
    PublishedTable& operator=(const PublishedTable&) = delete;

    const Table& table() const { return m_table; }
    const Dataset& dataset() const { return *m_dataset; }
    /// The published file's column `column` as the survey weights of its (unmasked) rows
    /// (Dataset::setSurveyWeights), for individual-risk and global-risk. ParameterError
    /// naming the column, row and value at fault.
    void useSurveyWeights(const std::string& column);
    /// Rows in the file, masked ones included.
    std::size_t fileRows() const { return m_fileRows; }
    std::size_t maskedRows() const { return m_maskedRows; }

private:
    Table m_table;
    std::unique_ptr<Dataset> m_dataset;
    std::size_t m_fileRows = 0;
    std::size_t m_maskedRows = 0;
};

}  // namespace ldv
