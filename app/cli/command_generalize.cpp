// `ldiv generalize`: writes the publishable table of a node, judged against the requirement
// (criteria and suppression limit from the options or the project) the way the search judges
// it, so that suppressed rows are removed or masked. `--node optimum` searches first: a
// configuration saved by the workbench re-runs on a new table of the same schema.
// `--transform mondrian` publishes Mondrian's partition instead (transform/mondrian.h),
// `microaggregation` MDAV's groups (transform/microaggregation.h) and `cell-suppression` the
// table with single cells suppressed (transform/cell_suppression.h) and `local` ARX's iterated
// local recoding (transform/local_recoding.h); docs/transformations.md.
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "cli/output_guard.h"
#include "cli/pseudonym_options.h"
#include "cli/publication_files.h"
#include "cli/release_option.h"
#include "cli/search_options.h"
#include "cli/transformation_report.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_formats.h"
#include "ldiv/io/table_source.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/project/publish_guard.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/publish/value_combinations.h"
#include "ldiv/transform/cell_suppression.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/transform/microaggregation.h"
#include "ldiv/transform/mondrian.h"
#include "ldiv/transform/pram.h"
#include "ldiv/transform/pram_columns.h"
#include "ldiv/transform/transformation.h"
#include "ldiv/transform/transformation_request.h"
#include "ldiv/workflow/dp_publication.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres_publish.h"
#endif

