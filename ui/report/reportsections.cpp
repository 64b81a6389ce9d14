#include "report/reportsections.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include "report/reportdata.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
QString esc(const QString& s) {
    return s.toHtmlEscaped();
}
QString num(double v, int digits = 4) {
    return QString::number(v, 'g', digits);
}
QString percent(double fraction) {
    return QString::number(fraction * 100, 'f', 2) + QStringLiteral(" %");
}
QString estimate(const UniquenessEstimate& e) {
    return e.fraction ? percent(*e.fraction)
                      : QObject::tr("not computed (%1)").arg(esc(QString::fromStdString(e.reason)));
}
QString joined(const QJsonValue& v) {
    QStringList parts;
    for (const QJsonValue& x : v.toArray())
        parts << (x.isDouble() ? QString::number(x.toDouble()) : x.toString());
    return parts.join(QStringLiteral(", "));
}
}  // namespace

QString utilityHtml(const ReportData& d) {
    QString h = QObject::tr("<h2>Utility: input against output</h2>");
    if (!d.utility) {
        return h + QObject::tr("<p>Not computed: %1</p>").arg(esc(d.utilityError));
    }
    const UtilityReport& u = *d.utility;
    h += QObject::tr(
             "<p>What publishing cost each attribute (<code>ldiv utility</code>, "
             "docs/utility.md): %1 in, %2 published, %3 suppressed and left out of the output's "
             "figures. Numeric attributes are summarized on the output intervals' midpoints; "
             "categorical ones by their distinct values and Shannon entropy (bits): the entropy "
             "the output keeps is the information left to an analyst.</p>")
             .arg(countOf(u.inputRows, "row", "rows"), QString::number(u.outputRows),
                  QString::number(u.suppressedRows));
    h += QObject::tr(
        "<table><tr><th>Attribute</th><th>Statistic</th><th>Input</th><th>Output</th></tr>");
    auto value = [](const std::optional<double>& v) {
        return v ? num(*v, 6) : QStringLiteral("—");
    };
    auto row = [&](const QString& attribute, const QString& statistic, const QString& in,
                   const QString& out) {
        h += QStringLiteral(
                 "<tr><td>%1</td><td>%2</td><td class='n'>%3</td><td class='n'>%4</td>"
                 "</tr>")
                 .arg(esc(attribute), statistic, esc(in), esc(out));
    };
    for (const AttributeUtility& a : u.attributes) {
        const QString name = QString::fromStdString(a.name);
        if (a.numeric) {
            row(name, QObject::tr("mean"), value(a.inputNumbers.mean), value(a.outputNumbers.mean));
            row(QString(), QObject::tr("median"), value(a.inputNumbers.median),
                value(a.outputNumbers.median));
            row(QString(), QObject::tr("sd"), value(a.inputNumbers.sd), value(a.outputNumbers.sd));
            row(QString(), QObject::tr("distinct values"), QString::number(a.input.size()),
                QString::number(a.output.size()));
        } else {
            row(name, QObject::tr("distinct values"), QString::number(a.inputCategories.distinct),
                QString::number(a.outputCategories.distinct));
            row(QString(), QObject::tr("entropy (bits)"), num(a.inputCategories.entropy),
                num(a.outputCategories.entropy));
        }
    }
    h += QStringLiteral("</table>");
    if (const auto& c = u.classification) {
        h += QObject::tr(
                 "<h3>Classification accuracy</h3><p>Predicting <b>%1</b> from %2 other "
                 "attributes, %3-fold cross-validation on the same folds (seed %4); relative "
                 "accuracy = (output − baseline) ÷ (input − baseline), 1 when publishing lost "
                 "nothing.</p><table><tr><th>Model</th><th>Input</th><th>Output</th>"
                 "<th>Baseline</th><th>Relative</th></tr>")
                 .arg(esc(QString::fromStdString(c->target)))
                 .arg(c->features.size())
                 .arg(c->folds)
                 .arg(qulonglong(c->seed));
        for (const ModelAccuracy& m : c->models)
            h += QStringLiteral(
                     "<tr><td>%1</td><td class='n'>%2</td><td class='n'>%3</td><td "
                     "class='n'>%4</td><td class='n'>%5</td></tr>")
                     .arg(esc(QString::fromStdString(m.model)), percent(m.inputAccuracy),
                          percent(m.outputAccuracy), percent(c->baseline),
                          m.relativeAccuracy ? num(*m.relativeAccuracy, 3) : QStringLiteral("—"));
        h += QStringLiteral("</table>");
    }
    return h;
}

