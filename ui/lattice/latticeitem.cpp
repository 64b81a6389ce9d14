#include "lattice/latticeitem.h"
#include "widgets/plural.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <memory>

namespace ldv::ui {

namespace {
// Nodes are drawn one by one when neighbours are at least this many pixels apart and no more
// than kMaxDrawn of them are exposed; otherwise each height is a density strip.
constexpr double kNodeMinPixels = 3;
constexpr std::uint64_t kMaxDrawn = 30000;
// Edges are drawn when a node is at least this many pixels wide and few enough are exposed.
constexpr double kEdgeMinPixels = 6;
constexpr std::size_t kEdgeMaxNodes = 6000;
// Stretches of a row aggregated separately, so a strip shows where in its row the satisfying
// nodes are.
constexpr std::size_t kBinsPerRow = 96;
constexpr std::size_t kMaxMarked = 5000;

/// Half the height of a row's band at overview, in scene units: a third of the distance of
/// two rows, between 6 and 24 px tall on screen (never less than a node).
double bandHalfHeight(const LatticeLayout& layout, double lod) {
    return std::max(layout.radius(),
                    std::clamp(0.32 * layout.rowDistance() * lod, 3.0, 12.0) / lod);
}

}  // namespace

LatticeItem::LatticeItem(const LatticeLayout* layout)
    : m_layout(layout), m_filtered(layout->lattice().heights()) {
    if (aggregated()) m_states.assign(layout->size(), NodeState::NotEvaluated);
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption);
    aggregate();
}

void LatticeItem::setKnownNode(std::optional<std::pair<NodeId, NodeState>> node) {
    m_known = node;
    aggregate();
    update();
}

void LatticeItem::setStates(std::vector<NodeState> states) {
    m_states = std::move(states);
    aggregate();
    update();
}

void LatticeItem::setMetricValues(std::vector<double> values) {
    if (values.empty()) {
        setValueProvider({}, 0, 1);
        return;
    }
    double min = std::numeric_limits<double>::infinity(), max = -min;
    for (double v : values)
        if (std::isfinite(v)) {
            min = std::min(min, v);
            max = std::max(max, v);
        }
    if (min > max) min = max = 0;
    auto shared = std::make_shared<const std::vector<double>>(std::move(values));
    setValueProvider(
        [shared](NodeId id) {
            return id < shared->size() ? (*shared)[id] : std::numeric_limits<double>::quiet_NaN();
        },
        min, max);
}

void LatticeItem::setValueProvider(ValueProvider provider, double min, double max) {
    m_value = std::move(provider);
    m_min = min;
    m_max = max;
    aggregate();
    update();
}

void LatticeItem::refreshValues() {
    aggregate();
    update();
}

void LatticeItem::setFilter(LatticeFilter filter) {
    m_filter = std::move(filter);
    m_filtered = LevelCounts(m_layout->lattice().heights(), m_filter.levels);
    aggregate();
    update();
}

void LatticeItem::setSelection(const std::vector<NodeId>& selected) {
    m_selected = std::set<NodeId>(selected.begin(), selected.end());
    update();
}

std::optional<NodeId> LatticeItem::markerAt(const QPointF& scene, double lod) const {
    // The sizes paint() draws the marks with.
    const double s = std::max(m_layout->radius(), 3 / std::max(lod, 1e-12));
    std::optional<NodeId> found;
    for (NodeId id : m_marked) {
        if (!passesFilter(id)) continue;
        const bool optimum = state(id) == NodeState::Optimum || isKnown(id);
        const double size = optimum ? 1.6 * s : s;
        const QPointF d = m_layout->position(id) - scene;
        if (std::abs(d.x()) > size || std::abs(d.y()) > size) continue;
        if (optimum) return id;
        if (!found) found = id;
    }
    return found;
}

double LatticeItem::value(NodeId id) const {
    return m_value ? m_value(id) : std::numeric_limits<double>::quiet_NaN();
}

bool LatticeItem::passesFilter(NodeId id) const {
    if (id >= m_layout->size()) return false;
    return passesFilter(id, m_layout->lattice().levels(id));
}

