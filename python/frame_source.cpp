#include "frame_source.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "ldiv/data/error.h"
#include "ldiv/data/table_source.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::python {
namespace {

constexpr const char* kScheme = "dataframe";

struct Held {
    std::mutex mutex;
    std::uint64_t next = 1;
    std::map<std::string, std::shared_ptr<const FrameText>> texts;
};

Held& held() {
    static Held h;
    return h;
}

/// The frame's text is always written with ',' and a header (frame_csv.cpp), whatever
/// separator or header setting a project gives for its own file.
CsvOptions frameOptions(const CsvOptions& options) {
    CsvOptions o = options;
    o.separator = ',';
    o.header = true;
    return o;
}

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

class FrameSource : public TableSource {
public:
    FrameSource(std::string uri, std::shared_ptr<const FrameText> text)
        : m_uri(std::move(uri)), m_text(std::move(text)) {}

    std::string name() const override { return m_uri; }

    std::vector<SourceColumn> columns() override {
        const auto records =
            parseCsvRecords(m_text->view().substr(0, m_text->headerSize), m_uri, ',');
        std::vector<SourceColumn> out;
        if (!records.empty())
            for (const std::string& n : records.front()) out.push_back({n, ColumnType::Text});
        return out;
    }

    GroupedTable groups(const std::vector<std::string>& columns, const CsvOptions& options,
                        SourceReport& report, Feedback* feedback) override {
        (void)feedback;  // one feed of text in memory: nothing to report between chunks
        const auto start = std::chrono::steady_clock::now();
        GroupedTable out = parseCsvGroups(m_text->view(), m_uri, frameOptions(options), columns);
        report.kind = kScheme;
        report.rows = out.rows;
        report.groups = out.counts.size();
        report.queryMs = msSince(start);
        return out;
    }

    Table rows(const CsvOptions& options, SourceReport& report, Feedback* feedback) override {
        (void)feedback;
        const auto start = std::chrono::steady_clock::now();
        Table t = parseCsv(m_text->view(), m_uri, frameOptions(options));
        report.kind = kScheme;
        report.rows = t.rowCount();
        report.groups = t.rowCount();
        report.queryMs = msSince(start);
        return t;
    }

private:
    std::string m_uri;
    std::shared_ptr<const FrameText> m_text;
};

}  // namespace

void registerFrameSource() {
    registerTableSource(
        kScheme,
        [](const std::string& uri) -> std::unique_ptr<TableSource> {
            Held& h = held();
            std::lock_guard lock(h.mutex);
            const auto it = h.texts.find(uri);
            if (it == h.texts.end())
                throw ParameterError("'" + uri + "' names no DataFrame held by this process");
            return std::make_unique<FrameSource>(uri, it->second);
        },
        /*inMemory=*/true);
}

std::string holdFrame(FrameText text) {
    Held& h = held();
    std::lock_guard lock(h.mutex);
    std::string uri = std::string(kScheme) + "://" + std::to_string(h.next++);
    h.texts.emplace(uri, std::make_shared<const FrameText>(std::move(text)));
    return uri;
}

void releaseFrame(const std::string& uri) {
    Held& h = held();
    std::lock_guard lock(h.mutex);
    h.texts.erase(uri);
}

}  // namespace ldv::python