namespace ldv::cli {
namespace {

class GeneralizeCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "generalize",
            "Write the publishable table of a node (identifying columns removed, the rows of "
            "failing classes suppressed when they fit the suppression limit)");
        addDataOptions(*m_command, m_options);
        addSearchOptions(*m_command, m_search);
        addResearchSubsetOption(*m_command, m_options);
        m_command->add_option("--node", m_node,
                              "Levels L1,L2,... in --qi order, or 'optimum' (search for it with "
                              "the criteria); required by the full-domain transformation");
        m_command
            ->add_option("--transform", m_transform,
                         "Transformation model: full-domain (one level per attribute, the "
                         "default), mondrian (multidimensional partitioning, LeFevre et al. "
                         "2006), microaggregation (MDAV on numeric QIs, Domingo-Ferrer & "
                         "Mateo-Sanz 2002), cell-suppression (local suppression of single "
                         "cells for k-anonymity, as sdcMicro's) or local (ARX's local recoding: "
                         "the full-domain search iterated on the suppressed records; "
                         "--suppression is what may stay suppressed, --metric and --gs-factor "
                         "steer each iteration); the one combination is microaggregation+local "
                         "(MDAV on the QIs named by --aggregate, then local recoding of all QIs)")
            ->check(CLI::Validator(
                [](std::string& model) {
                    // Names the refused combination's reason (transform/transformation.h).
                    try {
                        checkTransformationModel(model);
                    } catch (const ParameterError& e) {
                        return std::string(e.what());
                    }
                    return std::string();
                },
                "MODEL"));
        m_command->add_option("--aggregate", m_aggregates,
                              "With --transform microaggregation: COL=mean|median|mode|interval, "
                              "what a QI publishes for its group (default mean); with "
                              "microaggregation+local, the numeric QIs to microaggregate "
                              "(at least one); repeatable");
        m_command
            ->add_option("--importance", m_importance,
                         "With --transform cell-suppression: every QI once, comma-separated, "
                         "least important (suppressed first) first (default: more distinct "
                         "values first)")
            ->delimiter(',');
        m_command
            ->add_option("-o,--output", m_output,
                         "Output CSV file, or postgresql://…?table=NAME (written with COPY in one "
                         "transaction; a --release record hashes the table's canonical export)")
            ->required();
        m_command->add_flag("--replace", m_replace,
                            "Replace an existing database table (otherwise it is refused)");
        m_command->add_flag(
            "--fetch-rows", m_fetchRows,
            "From a database table into a table of the same database: fetch the rows and write "
            "them back with COPY instead of publishing inside the database (docs/database.md)");
        m_command->add_option("--output-sep", m_outputSep,
                              "Output separator (default: the input's)");
        m_command
            ->add_option("--suppressed", m_suppressed,
                         "Suppressed rows: remove them, or mask their QI values with *")
            ->check(CLI::IsMember({"remove", "mask"}));
        m_command->add_option("--mapping", m_mapping,
                              "Also write the value-to-generalized-value mapping "
                              "(attribute,level,value,generalized,rows) to this CSV");
        addNeutralizeOptions(*m_command, m_neutralize);
        m_command->add_flag(
            "--allow-failing", m_allowFailing,
            "Write the table even when the node fails the criteria beyond the suppression limit "
            "(refused otherwise, exit 3)");
        auto* seed = m_command->add_option(
            "--seed", m_seed,
            "Seed of the shuffle of the published rows (default: a random one; recorded in the "
            "release either way)");
        m_command
            ->add_flag("--keep-order", m_keepOrder,
                       "Publish the rows in the source's order (by default they are shuffled: a "
                       "source sorted by name or id identifies rows by position)")
            ->excludes(seed);
        addReleaseOption(*m_command, m_release);
        addPseudonymOptions(*m_command, m_pseudonyms);
        m_command->add_option("--steps", m_steps,
                              "With -c differential-privacy=EPS,DELTA: the exponential "
                              "mechanism's steps (default 300), docs/dp.md");
        m_command->add_option(
            "--pram", m_pram,
            "COL[=P]: post-randomize the categorical column COL (not a quasi-identifier) with "
            "invariant PRAM, diagonal P of the base matrix (default 0.8); repeatable; "
            "docs/transformations.md");
        m_command->add_option("--pram-matrix", m_pramMatrix,
                              "Write the PRAM transition matrices to this CSV for inspection");
    }

    int execute(std::ostream& out, std::ostream& err) override {
        adoptProjectTransformation();
        if (!m_aggregates.empty() && m_transform != "microaggregation" &&
            m_transform != "microaggregation+local")
            throw ParameterError(
                "--aggregate is for --transform microaggregation only (and its combination "
                "microaggregation+local)");
        if (!m_importance.empty() && m_transform != "cell-suppression")
            throw ParameterError("--importance is for --transform cell-suppression only");
        if (const auto dp = differentialPrivacySpec(); dp) return executeDp(*dp, out, err);
        if (!m_steps.empty()) throw ParameterError("--steps is for -c differential-privacy only");
        if (m_transform != "full-domain") {
            if (!m_pram.empty())
                throw ParameterError(
                    "--pram is for the full-domain transformation and "
                    "differential privacy only");
            return executePartitioned(out, err);
        }
        if (m_node.empty())
            throw ParameterError(
                "--node is required: levels L1,L2,... in --qi order, or 'optimum' (or give "
                "--transform mondrian, which takes no node)");
        checkReleaseOptions(m_release);
#ifdef LDIV_HAVE_POSTGRES
        if (publishesInDatabase()) return executeInDatabase(out, err);
#endif
        m_options.loadThreads = m_search.threads;
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output},
                                 {"--mapping", m_mapping},
                                 {"--release", m_release.path},
                                 {"--pseudonym-map", m_pseudonyms.map}},
                                m_options, *ws, {{"the --secret-file", m_pseudonyms.secretFile}});
        refuseReleaseOfOtherFiles();
        refuseReleaseOfQuery(ws->config().dataPath);
        // A table's record hashes its canonical export (docs/database.md, "Release records
        // of a table"), which has no row order for a PRAM replay to follow.
        if (!m_release.path.empty() && !m_pram.empty() &&
            (isSourceUri(m_output) || isSourceUri(ws->config().dataPath)))
            throw ParameterError(
                "--release with --pram needs a CSV source and a CSV output: a database table "
                "has no row order, so `ldiv verify --original` could not replay the draws");
        const char sep = parseOutputSeparator(m_outputSep, ws->loadReport().separator);
        // With delta-presence the node is judged on the population with the research subset
        // and only the subset is written (workspace_publish.h).
        const bool optimum = m_node == "optimum";
        const Requirement requirement = toRequirement(m_search, *ws, optimum);
        const Dataset& data = *requirement.data;
        const SearchConfig& config = requirement.config;
        // Nothing is published that was not asked for: every column needs a role (exit 1). Checked
        // after the options, whose own errors say more, and before any search.
        requireRoles(*ws);
        const std::optional<Levels> chosen = chooseNode(*ws, data, config, optimum, err);
        if (!chosen) return kRequirementNotMet;
        const Levels& levels = *chosen;
        PublishOptions publish;
        publish.maskSuppressed = m_suppressed == "mask";
        publish.shuffle = !m_keepOrder;
        publish.seed = m_seed ? *m_seed : randomSeed();
        Pseudonyms pseudonyms = preparePseudonyms(m_pseudonyms, *ws);
        publish.pseudonyms = std::move(pseudonyms.columns);
        const PublishedNode node = publishNode(*ws, config, levels, publish);
        if (refusesFailing(levels, node.judgement, err)) return kRequirementNotMet;
        // The random pseudonyms' mapping lists the published people only (publishedMapping).
        Table published = node.table;
        const nlohmann::json pram =
            applyPram(published, data,
                      m_seed ? std::optional<std::uint64_t>(*m_seed + 1) : std::nullopt, false);
        const Table pseudonymMapping = publishedMapping(pseudonyms.mapping, published);
        writePublication(files(), published,
                         m_mapping.empty()
                             ? std::nullopt
                             : std::optional<Table>(valueMapping(data, levels, node.rowPublished)),
                         pseudonymMapping, sep, ws->metadata());
        {
            // The record names the perturbed columns, and the seed of their draws when the run
            // was seeded (verify --original replays them; without it they are CSPRNG draws).
            // A table is hashed over its canonical export: comma-separated, nothing
            // neutralized (the database writer writes values as they are).
            ReleaseOutput output = isSourceUri(m_output)
                                       ? ReleaseOutput{',', false}
                                       : ReleaseOutput{sep, m_neutralize.enabled()};
            for (const auto& item : pram)
                output.pram.emplace_back(item["column"].get<std::string>(),
                                         item["p"].get<double>());
            if (!output.pram.empty() && m_seed) output.pramSeed = *m_seed + 1;
            writeReleaseIfAsked(m_release, *ws, config, levels, node, publish, m_output, output,
                                err, m_search.populationSize);
        }
        const bool masked = publish.maskSuppressed && !node.maskedRowsRemoved;
        if (node.maskedRowsRemoved)
            err << "warning: the " << node.suppressedRows
                << " masked rows would form a class of their own that fails "
                << joined(node.maskedClassFailures) << "; they were removed instead\n";
        if (m_options.json) {
            nlohmann::json j{{"output", m_output},
                             {"node", levels},
                             {"rows", node.table.rowCount()},
                             {"columns", node.table.columnNames()},
                             {"removed_columns", removedColumns(*ws, publish.pseudonyms)},
                             {"satisfies", node.judgement.satisfies},
                             {"allow_failing", m_allowFailing && !node.judgement.satisfies},
                             {"formulas_neutralized", m_neutralize.enabled()},
                             {"suppressed_rows", node.suppressedRows},
                             {"suppressed", masked ? "masked" : "removed"},
                             {"masked_rows_removed", node.maskedRowsRemoved},
                             {"shuffled", publish.shuffle}};
            if (publish.shuffle) j["seed"] = publish.seed;
            if (!m_pram.empty()) j["pram"] = pram;
            if (!m_mapping.empty()) j["mapping"] = m_mapping;
            addPseudonymJson(j, *ws, m_pseudonyms);
            out << j.dump() << "\n";
        } else {
            out << "wrote " << node.table.rowCount() << " rows to " << m_output << " (node "
                << formatLevels(levels) << "; " << node.suppressedRows << " suppressed rows "
                << (masked ? "masked" : "removed") << ")\n";
            for (const std::string& name : removedColumns(*ws, publish.pseudonyms))
                out << "  identifying column '" << name << "' removed\n";
            if (!m_mapping.empty()) out << "  value mapping written to " << m_mapping << "\n";
        }
        return 0;
    }

    /// Where the published table and its mappings go (publication_files.h).
    PublicationFiles files() const {
        return {m_output, m_mapping, m_pseudonyms.map, m_replace, m_neutralize.enabled()};
    }