bool LatticeItem::passesFilter(NodeId id, std::span<const int> levels) const {
    if (!m_filter.states[std::size_t(state(id))]) return false;
    for (std::size_t i = 0; i < levels.size() && i < m_filter.levels.size(); ++i)
        if (levels[i] < m_filter.levels[i].first || levels[i] > m_filter.levels[i].second)
            return false;
    if (m_value && (!std::isnan(m_filter.metricMin) || !std::isnan(m_filter.metricMax))) {
        const double v = value(id);
        if (!std::isnan(m_filter.metricMin) && !(v >= m_filter.metricMin - 1e-12 * std::abs(v)))
            return false;
        if (!std::isnan(m_filter.metricMax) && !(v <= m_filter.metricMax + 1e-12 * std::abs(v)))
            return false;
    }
    return true;
}

std::size_t LatticeItem::binCount(int h) const {
    return std::size_t(std::min<std::uint64_t>(m_layout->rowSize(h), kBinsPerRow));
}

void LatticeItem::aggregate() {
    const int rows = m_layout->size() > 0 ? m_layout->rowCount() : 0;
    m_rows.assign(std::size_t(rows), Row{});
    m_marked.clear();
    if (!aggregated()) {
        // Too large to aggregate: only the known node is marked (when the filter shows it).
        if (m_known && m_known->first < m_layout->size() && passesFilter(m_known->first))
            m_marked.push_back(m_known->first);
        return;
    }
    for (int h = 0; h < rows; ++h) m_rows[std::size_t(h)].bins.resize(binCount(h));
    // One pass in id order: a node's rank in its row is the number of earlier nodes of the
    // same height, so no rank needs computing; the levels advance like an odometer.
    const Lattice& lattice = m_layout->lattice();
    const std::vector<int>& heights = lattice.heights();
    Levels levels(heights.size(), 0);
    std::vector<std::uint64_t> next(std::size_t(rows), 0);
    int height = 0;
    for (NodeId id = 0; id < lattice.size(); ++id) {
        const std::uint64_t rank = next[std::size_t(height)]++;
        if (passesFilter(id, levels)) {
            Row& row = m_rows[std::size_t(height)];
            const std::uint64_t n = m_layout->rowSize(height);
            Bin& bin = row.bins[std::size_t((std::uint64_t)rank * row.bins.size() / n)];
            if (row.shown == 0) row.first = rank;
            row.last = rank;
            ++row.shown;
            ++bin.shown;
            const NodeState s = state(id);
            ++bin.states[std::size_t(s)];
            if (m_value) {
                const double v = m_value(id);
                if (std::isfinite(v)) {
                    bin.sum += v;
                    ++bin.valued;
                }
            }
            if ((s >= NodeState::Minimal || (m_known && m_known->first == id)) &&
                m_marked.size() < kMaxMarked)
                m_marked.push_back(id);
        }
        for (std::size_t i = heights.size(); i-- > 0;) {
            if (levels[i] < heights[i]) {
                ++levels[i];
                ++height;
                break;
            }
            height -= levels[i];
            levels[i] = 0;
        }
    }
}

std::uint64_t LatticeItem::visibleCount() const {
    if (aggregated()) {
        std::uint64_t n = 0;
        for (const Row& row : m_rows) n += row.shown;
        return n;
    }
    // Too large for a search: every node is not evaluated, only the level filter applies.
    if (!m_filter.states[std::size_t(NodeState::NotEvaluated)]) return 0;
    return m_filtered.total();
}

QRectF LatticeItem::visibleBounds() const {
    QRectF box;
    for (int h = 0; h < int(m_rows.size()); ++h) {
        std::uint64_t first = 0, last = 0;
        if (aggregated()) {
            const Row& row = m_rows[std::size_t(h)];
            if (row.shown == 0) continue;
            first = row.first;
            last = row.last;
        } else if (!m_filter.states[std::size_t(NodeState::NotEvaluated)] ||
                   !m_filtered.rankSpan(h, m_layout->counts(), &first, &last)) {
            continue;
        }
        // (A rectangle of zero width or height would be ignored by united().)
        const QRectF span = QRectF(m_layout->position(h, first), m_layout->position(h, last))
                                .normalized()
                                .adjusted(0, 0, 0.001, 0.001);
        box = box.isNull() ? span : box.united(span);
    }
    const double m = 2 * m_layout->radius();
    // Rows are drawn as bands up to a third of the row distance tall at overview: room for
    // the first and the last one.
    const double v = std::max(m, 0.4 * m_layout->rowDistance());
    return box.isNull() ? QRectF() : box.adjusted(-m, -v, m, v);
}

