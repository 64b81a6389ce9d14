// The `ldiv._ldiv` extension: runs the CLI's commands in-process (run_command.h) on a worker
// thread while the calling thread, without the GIL, reports progress and watches for Ctrl+C.
// The Python package (python/ldiv/__init__.py) builds the arguments and types the results.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/cli.h"
#include "frame_csv.h"
#include "frame_encode.h"
#include "frame_source.h"
#include "ldiv/data/ambient_feedback.h"
#include "ldiv/data/error.h"
#include "ldiv/data/table_difference.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/encoded_table.h"
#include "run_command.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

/// One command's state, shared by the caller and the worker: the worker may outlive an
/// interrupted caller by the time it takes to notice the cancellation.
struct Job {
    Feedback feedback;
    std::ostringstream out, err;
    CommandError error;
    int code = 0;
    bool done = false;
    std::mutex mutex;
    std::condition_variable finished;
};

/// One job at a time per process: the ambient feedback (ambient_feedback.h) is a single slot,
/// so a second Python thread's job waits here, without the GIL, for the first to end.
std::mutex& jobMutex() {
    static std::mutex mutex;
    return mutex;
}

/// Runs `args`; calls `progress(fraction)` from the calling thread when the engine reports
/// progress. Ctrl+C (or an exception from `progress`) cancels the job, waits for it and
/// raises. Returns (exit code, stdout, stderr, error kind, message, file, line, column).
py::tuple run(const std::vector<std::string>& args, const py::object& progress) {
    auto job = std::make_shared<Job>();
    std::thread worker([job, args] {
        std::lock_guard serial(jobMutex());
        CommandError error;
        int code = 0;
        if (job->feedback.isCancelled()) {
            // Interrupted while waiting for another thread's job: never started.
            error.kind = "cancelled";
            code = 2;
        } else {
            AmbientFeedbackScope scope(&job->feedback);
            code = runCommand(args, job->out, job->err, error);
        }
        std::lock_guard lock(job->mutex);
        job->code = code;
        job->error = std::move(error);
        job->done = true;
        job->finished.notify_all();
    });
    const auto waitFor = [&](std::chrono::milliseconds period) {
        py::gil_scoped_release release;
        std::unique_lock lock(job->mutex);
        return job->finished.wait_for(lock, period, [&] { return job->done; });
    };
    const auto cancelAndJoin = [&] {
        job->feedback.cancel();
        py::gil_scoped_release release;
        worker.join();
    };
    double reported = -1;
    try {
        while (!waitFor(std::chrono::milliseconds(50))) {
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            const double p = job->feedback.progress();
            if (!progress.is_none() && p != reported) {
                reported = p;
                progress(p);
            }
        }
    } catch (...) {
        cancelAndJoin();
        throw;
    }
    {
        py::gil_scoped_release release;
        worker.join();
    }
    const CommandError& e = job->error;
    return py::make_tuple(job->code, job->out.str(), job->err.str(), e.kind, e.message, e.file,
                          e.line, e.column);
}

/// The CSV of a DataFrame's columns, written to `path` (a temporary file of the package).
void writeFrameCsv(const std::string& path, const py::list& columns, const std::string& missing) {
    const FrameText text = frameCsv(columns, missing);
    std::ofstream file(path, std::ios::binary);
    file.write(text.data.get(), std::streamsize(text.size));
    file.close();
    if (!file) throw InputError(path, 0, 0, "cannot write the DataFrame's temporary CSV");
}

/// The CSV of a DataFrame's columns, held in memory; returns the "dataframe://N" URI that
/// the command takes as its DATA (frame_source.h).
std::string holdFrameCsv(const py::list& columns, const std::string& missing) {
    return holdFrame(columns, missing);
}

/// For the tests (tests/python/test_module_frame_encode.py): the Table tableFromEncoded
/// builds from the encoded columns against the one parseCsv reads from their CSV text, under
/// the given reader options. "" when they are the same, "declined" when the encoded path
/// leaves the frame to the reader, otherwise the first difference.
std::string compareFrameTables(const py::list& columns, const std::string& missing,
                               const std::vector<std::string>& tokens, bool drop, bool trim,
                               bool inferTypes) {
    CsvOptions options;
    options.separator = ',';
    options.missingTokens = tokens;
    options.missing = drop ? MissingPolicy::Drop : MissingPolicy::Keep;
    options.trim = trim;
    options.inferTypes = inferTypes;
    CsvReport encodedReport, csvReport;
    const std::optional<Table> encoded =
        tableFromEncoded(encodeFrame(columns, missing), options, &encodedReport);
    if (!encoded) return "declined";
    const FrameText text = frameCsv(columns, missing);
    Table csv;
    try {
        csv = parseCsv(text.view(), "frame", options, &csvReport);
    } catch (const std::exception& e) {
        return std::string("the CSV reader refused what the encoded path took: ") + e.what();
    }
    if (encodedReport.rowsRead != csvReport.rowsRead ||
        encodedReport.rowsDropped != csvReport.rowsDropped)
        return "rows read/dropped " + std::to_string(encodedReport.rowsRead) + "/" +
               std::to_string(encodedReport.rowsDropped) + " vs " +
               std::to_string(csvReport.rowsRead) + "/" + std::to_string(csvReport.rowsDropped);
    return tableDifference(*encoded, csv);
}

}  // namespace
}  // namespace ldv::python

PYBIND11_MODULE(_ldiv, m) {
    m.doc() = "ldiv's engine, running the CLI's commands in-process (see the ldiv package)";
    m.attr("__version__") = LDIV_VERSION;
    m.def("run", &ldv::python::run, py::arg("args"), py::arg("progress") = py::none(),
          "Runs one ldiv subcommand; returns (code, stdout, stderr, error_kind, message, file, "
          "line, column)");
    m.def("version_json", &ldv::cli::versionJson, "`ldiv --version --json`'s object as text");
    m.def("write_frame_csv", &ldv::python::writeFrameCsv, py::arg("path"), py::arg("columns"),
          py::arg("missing") = "");
    m.def("hold_frame_csv", &ldv::python::holdFrameCsv, py::arg("columns"), py::arg("missing") = "",
          "A DataFrame's CSV kept in memory; returns the dataframe:// URI to pass as DATA");
    m.def("_compare_frame_tables", &ldv::python::compareFrameTables, py::arg("columns"),
          py::arg("missing"), py::arg("tokens"), py::arg("drop"), py::arg("trim"),
          py::arg("infer_types"));
    m.def("release_frame", &ldv::python::releaseFrame, py::arg("uri"));
    ldv::python::registerFrameSource();
}
