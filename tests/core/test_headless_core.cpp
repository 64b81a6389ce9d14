// House rule: core/ runs headless. Fails if any file under core/ includes a Qt header.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <regex>

class TestHeadlessCore : public QObject {
    Q_OBJECT
private slots:
    void coreIncludesNoQt() {
        // Built from pieces: moc's own scanner trips over an include directive inside a literal.
        const std::string hash = "#";
        const std::regex qtInclude(hash + "\\s*include\\s*[<\"](Qt[A-Za-z]*/|Q[A-Z][A-Za-z]*\\b)");
        int files = 0;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(
                 std::string(LDIV_SOURCE_DIR) + "/core")) {
            if (!entry.is_regular_file()) continue;
            const auto ext = entry.path().extension();
            if (ext != ".h" && ext != ".cpp") continue;
            ++files;
            std::ifstream in(entry.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n)
                QVERIFY2(!std::regex_search(line, qtInclude),
                         (entry.path().string() + ":" + std::to_string(n) + " includes Qt: " + line)
                             .c_str());
        }
        QVERIFY(files > 10);
    }
};

QTEST_APPLESS_MAIN(TestHeadlessCore)
#include "test_headless_core.moc"