private:
    /// A node that fails is refused (true, the message on `err`) unless --allow-failing, which
    /// writes it with a warning (the publish guard, issue 37).
    bool refusesFailing(const Levels& levels, const NodeJudgement& judgement,
                        std::ostream& err) const {
        if (judgement.satisfies) return false;
        const std::string what = failingNodeText(levels, judgement);
        if (!m_allowFailing) {
            err << "ldiv: error: " << what
                << "; nothing was written (write it anyway with --allow-failing)\n";
            return true;
        }
        err << "warning: " << what
            << "; written anyway (--allow-failing), nothing was suppressed\n";
        return false;
    }

    /// --node's levels, or with --node optimum the search's optimum (its warnings on `err`);
    /// nothing, with the message on `err`, when no node satisfies.
    std::optional<Levels> chooseNode(const Workspace& ws, const Dataset& data,
                                     const SearchConfig& config, bool optimum,
                                     std::ostream& err) const {
        if (!optimum) return resolveNode(m_node, data);
        ws.requireQiHierarchies();
        const SearchResult r = search(data, config);
        for (const std::string& w : r.warnings) err << "warning: " << w << "\n";
        if (r.optimum) return data.lattice().levels(*r.optimum);
        err << "ldiv: error: no optimum: no node satisfies the criteria; nothing was written\n";
        return std::nullopt;
    }

    /// Before anything is written: a record of a file certifies the bytes of a CSV file.
    void refuseReleaseOfOtherFiles() const {
        if (!m_release.path.empty() && !isSourceUri(m_output) &&
            tableFormatOf(m_output) != TableFormat::Csv)
            throw ParameterError(
                "--release records the SHA-256 of the published CSV file: give --output a CSV "
                "file, or publish without --release");
    }

    /// Before anything is written: a record hashes its original, and a `?query=` source is
    /// no table to hash (only a `?table=` one has a canonical export).
    void refuseReleaseOfQuery([[maybe_unused]] const std::string& source) const {
#ifdef LDIV_HAVE_POSTGRES
        if (m_release.path.empty() || !isSourceUri(source) || isInMemorySource(source)) return;
        if (pg::parseLocation(source).table.empty())
            throw ParameterError("--release records the hash of the original table, and " +
                                 pg::redactUri(source) +
                                 " is a query: publish from a ?table= source, or from a CSV "
                                 "export of the query");
#endif
    }

    /// A full-domain publication from a database table into a table of the same database
    /// (same server, database and user) runs inside it unless --fetch-rows: what the
    /// server cannot do without the rows (PRAM, pseudonyms) keeps the fetching path. A
    /// release record hashes both tables in the server's canonical export
    /// (docs/database.md, "Release records of a table").
    bool publishesInDatabase() const {
#ifdef LDIV_HAVE_POSTGRES
        if (m_fetchRows || !isSourceUri(m_output) || !m_pram.empty() ||
            !m_pseudonyms.columns.empty())
            return false;
        std::string baseDir;
        const ProjectConfig config = toProjectConfig(m_options, baseDir);
        if (!isSourceUri(config.dataPath) || isInMemorySource(config.dataPath) ||
            !projectPseudonymSpecs(config).empty())
            return false;
        try {
            return pg::sameDatabase(config.dataPath, m_output);
        } catch (const std::exception&) {
            return false;  // another scheme, or malformed: the ordinary path reports it
        }
#else
        return false;
#endif
    }

