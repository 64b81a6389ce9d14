#pragma once
// The project's hierarchy files, read on a second thread while the table is read on the
// calling one: they do not depend on the data, and on a large hierarchy (a 100,000-row zip
// code tree) reading them costs as much as reading the table. Each result, or its error, is
// handed over where the sequential load read that file, so errors surface in the same order
// with the same messages; a file that is not a regular file (a pipe) is left to that place.
#include <cstddef>
#include <exception>
#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/project/workspace.h"

namespace ldv::detail {

class HierarchyPrefetch {
public:
    HierarchyPrefetch(const ProjectConfig& config, const std::string& baseDir) {
        if (std::thread::hardware_concurrency() < 2) return;
        for (const AttributeConfig& a : config.attributes) {
            if (a.hierarchy || a.hierarchyFile.empty()) continue;  // as configuredHierarchy
            const std::string file = resolvePath(baseDir, a.hierarchyFile);
            std::error_code error;
            if (std::filesystem::is_regular_file(file, error))
                m_files.push_back(File{file, std::nullopt, nullptr, false});
        }
        if (m_files.empty()) return;
        m_done = std::async(std::launch::async, [this] {
            for (File& f : m_files) {
                try {
                    f.hierarchy = readHierarchy(f.path);
                } catch (...) {
                    f.error = std::current_exception();
                }
            }
        });
    }
    HierarchyPrefetch(const HierarchyPrefetch&) = delete;
    HierarchyPrefetch& operator=(const HierarchyPrefetch&) = delete;
    ~HierarchyPrefetch() {
        if (m_done.valid()) m_done.wait();
    }

    /// What readHierarchy(path) gave (rethrowing its error), or nothing when `path` was not
    /// prefetched. Each attribute naming a file has its own entry, taken once.
    std::optional<Hierarchy> take(const std::string& path) {
        if (m_done.valid()) m_done.get();
        for (File& f : m_files) {
            if (f.path != path || f.taken) continue;
            f.taken = true;
            if (f.error) std::rethrow_exception(f.error);
            return std::move(f.hierarchy);
        }
        return std::nullopt;
    }

private:
    struct File {
        std::string path;
        std::optional<Hierarchy> hierarchy;
        std::exception_ptr error;
        bool taken = false;
    };
    std::vector<File> m_files;
    std::future<void> m_done;
};

}  // namespace ldv::detail
