#include "ldiv/release/published_table.h"

#include "ldiv/risk/survey_weights.h"

namespace ldv {

PublishedTable::PublishedTable(const std::string& path, const std::vector<std::string>& qiNames,
                               const std::vector<std::string>& sensitiveNames,
                               const std::optional<std::string>& maskToken, CsvOptions csv,
                               const std::vector<std::vector<std::string>>& sensitiveDomains) {
    // Published values are compared as strings: no type inference, and "?" stays a value.
    csv.inferTypes = false;
    csv.missing = MissingPolicy::Keep;
    m_table = readCsv(path, csv);
    m_fileRows = m_table.rowCount();
    std::vector<std::size_t> qi, sensitive;
    for (const std::string& name : qiNames) qi.push_back(m_table.requireColumn(name));
    for (const std::string& name : sensitiveNames) sensitive.push_back(m_table.requireColumn(name));
    if (maskToken && !qi.empty()) {
        std::vector<bool> keep(m_fileRows, true);
        for (std::size_t r = 0; r < m_fileRows; ++r) {
            bool masked = true;
            for (std::size_t c : qi) masked = masked && m_table.value(r, c) == *maskToken;
            if (masked) {
                keep[r] = false;
                ++m_maskedRows;
            }
        }
        if (m_maskedRows)
            for (std::size_t c = 0; c < m_table.columnCount(); ++c)
                m_table.column(c).keepRows(keep);
    }
    for (std::size_t i = 0; i < sensitiveDomains.size() && i < sensitive.size(); ++i)
        for (const std::string& value : sensitiveDomains[i])
            m_table.column(sensitive[i]).intern(value);
    std::vector<HierarchyMap> maps;
    for (std::size_t c : qi) maps.emplace_back(m_table.column(c));
    m_dataset = std::make_unique<Dataset>(m_table, qi, std::move(maps), sensitive);
}

void PublishedTable::useSurveyWeights(const std::string& column) {
    m_dataset->setSurveyWeights(surveyWeights(m_table, m_table.requireColumn(column)), column);
}

}  // namespace ldv