QString reidentificationHtml(const RiskAnalysis& r, const RiskAnalysis* before) {
    QString h =
        QObject::tr(
            "<h2>Re-identification risk</h2><p>Of the %1 in %2 "
            "(El Emam &amp; Dankar 2008). A prosecutor knows the target is in the release and "
            "picks one record of the target's class (risk 1/class size); a journalist does not "
            "know "
            "it and matches against the population (risk 1/F̂ with F̂ = f·N/n the class's estimated "
            "population size); a marketer re-identifies as many records as possible. Records above "
            "the threshold: risk &gt; %3.</p>")
            .arg(countOf(r.rows, "published record", "published records"),
                 countOf(r.classes, "class", "classes"), num(r.threshold));
    if (before)
        h += QObject::tr(
                 "<p><b>Before and after.</b> The input table (%1 in %2): prosecutor risk "
                 "highest %3, average %4, sample uniques %5. The published table: highest %6, "
                 "average %7, sample uniques %8.</p>")
                 .arg(countOf(before->rows, "record", "records"),
                      countOf(before->classes, "class", "classes"), num(before->prosecutor.highest),
                      num(before->prosecutor.average), percent(before->sampleUniques),
                      num(r.prosecutor.highest), num(r.prosecutor.average),
                      percent(r.sampleUniques));
    h += QObject::tr(
        "<table><tr><th>Attacker</th><th>Highest</th><th>Average</th><th>Records at highest</th>"
        "<th>Records above threshold</th></tr>");
    auto row = [&](const QString& name, const RiskFigures& f) {
        h += QStringLiteral(
                 "<tr><td>%1</td><td class='n'>%2</td><td class='n'>%3</td><td class='n'>%4</td>"
                 "<td class='n'>%5</td></tr>")
                 .arg(name, num(f.highest), num(f.average), percent(f.recordsAtHighest),
                      percent(f.recordsAboveThreshold));
    };
    row(QObject::tr("Prosecutor"), r.prosecutor);
    if (r.journalist)
        row(QObject::tr("Journalist"), *r.journalist);
    else
        h += QObject::tr(
            "<tr><td>Journalist</td><td colspan='4'>needs the population size (Export "
            "perspective: <i>Population size</i>)</td></tr>");
    h += QObject::tr(
             "<tr><td>Marketer</td><td>—</td><td class='n'>%1</td><td colspan='2'>expected "
             "fraction of records re-identified</td></tr></table>")
             .arg(num(r.marketer));
    h += QObject::tr("<p>Sample uniques (records alone in their class): %1.")
             .arg(percent(r.sampleUniques));
    if (r.populationUniques) {
        const PopulationUniqueness& p = *r.populationUniques;
        h += QObject::tr(
                 " Population uniques, estimated: Pitman (Hoshino 2001) %1; Zayatz (Zayatz "
                 "1991) %2; SNB (Chen &amp; Keller-McNulty 1998) %3; Dankar et al. 2012's "
                 "decision rule chooses <b>%4</b>: %5.")
                 .arg(estimate(p.pitman), estimate(p.zayatz), estimate(p.snb),
                      esc(QString::fromStdString(p.recommended)), estimate(p.dankar));
    } else {
        h += QObject::tr(" Population uniques need the population size.");
    }
    h += QStringLiteral("</p>");
    return h;
}

QString surveyRiskHtml(const ReportData& d) {
    if (!d.surveyBefore && d.surveyError.isEmpty()) return {};
    QString h = QObject::tr("<h2>Survey risk</h2>");
    if (!d.surveyError.isEmpty())
        return h + QObject::tr("<p>Not computed: %1</p>").arg(d.surveyError.toHtmlEscaped());
    const SurveyFigures& before = *d.surveyBefore;
    h += QObject::tr(
             "<p>From the sampling weights%1%2: a record's individual risk is the probability "
             "that an intruder who matches it on the quasi-identifiers picks the right person "
             "of the population (Benedetti &amp; Franconi 1998, as sdcMicro's indivRisk); the "
             "global risk is their sum, the expected number of re-identifications. A "
             "household's risk is that at least one of its members is re-identified.</p>")
             .arg(before.weight.empty()
                      ? QString()
                      : QObject::tr(" ('%1')").arg(QString::fromStdString(before.weight)),
                  before.household.empty() ? QString()
                                           : QObject::tr(", households '%1'")
                                                 .arg(QString::fromStdString(before.household)));
    h += QObject::tr(
        "<table><tr><th>Table</th><th>Highest individual risk</th><th>Expected "
        "re-identifications</th><th>Highest household risk</th><th>Expected (households)</th>"
        "</tr>");
    auto row = [&](const QString& name, const SurveyFigures* f) {
        if (!f) {
            h +=
                QObject::tr("<tr><td>%1</td><td colspan='4'>no published rows</td></tr>").arg(name);
            return;
        }
        const QString none = QStringLiteral("—");
        h += QStringLiteral(
                 "<tr><td>%1</td><td class='n'>%2</td><td class='n'>%3</td><td class='n'>%4</td>"
                 "<td class='n'>%5</td></tr>")
                 .arg(name, f->individual ? num(f->individual->highest) : none,
                      f->individual ? num(f->individual->global) : none,
                      f->households ? num(f->households->highest) : none,
                      f->households ? num(f->households->expected) : none);
    };
    row(QObject::tr("Input"), &before);
    row(QObject::tr("Published"), d.surveyAfter ? &*d.surveyAfter : nullptr);
    return h + QStringLiteral("</table>");
}

