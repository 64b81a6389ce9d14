#pragma once
// The Export perspective: the publishable table of a chosen node (CSV) or of SWEEP, the
// node's value-to-generalized-value mapping, the hierarchies (CSV files), the configuration
// (an ldiv project file that `ldiv generalize` re-runs on a new table) and the report (HTML,
// PDF) with the configuration, the node and its neighbours, risks and charts. The report's content
// is computed in the background when the node changes; the buttons write files.
#include <QList>
#include <QPointer>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "export/pseudonymprompt.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/release/release_record.h"
#include "ldiv/utility/classification.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class BarChart;
class Job;
class SearchSession;
class SweepExportBox;
class DpExportBox;
struct SearchOutcome;
struct ReportChart;
struct ReportData;

class ExportPerspective : public QWidget {
    Q_OBJECT
public:
    /// Says that a chosen non-lattice transformation is exported from the Privacy perspective.
    QLabel* transformationNotice() const { return m_transformNotice; }
    explicit ExportPerspective(QWidget* parent = nullptr);
    void setSession(SearchSession* session);
    /// Where the report gets further charts (the Analysis perspective's results, the Utility
    /// perspective's of the reported node) when written; given the reported node's levels.
    using ChartSource = std::function<std::vector<ReportChart>(const ldv::Levels&)>;
    void setChartSource(ChartSource source) { m_chartSource = std::move(source); }
    /// Where the report gets the classification accuracy of the reported node (the Utility
    /// perspective's, computed for the target chosen there); nullopt: none.
    using ClassificationSource =
        std::function<std::optional<ldv::ClassificationReport>(const ldv::Levels&)>;
    void setClassificationSource(ClassificationSource source) {
        m_classificationSource = std::move(source);
    }

    /// Chooses the node to publish ("1,0,2"); false when there is no project or no such node.
    /// Without a search the node is judged on its own (prepared in the background).
    bool setNode(const QString& levels);
    void setNode(NodeId id);
    /// The node chosen in the Lattice (its details pane or list): published from now on, and
    /// said so next to the levels, with the node it replaces.
    void chooseNode(NodeId id);
    QString nodeText() const;
    /// Where the node to publish came from ("the search's optimum", "chosen in the Lattice; …").
    QString nodeOrigin() const;
    bool isPreparing() const;
    /// The report of the chosen node (null until prepared).
    std::shared_ptr<const ReportData> report() const { return m_report; }