QColor LatticeItem::nodeColor(NodeId id) const {
    if (!m_value) return stateColor(state(id));
    const double span = m_max - m_min;
    const double v = value(id);
    return scaleColor(std::isfinite(v) ? (span > 0 ? (v - m_min) / span : 0.0) : v);
}

QString LatticeItem::rowSummary(int h) const {
    if (h < 0 || h >= int(m_rows.size())) return {};
    QString text = QCoreApplication::translate("LatticeItem", "<b>Height %1</b>: %2")
                       .arg(h)
                       .arg(countOfL(m_layout->rowSize(h), "node", "nodes"));
    if (!aggregated()) return text;
    std::uint64_t counts[kNodeStateCount] = {};
    for (const Bin& bin : m_rows[std::size_t(h)].bins)
        for (int s = 0; s < kNodeStateCount; ++s) counts[s] += bin.states[s];
    text +=
        QCoreApplication::translate("LatticeItem", ", %1 shown").arg(m_rows[std::size_t(h)].shown);
    for (int s = kNodeStateCount - 1; s >= 0; --s)
        if (counts[s] > 0)
            text += QStringLiteral("<br>%1: %2").arg(stateName(NodeState(s))).arg(counts[s]);
    return text;
}

QRectF LatticeItem::boundingRect() const {
    return m_layout->bounds();
}

bool LatticeItem::drawsStrips(double scale, const QRectF& exposed) const {
    if (m_layout->columnDistance() * scale < kNodeMinPixels) return true;
    return m_layout->countIn(exposed) > kMaxDrawn;
}

void LatticeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // The exposed rectangle, but never more than the paint device shows.
    QRectF exposed = option->exposedRect;
    if (painter->device()) {
        const QRectF device = painter->worldTransform().inverted().mapRect(
            QRectF(0, 0, painter->device()->width(), painter->device()->height()));
        exposed = exposed.intersected(device);
    }
    if (m_layout->size() == 0) return;
    if (drawsStrips(lod, exposed))
        paintStrips(painter, exposed, lod);
    else
        paintNodes(painter, exposed, lod);

    // Selection on top, visible at any zoom.
    const double r = m_layout->radius();
    for (NodeId id : m_selected) {
        if (id >= m_layout->size()) continue;
        const QPointF p = m_layout->position(id);
        if (!exposed.adjusted(-4 * r, -4 * r, 4 * r, 4 * r).contains(p) && lod > 0.05) continue;
        const double s = std::max(r * 1.6, 5 / lod);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(QColor(0xCC, 0x79, 0xA7), 3 / lod));
        painter->drawEllipse(p, s, s);
    }
}

