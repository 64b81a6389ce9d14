// `ldiv diagnose`: the twelve anonymity-diagnosis questions of the privacy-diagnosis paper §4.1
// (see docs/diagnosis.md). --attributes is S for questions about one set and R, whose subsets are
// searched, for the others; it defaults to the quasi-identifiers when roles are given and to
// every column otherwise.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "ldiv/data/error.h"
#include "ldiv/diagnosis/diagnosis_result.h"

namespace ldv::cli {
namespace {

std::string joinNames(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return "{" + s + "}";
}

class DiagnoseCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand("diagnose",
                                       "Anonymity diagnosis (privacy-diagnosis paper §4.1): which "
                                       "attribute sets identify people, at what k, "
                                       "with delta-suppression");
        addDataOptions(*m_command, m_options);
        m_command
            ->add_option(
                "--question", m_question,
                "Question 1-12 of the privacy-diagnosis paper §4.1 (see docs/diagnosis.md)")
            ->required()
            ->check(CLI::Range(1, 12));
        m_command->add_option("--k", m_k, "The given k (questions 1, 3, 5, 7, 9, 10)");
        m_command->add_option("--delta", m_delta,
                              "Suppression threshold, a fraction of the rows (questions 5-8)");
        m_command
            ->add_option("--attributes", m_attributes,
                         "A,B,...: S (questions 1,2,5,6,9,11) or R whose subsets are searched "
                         "(3,4,7,8,10,12); default: the --qi, else every column")
            ->delimiter(',');
        m_command->add_flag(
            "--at-most", m_atMost,
            "Ask 'at most k' instead of 'at least k' (questions 3/7 at most: the minimal "
            "sets that bring k down to k or below)");
        m_command->add_flag("--compact", m_compact,
                            "Questions 4, 8, 10, 12: list only the computed sets; a set marked "
                            "'and supersets' stands for all its supersets");
        m_command->add_flag("--rows", m_listRows,
                            "Questions 5, 6, 9: list the row numbers to suppress (0-based)");
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Table& table = ws->table();
        std::vector<std::size_t> columns;
        if (!m_attributes.empty())
            for (const std::string& name : m_attributes)
                columns.push_back(table.requireColumn(name));
        else if (!ws->qiColumns().empty())
            columns = ws->qiColumns();
        else
            for (std::size_t c = 0; c < table.columnCount(); ++c) columns.push_back(c);
        DiagnosisQuery q;
        q.question = m_question;
        if (m_command->count("--k")) {
            if (m_k < 1) throw ParameterError("--k must be at least 1, got " + std::to_string(m_k));
            q.k = static_cast<std::size_t>(m_k);
        }
        if (m_command->count("--delta")) q.delta = m_delta;
        q.bound = m_atMost ? Bound::AtMost : Bound::AtLeast;
        q.compact = m_compact;
        const DiagnosisResult r = diagnose(table, columns, q);
        if (m_options.json)
            out << toJson(r, table).dump() << "\n";
        else
            report(out, r, table, q);
        return 0;
    }

private:
    nlohmann::json toJson(const DiagnosisResult& r, const Table& table) const {
        nlohmann::json j{{"question", r.question}, {"rows", table.rowCount()}};
        j["attributes"] = r.attributeNames(~AttributeMask(0), table);
        if (r.holds) j["holds"] = *r.holds;
        if (m_atMost) j["bound"] = "at-most";
        j["answers"] = nlohmann::json::array();
        for (const DiagnosisAnswer& a : r.answers) {
            nlohmann::json e{{"attributes", r.attributeNames(a.attributes, table)}};
            if (a.k) e["k"] = *a.k;
            if (a.delta) e["delta"] = *a.delta;
            if (a.suppressedRows) e["suppressed_rows"] = *a.suppressedRows;
            if (a.exposedRows) e["exposed_rows"] = *a.exposedRows;
            if (a.andSupersets) e["and_supersets"] = true;
            j["answers"].push_back(std::move(e));
        }
        if (m_listRows) j["rows_to_suppress"] = r.rowsToSuppress;
        j["calls"] = r.calls;
        j["naive_calls"] = r.naiveCalls;
        j["elapsed_ms"] = r.elapsedMs;
        j["ms_per_call"] = r.calls ? r.elapsedMs / static_cast<double>(r.calls) : 0.0;
        return j;
    }

    void report(std::ostream& out, const DiagnosisResult& r, const Table& table,
                const DiagnosisQuery& q) const {
        out << "Question " << r.question << ": " << questionText(r.question);
        if (q.k) out << " (k " << (m_atMost ? "at most " : "at least ") << *q.k << ")";
        if (q.delta) out << " (delta " << *q.delta << ")";
        out << "\n"
            << (r.question == 1 || r.question == 2 || r.question == 5 || r.question == 6 ||
                        r.question == 9 || r.question == 11
                    ? "S = "
                    : "R = ")
            << joinNames(r.attributeNames(~AttributeMask(0), table)) << ", " << table.rowCount()
            << " rows\n";
        if (r.holds) out << (*r.holds ? "yes" : "no") << "\n";
        if (r.answers.empty())
            out << "no answer: no attribute set (or delta) satisfies the question\n";
        for (const DiagnosisAnswer& a : r.answers) {
            out << "  " << joinNames(r.attributeNames(a.attributes, table));
            if (a.andSupersets) out << " and every superset";
            if (a.k) out << "  k = " << *a.k;
            if (a.delta) out << "  delta = " << *a.delta;
            if (a.suppressedRows) out << "  suppress " << *a.suppressedRows << " rows";
            if (a.exposedRows) out << "  exposes " << *a.exposedRows << " rows";
            if (!a.k && !a.delta && (r.question == 9 || r.question == 10))
                out << "  no delta works";
            out << "\n";
        }
        if (m_listRows && !r.rowsToSuppress.empty()) {
            out << "rows to suppress (0-based):";
            for (std::size_t row : r.rowsToSuppress) out << " " << row;
            out << "\n";
        }
        out << r.calls << " k computations (naive: " << r.naiveCalls << "), " << r.elapsedMs
            << " ms";
        if (r.calls)
            out << " (" << r.elapsedMs / static_cast<double>(r.calls) << " ms per computation)";
        out << "\n";
    }

    DataOptions m_options;
    int m_question = 0;
    long long m_k = 0;
    double m_delta = 0;
    std::vector<std::string> m_attributes;
    bool m_atMost = false, m_compact = false, m_listRows = false;
};

}  // namespace

std::unique_ptr<Command> makeDiagnoseCommand() {
    return std::make_unique<DiagnoseCommand>();
}

}  // namespace ldv::cli