QString releaseHtml(const ReportData& d) {
    if (!d.release)
        return QObject::tr(
            "<h2>Release record</h2><p>No release record yet for this node. Export the table "
            "with <i>Also write a release record</i> checked: the record (RELEASE.ldiv-release."
            "json) holds the SHA-256 of the original data, the configuration and the published "
            "file, and <code>ldiv verify</code> rechecks every claim from the files; the report "
            "written after that export shows it here.</p>");
    const ReleaseRecord& r = *d.release;
    QString h = QObject::tr(
                    "<h2>Release record</h2><p>Written to <code>%1</code> by ldiv %2. "
                    "Anyone can recheck it with</p><p style='margin-left:1em'><code>%3</code></p>")
                    .arg(esc(d.releasePath), esc(QString::fromStdString(r.ldivVersion)),
                         esc(QStringLiteral("ldiv verify %1 --published %2 --original %3")
                                 .arg(d.releasePath, QString::fromStdString(r.publishedPath),
                                      QString::fromStdString(r.originalPath))));
    h += QObject::tr(
             "<table><tr><th>File</th><th>SHA-256</th></tr>"
             "<tr><td>original data<br><small>%1</small></td><td><code>%2</code></td></tr>"
             "<tr><td>configuration</td><td><code>%3</code></td></tr>"
             "<tr><td>published table<br><small>%4</small></td><td><code>%5</code></td>"
             "</tr></table>")
             .arg(esc(QString::fromStdString(r.originalPath)),
                  QString::fromStdString(r.originalSha), QString::fromStdString(r.configurationSha),
                  esc(QString::fromStdString(r.publishedPath)),
                  QString::fromStdString(r.publishedSha));
    const QJsonObject c =
        QJsonDocument::fromJson(QByteArray::fromStdString(r.configuration)).object();
    const QJsonObject output = c.value("output").toObject();
    // A transformation's record names its model (and aggregates) instead of a node.
    const QJsonObject transformation = c.value("transformation").toObject();
    const QString published =
        transformation.isEmpty()
            ? QObject::tr("<tr><td>Node</td><td>[%1]</td></tr>").arg(joined(c.value("node")))
            : QObject::tr("<tr><td>Transformation</td><td>%1</td></tr>")
                  .arg(esc(transformation.value("model").toString()));
    h += QObject::tr(
             "<h3>Configuration</h3><table>%1"
             "<tr><td>Criteria</td><td>%2</td></tr><tr><td>Suppression limit</td><td>%3 %</td></tr>"
             "<tr><td>Metric</td><td>%4</td></tr><tr><td>Quasi-identifiers</td><td>%5</td></tr>"
             "<tr><td>Sensitive</td><td>%6</td></tr><tr><td>Suppressed rows</td><td>%7</td></tr>"
             "<tr><td>Output</td><td>separator '%8', formulas neutralised: %9</td></tr></table>")
             .arg(published, esc(joined(c.value("criteria"))))
             .arg(c.value("suppression_limit").toDouble() * 100)
             .arg(esc(c.value("metric").toString()), esc(joined(c.value("quasi_identifiers"))),
                  esc(joined(c.value("sensitive"))),
                  c.value("suppressed").toString() == "masked"
                      ? QObject::tr("masked as '%1'").arg(esc(c.value("mask_token").toString()))
                      : QObject::tr("removed"),
                  esc(output.value("separator").toString()),
                  output.value("neutralize_formulas").toBool() ? QObject::tr("yes")
                                                               : QObject::tr("no"));
    h += QObject::tr(
             "<h3>Claims</h3><p>%1 original rows, %2 published, %3 suppressed; the table %4 the "
             "requirement. Prosecutor risk: highest %5, average %6.</p>"
             "<table><tr><th>Criterion</th><th>Measure</th><th>Measured</th><th>Threshold</th>"
             "<th>Holds</th></tr>")
             .arg(r.originalRows)
             .arg(r.publishedRows)
             .arg(r.suppressedRows)
             .arg(r.satisfies ? QObject::tr("satisfies") : QObject::tr("does not satisfy"))
             .arg(num(r.risk.highest), num(r.risk.average));
    for (const ReleaseCriterion& k : r.criteria)
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4 %5</td><td>%6</td></tr>")
                 .arg(esc(QString::fromStdString(k.spec)), esc(QString::fromStdString(k.measure)),
                      num(k.measured, 6),
                      k.higherIsBetter ? QStringLiteral("≥") : QStringLiteral("≤"),
                      num(k.threshold, 6), k.holds ? QObject::tr("yes") : QObject::tr("no"));
    h += QStringLiteral("</table>");
    return h;
}