void LatticeItem::paintStrips(QPainter* painter, const QRectF& exposed, double lod) {
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(Qt::NoPen);
    const double r = m_layout->radius();
    const double half = bandHalfHeight(*m_layout, lod);
    const auto [low, high] = m_layout->rowsIn(exposed.adjusted(0, -half, 0, half));
    const bool byValue = bool(m_value);
    const double span = m_max - m_min;
    std::vector<NodeId> sample;
    for (int h = low; h <= high; ++h) {
        const double y = -h * m_layout->rowDistance();
        if (!aggregated()) {
            std::uint64_t first = 0, last = 0;
            if (!m_filter.states[std::size_t(NodeState::NotEvaluated)] ||
                !m_filtered.rankSpan(h, m_layout->counts(), &first, &last))
                continue;
            // Density of the filter's nodes within their span of the row.
            const double density = double(m_filtered.rowSize(h)) / double(last - first + 1);
            QColor c = stateColor(NodeState::NotEvaluated);
            c.setAlphaF(float(0.35 + 0.65 * density));
            const double x0 = m_layout->position(h, first).x() - r;
            const double x1 = m_layout->position(h, last).x() + r;
            painter->fillRect(QRectF(x0, y - half, std::max(x1 - x0, 2 / lod), 2 * half), c);
            continue;
        }
        const Row& row = m_rows[std::size_t(h)];
        if (row.shown == 0) continue;
        const std::uint64_t n = m_layout->rowSize(h);
        const std::size_t bins = row.bins.size();
        for (std::size_t b = 0; b < bins; ++b) {
            const Bin& bin = row.bins[b];
            if (bin.shown == 0) continue;
            // Ranks [r0, r1) of this stretch (n·bins < 2^31: aggregated lattices are small).
            const auto r0 =
                std::uint64_t((std::uint64_t)n * b / bins + ((std::uint64_t)n * b % bins ? 1 : 0));
            const auto r1 = std::uint64_t((std::uint64_t)n * (b + 1) / bins +
                                          ((std::uint64_t)n * (b + 1) % bins ? 1 : 0));
            const double x0 =
                m_layout->position(h, r0).x() - (b == 0 ? r : m_layout->columnDistance() / 2);
            const double x1 = m_layout->position(h, r1 - 1).x() +
                              (b + 1 == bins ? r : m_layout->columnDistance() / 2);
            if (x1 < exposed.left() || x0 > exposed.right()) continue;
            const double width = std::max(x1 - x0, 1 / lod);
            // Stretches where the filter hides most nodes fade.
            const double shown = double(bin.shown) / double(std::max<std::uint64_t>(1, r1 - r0));
            const float alpha = float(0.3 + 0.7 * shown);
            if (byValue && bin.valued == 0 && m_drawn) {
                // A lazily computed value (risk) known for no node of this stretch yet: ask
                // for the one in its middle, so the strip fills in as values arrive.
                const std::uint64_t middle = (r0 + r1 - 1) / 2;
                sample.push_back(m_layout->lattice().id(m_layout->counts().unrank(h, middle)));
            }
            if (byValue) {
                QColor c =
                    bin.valued
                        ? scaleColor(span > 0 ? (bin.sum / double(bin.valued) - m_min) / span : 0.0)
                        : stateColor(NodeState::NotEvaluated);
                c.setAlphaF(alpha);
                painter->fillRect(QRectF(x0, y - half, width, 2 * half), c);
                continue;
            }
            // By state: the stretch is a stacked bar, rarer states on top, each band as tall
            // as its share of the stretch's nodes (a blend of colours would read as a state
            // of its own).
            double top = y - half;
            for (int st = kNodeStateCount - 1; st >= 0; --st) {
                if (bin.states[st] == 0) continue;
                const double band = 2 * half * double(bin.states[st]) / double(bin.shown);
                QColor c = stateColor(NodeState(st));
                c.setAlphaF(alpha);
                painter->fillRect(QRectF(x0, top, width, std::max(band, 1 / lod)), c);
                top += band;
            }
        }
    }
    // The optimum (outlined, larger) and, when they are few, the minimal nodes stay
    // findable at overview.
    const double s = std::max(r, 3 / lod);
    std::vector<NodeId> marked;
    std::size_t minimal = 0;
    for (NodeId id : m_marked) minimal += state(id) == NodeState::Minimal ? 1 : 0;
    for (NodeId id : m_marked)
        if (state(id) == NodeState::Optimum || minimal <= 300 || isKnown(id)) marked.push_back(id);
    std::stable_sort(marked.begin(), marked.end(),
                     [this](NodeId a, NodeId b) { return state(a) < state(b); });
    for (NodeId id : marked) {
        const QPointF p = m_layout->position(id);
        const bool optimum = state(id) == NodeState::Optimum || isKnown(id);
        const double size = optimum ? 1.6 * s : s;
        if (!exposed.adjusted(-size, -size, size, size).contains(p)) continue;
        painter->setPen(optimum ? QPen(QColor(20, 20, 20), 1.5 / lod) : QPen(Qt::NoPen));
        painter->setBrush(byValue ? nodeColor(id) : stateColor(state(id)));
        painter->drawRect(QRectF(p.x() - size, p.y() - size, 2 * size, 2 * size));
    }
    marked.insert(marked.end(), sample.begin(), sample.end());
    if (m_drawn && !marked.empty()) m_drawn(marked);
    // Each row's node count, where rows are far enough apart to read it.
    if (m_layout->rowDistance() * lod >= 36) {
        painter->save();
        const QTransform toDevice = painter->worldTransform();
        painter->resetTransform();
        QFont font = painter->font();
        font.setPixelSize(11);
        painter->setFont(font);
        painter->setPen(QColor(60, 60, 60));
        for (int h = low; h <= high; ++h) {
            const std::uint64_t n = m_layout->rowSize(h);
            const QPointF left = toDevice.map(m_layout->position(h, 0) - QPointF(r, 0));
            const QString text = QCoreApplication::translate("LatticeItem", "height %1 · %2")
                                     .arg(h)
                                     .arg(countOfL(n, "node", "nodes"));
            const double w = QFontMetricsF(font).horizontalAdvance(text) + 6;
            // Left of the strip when there is room, else above it at the view's left edge.
            const QRectF box = left.x() - w - 4 >= 0
                                   ? QRectF(left.x() - w - 4, left.y() - 8, w, 16)
                                   : QRectF(std::max(2.0, left.x()),
                                            left.y() - 8 - std::max(half * lod, 3.0) - 14, w, 16);
            painter->fillRect(box, QColor(250, 250, 250, 220));
            painter->drawText(box, Qt::AlignCenter, text);
        }
        painter->restore();
    }
}

