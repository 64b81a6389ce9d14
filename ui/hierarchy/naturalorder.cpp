#include "hierarchy/naturalorder.h"

#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <tuple>

namespace ldv::ui::naturalorder {

namespace {

// Classes in the order they are listed when a column mixes them.
enum Class { Number, Date, Month, Text, Punctuation };

struct Key {
    Class cls = Text;
    double value = 0;  ///< number, lower bound, yyyymmdd or month 1..12
    int tie = 0;       ///< "<x" before "x-…" before ">=x"
    QString text;      ///< the text itself (Text/Punctuation, and tie-break for the rest)
};

int monthOf(const QString& text) {
    static const QStringList english{"january",   "february", "march",    "april",
                                     "may",       "june",     "july",     "august",
                                     "september", "october",  "november", "december"};
    QString t = text.trimmed().toLower();
    if (t.endsWith('.')) t.chop(1);
    if (t.size() < 3) return 0;
    const QLocale locale;
    for (int m = 1; m <= 12; ++m) {
        const QString& name = english[m - 1];
        if (t == name || t == name.left(3) || (name == "september" && t == "sept")) return m;
        if (t == locale.monthName(m).toLower() ||
            t == locale.monthName(m, QLocale::ShortFormat).toLower())
            return m;
    }
    return 0;
}

Key keyOf(const QString& raw) {
    Key k;
    const QString s = raw.trimmed();
    k.text = s;
    if (s.isEmpty() || !s.contains(QRegularExpression("[\\p{L}\\p{N}]"))) {
        k.cls = Punctuation;
        return k;
    }
    // Ordered-grouping labels read "first..last": they sort by their first member.
    if (const int dots = s.indexOf(".."); dots > 0 && !s.startsWith('.')) {
        Key first = keyOf(s.left(dots));
        first.text = s;
        return first;
    }
    bool ok = false;
    const double number = s.toDouble(&ok);
    if (ok) {
        k.cls = Number;
        k.value = number;
        return k;
    }
    static const QRegularExpression iso("^(\\d{4})[-/](\\d{1,2})(?:[-/](\\d{1,2}))?$");
    static const QRegularExpression dotted("^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})$");
    static const QRegularExpression us("^(\\d{1,2})/(\\d{1,2})/(\\d{4})$");
    const auto date = [&k](int y, int m, int d) {
        k.cls = Date;
        k.value = y * 10000.0 + m * 100.0 + d;
        return k;
    };
    if (auto m = iso.match(s); m.hasMatch())
        return date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    if (auto m = dotted.match(s); m.hasMatch())
        return date(m.captured(3).toInt(), m.captured(2).toInt(), m.captured(1).toInt());
    if (auto m = us.match(s); m.hasMatch())
        return date(m.captured(3).toInt(), m.captured(1).toInt(), m.captured(2).toInt());
    // Interval labels of the interval builder: "<10", ">=90", "20-24", "[20, 25)".
    static const QRegularExpression interval(
        "^(<=?|>=?)?\\s*\\[?\\s*(-?\\d+(?:\\.\\d+)?)(?:\\s*(?:-|,)\\s*-?\\d+(?:\\.\\d+)?\\s*[)\\]]?"
        ")?$");
    if (auto m = interval.match(s); m.hasMatch()) {
        k.cls = Number;
        k.value = m.captured(2).toDouble();
        const QString op = m.captured(1);
        k.tie = op.startsWith('<') ? -1 : op.startsWith('>') ? 1 : 0;
        return k;
    }
    if (const int month = monthOf(s)) {
        k.cls = Month;
        k.value = month;
        return k;
    }
    return k;
}

// Runs of digits compare as numbers, the text between them case-insensitively ("ward 2" <
// "Ward 10"); written out because QCollator's numeric mode depends on how Qt was built.
int compareText(const QString& a, const QString& b) {
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit()) ++ei;
            while (ej < b.size() && b[ej].isDigit()) ++ej;
            // Compare without leading zeros: first by length, then digit by digit.
            QStringView da = QStringView(a).mid(i, ei - i), db = QStringView(b).mid(j, ej - j);
            while (da.size() > 1 && da.front() == '0') da = da.mid(1);
            while (db.size() > 1 && db.front() == '0') db = db.mid(1);
            if (da.size() != db.size()) return da.size() < db.size() ? -1 : 1;
            if (const int c = da.compare(db); c != 0) return c;
            i = ei;
            j = ej;
            continue;
        }
        const QChar ca = a[i].toCaseFolded(), cb = b[j].toCaseFolded();
        if (ca != cb) return ca < cb ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size() || j < b.size()) return i < a.size() ? 1 : -1;
    return QString::compare(a, b);
}

bool keyLess(const Key& a, const Key& b) {
    if (a.cls != b.cls) return a.cls < b.cls;
    if (a.cls != Text && a.cls != Punctuation) {
        if (a.value != b.value) return a.value < b.value;
        if (a.tie != b.tie) return a.tie < b.tie;
    }
    // Punctuation by code point: collations order "?" and "*" differently per locale.
    if (a.cls == Punctuation) return QString::compare(a.text, b.text) < 0;
    return compareText(a.text, b.text) < 0;
}

template <class T, class ToQString>
void sortKeyed(std::vector<T>& values, ToQString toQString) {
    std::vector<std::pair<Key, T>> keyed;
    keyed.reserve(values.size());
    for (auto& v : values) keyed.emplace_back(keyOf(toQString(v)), std::move(v));
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return keyLess(a.first, b.first); });
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::move(keyed[i].second);
}

}  // namespace

bool less(const QString& a, const QString& b) {
    return keyLess(keyOf(a), keyOf(b));
}

bool less(const std::string& a, const std::string& b) {
    return less(QString::fromStdString(a), QString::fromStdString(b));
}

void sort(QStringList& values) {
    std::vector<QString> v(values.begin(), values.end());
    sortKeyed(v, [](const QString& s) { return s; });
    values = QStringList(v.begin(), v.end());
}

void sort(std::vector<std::string>& values) {
    sortKeyed(values, [](const std::string& s) { return QString::fromStdString(s); });
}

}  // namespace ldv::ui::naturalorder