    /// Whether exporting the table also writes its release record (NAME.ldiv-release.json).
    void setWriteRelease(bool on);
    /// The record written with the last table export of the chosen node (null otherwise).
    std::shared_ptr<const ReleaseRecord> release() const { return m_release; }
    QString releasePath() const { return m_releasePath; }
    /// N of the population, for the report's journalist risk and population uniqueness
    /// (empty: unknown): the project's population_size, shared with the Risk perspective.
    /// False, with populationError(), when it is not a number of at least the table's rows.
    bool setPopulationSize(const QString& size);
    QString populationError() const;
    void setMaskSuppressed(bool mask);
    void setNeutralizeFormulas(bool on);
    /// Publish the rows in the source's order (default: shuffled, the seed recorded).
    void setKeepOrder(bool on);
    /// Asks what pseudonymized identifying attributes need at each table export (the hmac
    /// secret, the random mapping's file); false = cancelled. The default shows PseudonymDialog;
    /// tests give their answers.
    /// The SWEEP box asks the same way.
    using PseudonymPrompt = ui::PseudonymPrompt;
    void setPseudonymPrompt(PseudonymPrompt prompt);
    /// The mapping file written with the last table export (random pseudonyms), else "".
    QString pseudonymMappingPath() const { return m_pseudonymMapping; }
    // Writers (used by the buttons after a file dialog); false with a message on failure.
    /// Refused (false) while a column has no role (Project::unroledColumns), and for a node
    /// that fails its criteria (publish_guard.h; refusedFailingNode() then says so).
    bool exportTable(const QString& path);
    /// The PRAM columns of the table export ("COL[=p], …").
    QLineEdit* pramEdit() const { return m_pram; }
    /// exportTable of a failing node, after the steward confirmed "Publish anyway": its release
    /// record says which criteria fail, and `ldiv verify` rejects it.
    bool publishAnyway(const QString& path);
    /// The last exportTable refused a failing node.
    bool refusedFailingNode() const { return m_refusedFailing; }
    bool exportHierarchies(const QString& directory);
    /// attribute,level,value,generalized,rows of the chosen node.
    bool exportValueMapping(const QString& path);
    /// The project's configuration as a self-contained project file (data path relative to
    /// it, edited hierarchies embedded) without changing the open project's file.
    bool exportConfiguration(const QString& path);
    SweepExportBox* sweepBox() const { return m_sweep; }
    DpExportBox* dpBox() const { return m_dp; }
    bool exportReport(const QString& path);
    QString lastError() const { return m_error; }
    BarChart* classChart() const { return m_chart; }
    /// The export buttons (objectName: exportTable, exportMapping, exportHierarchies,
    /// exportConfiguration, exportHtml, exportPdf).
    QList<QPushButton*> exportButtons() const;

signals:
    /// A file (or a folder of hierarchy files) was written.
    void wrote(const QString& path);
    /// SafePub drew the node `levels` at random (DpExportBox::drawn).
    void randomlyDrawn(const QString& levels, const QString& explanation);

private:
    void outcomeChanged();
    void prepare();
    /// The table button: proposes "insensitive" for columns without a role, asks for the file,
    /// and offers "Publish anyway" behind a confirmation when the node fails.
    void exportTableInteractively();
    bool exportTableChecked(const QString& path, bool allowFailing);
    /// The search's outcome, or the one prepared for typed levels without a search.
    std::shared_ptr<const SearchOutcome> outcome() const;
    /// Shows the project's N; true when it differs from the one of the report.
    bool followPopulation();
    void prepareTyped(const QString& levels);
    /// Enables the buttons that have something to write; the others say why in their tooltip.
    void updateActions();
    /// Runs a writer after asking for its file; reports where it wrote.
    void write(const QString& path, bool (ExportPerspective::*writer)(const QString&));
    /// The report with the chosen node's release record, if one was written.
    std::shared_ptr<const ReportData> reportWithRelease() const;
    QPointer<SearchSession> m_session;
    /// Sets the levels and says where they came from.
    void setNodeFrom(NodeId id, const QString& origin);
    QLineEdit* m_node;
    QLabel* m_nodeOrigin;
    QLabel* m_nodeInfo;
    /// Shown while Privacy ▸ Transformation is set to a model other than full-domain.
    QLabel* m_transformNotice;
    QRadioButton* m_remove;
    QRadioButton* m_mask;
    QCheckBox* m_neutralize;
    QCheckBox* m_keepOrder;
    /// Columns to perturb with PRAM, "COL[=p], …" (empty: none).
    QLineEdit* m_pram;
    bool m_refusedFailing = false;
    QCheckBox* m_writeRelease;
    QLineEdit* m_population;
    QLabel* m_populationError;
    std::optional<double> m_reportPopulation;
    std::shared_ptr<const ReleaseRecord> m_release;
    QString m_releasePath;
    QTextBrowser* m_preview;
    BarChart* m_chart;
    SweepExportBox* m_sweep;
    DpExportBox* m_dp;
    Job* m_reportJob = nullptr;
    /// Levels typed without a search: the outcome prepared for them and the job preparing it.
    struct Typed {
        Job* job = nullptr;
        std::shared_ptr<const SearchOutcome> outcome;
        bool isPreparing() const;
    } m_typed;
    QPushButton* m_tableButton;
    QPushButton* m_mappingButton;
    QPushButton* m_hierarchiesButton;
    QPushButton* m_configButton;
    QPushButton* m_htmlButton;
    QPushButton* m_pdfButton;
    std::shared_ptr<const ReportData> m_report;
    QString m_error;
    ChartSource m_chartSource;
    ClassificationSource m_classificationSource;
    PseudonymPrompt m_pseudonymPrompt;
    QString m_pseudonymMapping;
};

}  // namespace ldv::ui