void LatticeItem::paintNodes(QPainter* painter, const QRectF& exposed, double lod) {
    const Lattice& lattice = m_layout->lattice();
    const double r = m_layout->radius();
    std::vector<NodeId> nodes =
        m_layout->nodesIn(exposed.adjusted(-m_layout->columnDistance(), -m_layout->rowDistance(),
                                           m_layout->columnDistance(), m_layout->rowDistance()),
                          kMaxDrawn * 2);
    // Only nodes the filter shows are materialised further.
    nodes.erase(
        std::remove_if(nodes.begin(), nodes.end(), [this](NodeId id) { return !passesFilter(id); }),
        nodes.end());
    const double pixels = 2 * r * lod;

    if (pixels >= kEdgeMinPixels && nodes.size() <= kEdgeMaxNodes) {
        painter->setPen(QPen(QColor(0, 0, 0, 50), 0));
        // Edges only between nodes the filter shows: a hidden node takes its edges with it.
        for (NodeId id : nodes) {
            const QPointF from = m_layout->position(id);
            for (NodeId up : lattice.successors(id))
                if (passesFilter(up)) painter->drawLine(from, m_layout->position(up));
        }
    }

    // Rarer, more interesting states on top where nodes overlap.
    std::stable_sort(nodes.begin(), nodes.end(),
                     [this](NodeId a, NodeId b) { return state(a) < state(b); });
    if (m_drawn && !nodes.empty()) m_drawn(nodes);
    const bool discs = pixels >= 4;
    painter->setRenderHint(QPainter::Antialiasing, discs && nodes.size() < 20000);
    const double dx = m_layout->columnDistance();
    const QPen outline(QColor(60, 60, 60), 0);
    for (NodeId id : nodes) {
        const QPointF p = m_layout->position(id);
        const QColor color = nodeColor(id);
        if (discs) {
            painter->setPen(outline);
            painter->setBrush(color);
            painter->drawEllipse(p, r, r);
        } else {
            // Too small for discs: a tick as tall as an overview band, so each row reads as
            // a band at node resolution (as the strips a step further out do), not as a line
            // of dots far apart from the next row.
            const double w = std::max(r, 1.2 / lod);
            const double h = std::max(w, bandHalfHeight(*m_layout, lod));
            if (state(id) == NodeState::Optimum || isKnown(id)) {
                // Wider and outlined: findable among its neighbours.
                painter->setPen(QPen(QColor(20, 20, 20), 1.5 / lod));
                painter->setBrush(color);
                painter->drawRect(QRectF(p.x() - 2 * w, p.y() - h, 4 * w, 2 * h));
                continue;
            }
            painter->fillRect(QRectF(p.x() - w, p.y() - h, 2 * w, 2 * h), color);
        }
    }
    // Labels only where they fit: laid out in device pixels (font metrics of a scaled
    // painter are not those of the scaled text), at most 11 px, narrower than the distance
    // to a neighbour, and only when that leaves at least 7 px.
    if (pixels < 24 || nodes.empty()) return;
    QFont font = painter->font();
    font.setPixelSize(11);
    const QString widest = QString::fromStdString(formatLevels(lattice.levels(lattice.top())));
    const double width = QFontMetricsF(font).horizontalAdvance(widest);
    const double spacing = dx * lod * 0.92;
    const int size = int(std::min(11.0, std::floor(11.0 * spacing / std::max(1.0, width))));
    if (size < 7) return;
    font.setPixelSize(size);
    painter->save();
    const QTransform toDevice = painter->worldTransform();
    painter->resetTransform();
    painter->setFont(font);
    painter->setPen(Qt::black);
    const double below = r * lod + 2;
    for (NodeId id : nodes) {
        const QPointF p = toDevice.map(m_layout->position(id));
        painter->drawText(QRectF(p.x() - spacing / 2, p.y() + below, spacing, size + 4),
                          Qt::AlignHCenter | Qt::AlignTop,
                          QString::fromStdString(formatLevels(lattice.levels(id))));
    }
    painter->restore();
}

}  // namespace ldv::ui