#ifdef LDIV_HAVE_POSTGRES
    /// `generalize` inside the database (docs/database.md, "Publishing inside the
    /// database"): the node is judged on the base groups, which the server counts (GROUP BY);
    /// a map of the QI combinations (generalized values, suppressed or not) goes up into a
    /// temporary table, and one CREATE TABLE … AS SELECT writes the published table. No row
    /// travels.
    int executeInDatabase(std::ostream& out, std::ostream& err) {
        m_options.loadThreads = m_search.threads;
        m_options.groupsSuffice = true;  // the rows stay in the server
        const auto start = std::chrono::steady_clock::now();
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output},
                                 {"--mapping", m_mapping},
                                 { "--release",
                                   m_release.path }},
                                m_options, *ws);
        refuseReleaseOfQuery(ws->config().dataPath);
        const bool optimum = m_node == "optimum";
        const Requirement requirement = toRequirement(m_search, *ws, optimum);
        const Dataset& data = *requirement.data;
        const SearchConfig& config = requirement.config;
        if (&judgedDataset(*ws, config) != &ws->dataset())
            throw ParameterError(
                "delta-presence publishes a research subset of the rows, which ldiv cannot yet "
                "do inside the database: give --fetch-rows");
        // The grouped table holds only the QI and sensitive columns: the roles are checked
        // on the source's own columns.
        const std::string source = ws->config().dataPath;
        std::vector<std::string> columns;
        for (const SourceColumn& c : openTableSource(source)->columns()) columns.push_back(c.name);
        requireRoles(ws->config(), columns);
        const std::optional<Levels> chosen = chooseNode(*ws, data, config, optimum, err);
        if (!chosen) return kRequirementNotMet;
        const Levels& levels = *chosen;
        // The same judgement as the CSV path's (publishNode), on the groups: which classes
        // fail, whether they fit the limit, whether masked rows must be removed instead.
        const PublicationVerdict node =
            judgePublication(data, config, levels, m_suppressed == "mask");
        if (refusesFailing(levels, node.judgement, err)) return kRequirementNotMet;
        pg::InDatabasePublication p;
        p.sourceColumns = columns;
        const std::vector<std::string> identifying = ws->config().namesWithRole(Role::Identifying);
        std::vector<std::string> removed;
        for (const std::string& c : columns) {
            if (std::find(identifying.begin(), identifying.end(), c) == identifying.end())
                p.published.push_back(c);
            else
                removed.push_back(c);
        }
        // One map row per QI combination of the groups (value_combinations.h).
        const NodeJudgement& judged = node.judgement;
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            p.qis.push_back(data.table().column(data.qiColumns()[i]).name());
        p.combinations = valueCombinations(data, levels, judged);
        const std::uint64_t rows = data.rowCount(), suppressed = node.suppressedRows;
        p.mask = m_suppressed == "mask" && !node.maskedRowsRemoved;
        p.maskToken = "*";
        p.options = ws->config().csv;
        const pg::InDatabaseResult written = pg::publishInDatabase(
            source, m_output, p, m_replace, p.mask ? rows : rows - suppressed);
        if (!m_release.path.empty()) {
            // As publishNode would have published it: suppressed rows masked or removed, no
            // pseudonyms, and no shuffle (a table has no row order).
            PublishOptions publish;
            publish.maskSuppressed = m_suppressed == "mask";
            publish.maskToken = p.maskToken;
            publish.shuffle = false;
            writeInDatabaseReleaseIfAsked(m_release, *ws, config, levels, node, written.rows,
                                          publish, m_output, err);
        }
        if (!m_mapping.empty()) {
            // Per group: published unless its class is suppressed (masked or removed).
            const Table mapping = valueMapping(data, levels, publishedRows(data, judged));
            if (isSourceUri(m_mapping))
                writeTableTo(m_mapping, mapping, {m_replace});
            else
                writeFileAtomically(
                    m_mapping,
                    formatTableCsv(mapping,
                                   parseOutputSeparator(m_outputSep, ws->loadReport().separator),
                                   m_neutralize.enabled()));
        }
        const double elapsedMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        const bool masked = p.mask && suppressed > 0;
        if (node.maskedRowsRemoved)
            err << "warning: the " << suppressed
                << " masked rows would form a class of their own that fails "
                << joined(node.maskedClassFailures) << "; they were removed instead\n";
        if (m_options.json) {
            nlohmann::json j{{"output", m_output},
                             {"node", levels},
                             {"rows", written.rows},
                             {"columns", p.published},
                             {"removed_columns", removed},
                             {"satisfies", node.judgement.satisfies},
                             {"allow_failing", m_allowFailing && !node.judgement.satisfies},
                             {"formulas_neutralized", m_neutralize.enabled()},
                             {"suppressed_rows", suppressed},
                             {"suppressed", masked ? "masked" : "removed"},
                             {"masked_rows_removed", node.maskedRowsRemoved},
                             // A table has no row order (docs/database.md).
                             {"shuffled", false},
                             {"in_database", true},
                             {"base_groups", data.table().rowCount()},
                             {"rows_fetched", pg::copiedOutRows()},
                             {"statements", written.statements},
                             { "elapsed_ms",
                               elapsedMs }};
            if (!m_mapping.empty()) j["mapping"] = m_mapping;
            addPseudonymJson(j, *ws, m_pseudonyms);
            out << j.dump() << "\n";
        } else {
            out << "wrote " << written.rows << " rows to " << m_output << " (node "
                << formatLevels(levels) << "; " << suppressed << " suppressed rows "
                << (masked ? "masked" : "removed") << "; inside the database, from "
                << data.table().rowCount() << " base groups)\n";
            for (const std::string& name : removed)
                out << "  identifying column '" << name << "' removed\n";
            if (!m_mapping.empty()) out << "  value mapping written to " << m_mapping << "\n";
        }
        return 0;
    }