QString referencesHtml(const ReportData& d) {
    QStringList refs{
        QObject::tr("Bayardo, R. J. and Agrawal, R. (2005). Data Privacy through Optimal "
                    "k-Anonymization. <i>Proceedings of the 21st International Conference on Data "
                    "Engineering (ICDE 2005)</i>, pages 217–228. (Discernibility metric.)"),
        QObject::tr("El Emam, K. and Dankar, F. K. (2008). Protecting Privacy Using "
                    "k-Anonymity. <i>Journal of the American Medical Informatics Association</i> "
                    "15(5), pages 627–637. (Prosecutor, journalist and marketer risk.)"),
        QObject::tr("Iyengar, V. S. (2002). Transforming Data to Satisfy Privacy Constraints. "
                    "<i>Proceedings of ACM SIGKDD 2002</i>, pages 279–288. (Loss metric.)"),
        QObject::tr("LeFevre, K., DeWitt, D. J. and Ramakrishnan, R. (2005). Incognito: "
                    "Efficient Full-Domain K-Anonymity. <i>Proceedings of ACM SIGMOD 2005</i>, "
                    "pages 49–60. (The lattice search.)"),
        QObject::tr("Machanavajjhala, A., Kifer, D., Gehrke, J. and Venkitasubramaniam, M. "
                    "(2007). ℓ-Diversity: Privacy Beyond k-Anonymity. <i>ACM Transactions on "
                    "Knowledge Discovery from Data</i> 1(1), article 3. (ℓ-diversity, the "
                    "homogeneity attack, Bayes-optimal beliefs.)"),
        QObject::tr("Sweeney, L. (2002). k-Anonymity: A Model for Protecting Privacy. "
                    "<i>International Journal of Uncertainty, Fuzziness and Knowledge-Based "
                    "Systems</i> 10(5), pages 557–570.")};
    if (d.reidentification.populationUniques)
        refs << QObject::tr(
                    "Chen, G. and Keller-McNulty, S. (1998). Estimation of "
                    "Identification Disclosure Risk in Microdata. <i>Journal of Official "
                    "Statistics</i> 14(1), pages 79–95. (SNB estimator.)")
             << QObject::tr(
                    "Dankar, F. K., El Emam, K., Neisa, A. and Roffey, T. (2012). "
                    "Estimating the Re-identification Risk of Clinical Data Sets. <i>BMC "
                    "Medical Informatics and Decision Making</i> 12, article 66. (Which "
                    "population-uniqueness estimator to trust.)")
             << QObject::tr(
                    "Hoshino, N. (2001). Applying Pitman's Sampling Formula to "
                    "Microdata Disclosure Risk Assessment. <i>Journal of Official "
                    "Statistics</i> 17(4), pages 499–520.")
             << QObject::tr(
                    "Zayatz, L. (1991). Estimation of the Percent of Unique Population "
                    "Elements on a Microdata File Using the Sample. <i>US Bureau of the "
                    "Census, Statistical Research Division Report</i> RR-91/08.");
    if (d.surveyBefore)
        refs << QObject::tr(
            "Benedetti, R. and Franconi, L. (1998). Statistical and Technological Solutions for "
            "Controlled Data Dissemination. <i>Pre-proceedings of New Techniques and "
            "Technologies for Statistics</i> 1. (Individual risk from sampling "
            "weights.)");
    refs.sort(Qt::CaseInsensitive);
    QString h = QObject::tr("<h2>References</h2>");
    for (const QString& r : refs) h += QStringLiteral("<p style='margin-left:1em'>%1</p>").arg(r);
    return h;
}

}  // namespace ldv::ui
