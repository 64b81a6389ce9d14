#include "frame_source.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "frame_csv.h"
#include "frame_encode.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

constexpr const char* kScheme = "dataframe";

/// One held DataFrame: its columns encoded, and its CSV text once a reader needs it.
class HeldFrame {
public:
    HeldFrame(const py::list& columns, std::string missing)
        : m_columns(columns),
          m_missing(std::move(missing)),
          m_encoded(encodeFrame(columns, m_missing)) {}
    ~HeldFrame() {
        // The last reference may go on a command's thread, without the GIL; at exit, after
        // the interpreter, the list is left to the process's end.
        if (!Py_IsInitialized()) {
            m_columns.release();
            return;
        }
        py::gil_scoped_acquire gil;
        m_columns = py::list();
    }
    HeldFrame(const HeldFrame&) = delete;
    HeldFrame& operator=(const HeldFrame&) = delete;

    const std::vector<EncodedColumn>& encoded() const { return m_encoded; }
    /// The CSV text, written on first use (under the GIL: the columns are Python objects).
    std::string_view text() {
        std::lock_guard lock(m_mutex);
        if (!m_text) {
            py::gil_scoped_acquire gil;
            m_text = frameCsv(m_columns, m_missing);
        }
        return m_text->view();
    }

private:
    py::list m_columns;
    std::string m_missing;
    std::vector<EncodedColumn> m_encoded;
    std::mutex m_mutex;
    std::optional<FrameText> m_text;
};

struct Held {
    std::mutex mutex;
    std::uint64_t next = 1;
    std::map<std::string, std::shared_ptr<HeldFrame>> frames;
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
    FrameSource(std::string uri, std::shared_ptr<HeldFrame> frame)
        : m_uri(std::move(uri)), m_frame(std::move(frame)) {}

    std::string name() const override { return m_uri; }

    std::vector<SourceColumn> columns() override {
        std::vector<SourceColumn> out;
        for (const EncodedColumn& c : m_frame->encoded()) out.push_back({c.name, ColumnType::Text});
        return out;
    }

    GroupedTable groups(const std::vector<std::string>& columns, const CsvOptions& options,
                        SourceReport& report, Feedback* feedback) override {
        (void)feedback;  // one feed of text in memory: nothing to report between chunks
        const auto start = std::chrono::steady_clock::now();
        GroupedTable out = parseCsvGroups(m_frame->text(), m_uri, frameOptions(options), columns);
        report.kind = kScheme;
        report.rows = out.rows;
        report.groups = out.counts.size();
        report.queryMs = msSince(start);
        return out;
    }

    Table rows(const CsvOptions& options, SourceReport& report, Feedback* feedback) override {
        (void)feedback;
        const auto start = std::chrono::steady_clock::now();
        std::optional<Table> encoded = tableFromEncoded(m_frame->encoded(), frameOptions(options));
        Table t =
            encoded ? std::move(*encoded) : parseCsv(m_frame->text(), m_uri, frameOptions(options));
        report.kind = kScheme;
        report.rows = t.rowCount();
        report.groups = t.rowCount();
        report.queryMs = msSince(start);
        return t;
    }

private:
    std::string m_uri;
    std::shared_ptr<HeldFrame> m_frame;
};

}  // namespace

void registerFrameSource() {
    registerTableSource(
        kScheme,
        [](const std::string& uri) -> std::unique_ptr<TableSource> {
            Held& h = held();
            std::lock_guard lock(h.mutex);
            const auto it = h.frames.find(uri);
            if (it == h.frames.end())
                throw ParameterError("'" + uri + "' names no DataFrame held by this process");
            return std::make_unique<FrameSource>(uri, it->second);
        },
        /*inMemory=*/true);
}

std::string holdFrame(const py::list& columns, const std::string& missing) {
    auto frame = std::make_shared<HeldFrame>(columns, missing);
    Held& h = held();
    std::lock_guard lock(h.mutex);
    std::string uri = std::string(kScheme) + "://" + std::to_string(h.next++);
    h.frames.emplace(uri, std::move(frame));
    return uri;
}

void releaseFrame(const std::string& uri) {
    std::shared_ptr<HeldFrame> frame;  // dropped after the lock: its destructor takes the GIL
    Held& h = held();
    std::lock_guard lock(h.mutex);
    const auto it = h.frames.find(uri);
    if (it == h.frames.end()) return;
    frame = std::move(it->second);
    h.frames.erase(it);
}

}  // namespace ldv::python