#endif

    /// The -c differential-privacy=EPS,DELTA among the command line's criteria, if any.
    std::optional<CriterionSpec> differentialPrivacySpec() const {
        // The command line's criteria replace the project's; without any, a project whose
        // criterion is differential-privacy runs SafePub too (its file is only parsed here).
        std::vector<std::string> criteria = m_search.criteria;
        if (criteria.empty() && !m_options.project.empty() && m_node.empty())
            criteria = loadProject(m_options.project).search.criteria;
        std::optional<CriterionSpec> found;
        for (const std::string& text : criteria) {
            CriterionSpec spec = parseCriterionSpec(text);
            if (spec.kind != CriterionKind::DifferentialPrivacy) continue;
            if (criteria.size() > 1)
                throw ParameterError("criterion '" + text +
                                     "' is a mechanism of its own (SafePub): give it alone, "
                                     "without other criteria (it publishes classes of at least "
                                     "its own k)");
            found = std::move(spec);
        }
        return found;
    }

    /// --pram COL[=P] on the published table, in place; the columns and their p as JSON, and
    /// the matrices written to --pram-matrix. QIs are refused: PRAM would move rows between the
    /// classes the criteria judged.
    /// --pram COL[=P] (transform/pram_columns.h), with the matrices written to --pram-matrix.
    std::vector<PramRequest> pramRequests() const {
        if (m_pram.empty() && !m_pramMatrix.empty())
            throw ParameterError("--pram-matrix needs --pram COL");
        std::vector<PramRequest> requests;
        for (const std::string& entry : m_pram) requests.push_back(parsePramRequest(entry));
        return requests;
    }
    nlohmann::json pramJson(const std::vector<PramApplied>& applied) const {
        nlohmann::json out = nlohmann::json::array();
        for (const PramApplied& a : applied) out.push_back({{"column", a.column}, {"p", a.p}});
        if (!m_pramMatrix.empty() && !applied.empty())
            writeFileAtomically(m_pramMatrix, formatPramMatrices(applied));
        return out;
    }
    nlohmann::json applyPram(Table& table, const Dataset& data, std::optional<std::uint64_t> seed,
                             bool allowSensitive) const {
        const std::vector<PramRequest> requests = pramRequests();
        if (requests.empty()) return nlohmann::json::array();
        const std::unique_ptr<RandomSource> rng = makeRandomSource(seed);
        return pramJson(ldv::applyPram(table, data, requests, *rng, allowSensitive));
    }

    /// -c differential-privacy=EPS,DELTA: SafePub chooses the node, samples and suppresses
    /// (dp/safepub.h, docs/dp.md).
    int executeDp(const CriterionSpec& spec, std::ostream& out, std::ostream& err) {
        if (m_transform != "full-domain")
            throw ParameterError("differential privacy generalizes full-domain: --transform " +
                                 m_transform + " cannot be combined with it");
        if (!m_node.empty())
            throw ParameterError(
                "--node is not allowed with differential privacy: the mechanism "
                "chooses the node itself, at random (docs/dp.md)");
        checkReleaseOptions(m_release);
        // A PostgreSQL table's record hashes its canonical export (docs/database.md, "Release
        // records of a table"); any other URI has none.
        if (!m_release.path.empty() && isSourceUri(m_output) && artefactKind(m_output).empty())
            throw ParameterError(
                "--release records the SHA-256 of the published file: give --output a CSV file "
                "or a postgresql://…?table= URI");
        if (!m_mapping.empty())
            throw ParameterError("--mapping is not supported with differential privacy yet");
        if (m_suppressed == "mask")
            throw ParameterError(
                "--suppressed mask is not allowed with differential privacy: "
                "masked rows would reveal who was sampled");
        int steps = kDefaultSafePubSteps;
        if (!m_steps.empty()) {
            try {
                std::size_t used = 0;
                steps = std::stoi(m_steps, &used);
                if (used != m_steps.size()) steps = 0;
            } catch (const std::exception&) {
                steps = 0;
            }
            if (steps < 1)
                throw ParameterError("--steps '" + m_steps +
                                     "': expected a whole number of at least 1");
        }
        DpScore score = DpScore::Granularity;
        if (m_search.metric == "dm")
            score = DpScore::Discernibility;
        else if (!m_search.metric.empty() && m_search.metric != "granularity" &&
                 m_search.metric != "loss")
            throw ParameterError("--metric " + m_search.metric +
                                 " has no SafePub score: use granularity (the default) or dm");
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output},
                                 {"--pseudonym-map", m_pseudonyms.map},
                                 {"--release", m_release.path},
                                 {"--pram-matrix", m_pramMatrix}},
                                m_options, *ws, {{"the --secret-file", m_pseudonyms.secretFile}});
        refuseReleaseOfOtherFiles();
        if (!m_release.path.empty() && isSourceUri(ws->config().dataPath) &&
            artefactKind(ws->config().dataPath).empty())
            throw ParameterError("--release records the SHA-256 of the original file, and " +
                                 ws->config().dataPath + " is a database table");
        refuseReleaseOfQuery(ws->config().dataPath);
        const char sep = parseOutputSeparator(m_outputSep, ws->loadReport().separator);
        // The project's criteria and suppression limit are not SafePub's: -c on the command line
        // replaces them, as it does for a search (workflow/dp_publication.h).
        DpPublishSettings settings;
        settings.epsilon = spec.parameters[0];
        settings.delta = spec.parameters[1];
        settings.steps = steps;
        settings.score = score;
        settings.seed = m_seed;
        settings.pram = pramRequests();
        settings.shuffle = !m_keepOrder;
        checkDpPublishable(*ws, settings);
        Pseudonyms pseudonyms = preparePseudonyms(m_pseudonyms, *ws);
        settings.pseudonyms = pseudonyms.columns;
        DpPublication publication = publishDifferentiallyPrivate(*ws, settings);
        const SafePubResult& r = publication.result;
        const double elapsedMs = publication.elapsedMs;
        Table& table = publication.table;
        const nlohmann::json pram = pramJson(publication.pram);
        const bool shuffle = settings.shuffle;
        const Table pseudonymMapping = publishedMapping(pseudonyms.mapping, table);
        writePublication(files(), table, std::nullopt, pseudonymMapping, sep, ws->metadata());
        DpReleaseInputs recordInputs = dpReleaseInputs(settings, publication);
        recordInputs.spec = formatCriterionSpec(spec);
        writeDpReleaseIfAsked(m_release, *ws, r, recordInputs, m_output, sep,
                              m_neutralize.enabled(), err);
        if (r.reproducible)
            err << "warning: --seed makes the run reproducible and therefore not private: anyone "
                   "with the seed replays the sample and every choice (docs/dp.md)\n";
        PublishOptions publish;
        publish.pseudonyms = settings.pseudonyms;
        const DpParameters& p = r.parameters;
        if (m_options.json) {
            nlohmann::json j{{"output", m_output},
                             {"mechanism", "safepub"},
                             {"epsilon", p.epsilon},
                             {"delta", p.delta},
                             {"epsilon_search", p.epsilonSearch},
                             {"epsilon_anonymization", p.epsilonAnon},
                             {"beta", p.beta},
                             {"k", p.k},
                             {"steps", r.steps},
                             {"steps_limit", steps},
                             {"score", score == DpScore::Granularity ? "granularity" : "dm"},
                             {"node", r.levels},
                             {"rows", table.rowCount()},
                             {"columns", table.columnNames()},
                             {"removed_columns", removedColumns(*ws, publish.pseudonyms)},
                             {"sampled_rows", r.sampledRows},
                             {"suppressed_rows", r.suppressedRows.size()},
                             {"private", !r.reproducible},
                             {"shuffled", shuffle},
                             {"formulas_neutralized", m_neutralize.enabled()},
                             {"elapsed_ms", elapsedMs}};
            if (m_seed) j["seed"] = *m_seed;
            if (!m_pram.empty()) j["pram"] = pram;
            addPseudonymJson(j, *ws, m_pseudonyms);
            out << j.dump() << "\n";
        } else {
            out << "wrote " << table.rowCount() << " rows to " << m_output << " (("
                << formatNumber(p.epsilon) << ", " << formatNumber(p.delta)
                << ")-differential privacy by SafePub: node " << formatLevels(r.levels)
                << " chosen at random in " << r.steps << " steps; beta " << formatNumber(p.beta)
                << ", " << r.sampledRows << " rows sampled, " << r.suppressedRows.size()
                << " suppressed in classes below k = " << p.k << ")\n";
            if (r.reproducible) out << "  reproducible with --seed, and therefore NOT private\n";
            for (const std::string& name : removedColumns(*ws, publish.pseudonyms))
                out << "  identifying column '" << name << "' removed\n";
        }
        return 0;
    }

    /// `--transform mondrian|local|microaggregation|cell-suppression`: the model's classes
    /// (transform/*.h) written with the full-domain path's writer options. No node or value
    /// mapping; --release records the transformation and its parameters instead of a node
    /// (release/transform_release.h), and `ldiv verify` judges the published file's classes,
    /// or a PostgreSQL table's over its canonical export (docs/database.md, "Release records
    /// of a table").
    int executePartitioned(std::ostream& out, std::ostream& err) {
        const std::string model = "--transform " + m_transform;
        if (!m_node.empty())
            throw ParameterError("--node chooses a full-domain node: " + model +
                                 " partitions the table itself and takes none");
        checkReleaseOptions(m_release);
        const bool intoTable = !artefactKind(m_output).empty();  // a PostgreSQL table
        if (!m_release.path.empty() && !intoTable &&
            (m_output.empty() || m_output == "-" || isSourceUri(m_output) ||
             tableFormatOf(m_output) != TableFormat::Csv))
            throw ParameterError("--release with " + model +
                                 " needs --output FILE.csv: a release record certifies the "
                                 "bytes of a CSV file");
        if (!m_mapping.empty())
            throw ParameterError(
                "--mapping lists a node's value-to-generalized-value mapping: "
                "with " +
                model +
                " one value may be published differently in "
                "different classes");
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output},
                                 {"--release", m_release.path},
                                 {"--pseudonym-map", m_pseudonyms.map}},
                                m_options, *ws, {{"the --secret-file", m_pseudonyms.secretFile}});
        refuseReleaseOfQuery(ws->config().dataPath);
        const char sep = parseOutputSeparator(m_outputSep, ws->loadReport().separator);
        const Requirement requirement = toRequirement(m_search, *ws, true);
        const Dataset& data = *requirement.data;
        requireRoles(*ws);
        if (!m_release.path.empty()) {
            std::vector<std::string> specs;
            for (const BoundCriterion& b : requirement.config.criteria)
                specs.push_back(b.criterion.spec());
            checkTransformReleasable(m_transform, specs);
            if (!m_pseudonyms.columns.empty())
                throw ParameterError("--release with " + model +
                                     " does not record pseudonyms yet: give one or the other");
        }
        if ((m_transform == "local" || m_transform == "microaggregation+local") &&
            m_suppressed == "mask")
            throw ParameterError("--suppressed mask is not supported with " + model +
                                 " yet: its "
                                 "suppressed rows are removed");
        // Names to a spec (transformation_request.h): the option's values are checked there.
        TransformationSpec recorded = transformationSpecFor(
            data, {m_transform, m_aggregates, m_importance, m_projectAggregate});
        const auto start = std::chrono::steady_clock::now();
        TransformationOutcome outcome = runTransformation(*ws, data, requirement.config, recorded);
        const MondrianResult& result = outcome.classes;
        const std::uint64_t suppressedRows = outcome.suppressedRows;
        const TransformationReport report =
            transformationReport(data, outcome, recorded, requirement.config);
        const double elapsedMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (!result.tableFails.empty() &&
            (m_transform == "local" || m_transform == "microaggregation+local")) {
            err << "ldiv: error: local recoding: " << joined(result.tableFails)
                << "; nothing was written\n";
            return kRequirementNotMet;
        }
        if (!result.tableFails.empty()) {
            // Mondrian and MDAV suppress nothing; cell suppression may not empty more
            // records than the suppression limit allows.
            err << "ldiv: error: the whole table fails " << joined(result.tableFails)
                << (m_transform == "mondrian"
                        ? ", and Mondrian suppresses no rows: no partition can satisfy it"
                        : ", and " + model + " cannot publish it")
                << "; nothing was written\n";
            return kRequirementNotMet;
        }
        GeneralizeOptions options;
        Pseudonyms pseudonyms = preparePseudonyms(m_pseudonyms, *ws);
        options.pseudonyms = std::move(pseudonyms.columns);
        recorded.shuffled = !m_keepOrder;
        recorded.seed = m_seed ? *m_seed : randomSeed();
        const bool shuffle = recorded.shuffled;
        const std::uint64_t seed = recorded.seed;
        const Table table = transformationTable(*ws, data, outcome, recorded, options);
        const Table pseudonymMapping = publishedMapping(pseudonyms.mapping, table);
        writePublication(files(), table, std::nullopt, pseudonymMapping, sep, ws->metadata());
        // A table is judged and hashed over its canonical export: comma-separated, nothing
        // neutralized (the database writer writes values as they are).
        writeTransformReleaseIfAsked(
            m_release, *ws, data, requirement.config, recorded, m_output,
            intoTable ? ReleaseOutput{',', false} : ReleaseOutput{sep, m_neutralize.enabled()},
            err);
        if (m_options.json) {
            nlohmann::json j{{"output", m_output},
                             {"transform", m_transform},
                             {"rows", table.rowCount()},
                             {"columns", table.columnNames()},
                             {"removed_columns", removedColumns(*ws, options.pseudonyms)},
                             {"satisfies", true},
                             {"classes", result.count()},
                             {"discernibility", result.discernibility()},
                             {"min_class_size", result.minClassSize()},
                             {"suppressed_rows", suppressedRows},
                             {"formulas_neutralized", m_neutralize.enabled()},
                             {"shuffled", shuffle},
                             {"elapsed_ms", elapsedMs}};
            if (shuffle) j["seed"] = seed;
            nlohmann::json specs = nlohmann::json::array();
            for (const BoundCriterion& b : requirement.config.criteria)
                specs.push_back(b.criterion.spec());
            j["criteria"] = specs;
            j.update(report.json);
            addPseudonymJson(j, *ws, m_pseudonyms);
            out << j.dump() << "\n";
        } else if (m_transform == "cell-suppression") {
            out << "wrote " << table.rowCount() << " rows to " << m_output << " (" << m_transform
                << report.summary << "; 0 rows removed)\n";
            for (const std::string& name : removedColumns(*ws, options.pseudonyms))
                out << "  identifying column '" << name << "' removed\n";
        } else {
            out << "wrote " << table.rowCount() << " rows to " << m_output << " (" << m_transform
                << ": " << result.count() << " classes, smallest " << result.minClassSize()
                << " rows" << report.summary << "; " << suppressedRows
                << " suppressed rows removed)\n";
            for (const std::string& name : removedColumns(*ws, options.pseudonyms))
                out << "  identifying column '" << name << "' removed\n";
        }
        return 0;
    }

    /// A project whose "transformation" is not full-domain publishes with it unless
    /// --transform is given (the workbench's Privacy ▸ Transformation saved it); its aggregate
    /// stands in for --aggregate when none is given.
    void adoptProjectTransformation() {
        if (m_options.project.empty() || m_command->count("--transform") > 0) return;
        const TransformationChoice choice = loadProject(m_options.project).transformation;
        if (choice.model == "full-domain") return;
        m_transform = choice.model;
        if (m_aggregates.empty() && m_transform.rfind("microaggregation", 0) == 0)
            m_projectAggregate = choice.aggregate;
    }

    DataOptions m_options;
    std::string m_transform = "full-domain";
    /// The project's microaggregation aggregate (adoptProjectTransformation), for every QI.
    std::optional<std::string> m_projectAggregate;
    std::vector<std::string> m_aggregates;
    std::vector<std::string> m_importance;
    SearchOptions m_search;
    std::string m_node;
    std::string m_output;
    std::string m_outputSep;
    std::string m_suppressed = "remove";
    std::string m_mapping;
    NeutralizeOptions m_neutralize;
    bool m_allowFailing = false;
    bool m_replace = false;
    bool m_fetchRows = false;
    ReleaseOptions m_release;
    bool m_keepOrder = false;
    std::optional<std::uint64_t> m_seed;
    PseudonymOptions m_pseudonyms;
    std::string m_steps;
    std::vector<std::string> m_pram;
    std::string m_pramMatrix;
};

}  // namespace

std::unique_ptr<Command> makeGeneralizeCommand() {
    return std::make_unique<GeneralizeCommand>();
}

}  // namespace ldv::cli
