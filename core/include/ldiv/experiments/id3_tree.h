#pragma once
// ID3 decision trees (Quinlan, "Induction of decision trees", Machine Learning 1, 1986) on
// categorical, integer-coded attributes: the learner Tian & Zhang 2011 §5.3.2 use for the
// classification-accuracy utility of anonymized tables (Figs 17–18). No Debian package ships a
// C++ ID3 (mlpack, the obvious candidate, is not packaged here and would pull in Armadillo for
// a hundred lines of counting), so it is written out.
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ldiv/data/feature_table.h"

namespace ldv {

/// A learned tree. Each inner node splits multiway on the attribute of largest information
/// gain H(C) − Σ_v |S_v|/|S|·H(C|S_v) (entropy in bits; ties: the lower attribute index); an
/// attribute is used at most once per path. A node becomes a leaf when its rows share one
/// class, no attribute is left or no split gains anything; it predicts its majority class
/// (ties: the lower class code). A value not seen at a node during training is predicted with
/// that node's majority class.
class Id3Tree {
public:
    /// Throws ParameterError when the data is empty or the sizes disagree.
    static Id3Tree learn(const FeatureTable& data);

    std::uint32_t predict(const FeatureTable& data, std::size_t row) const;
    /// Share of `data`'s rows whose label the tree predicts.
    double accuracy(const FeatureTable& data) const;

    /// A root-to-leaf path as a classification rule "a1 = v1 ∧ … ⇒ label" (Tian & Zhang 2011
    /// §5.3.2, who mine theirs after Giuffrida, Chu & Hanssens 2000): conditions sorted by
    /// attribute, with the training rows the leaf covers and how many of them carry `label`.
    struct Rule {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> conditions;
        std::uint32_t label = 0;
        std::size_t covered = 0;
        std::size_t correct = 0;
        double accuracy() const { return covered ? double(correct) / double(covered) : 0; }
        bool operator==(const Rule& o) const {
            return conditions == o.conditions && label == o.label;
        }
    };
    /// One rule per leaf reached by training rows.
    std::vector<Rule> rules() const;

    std::size_t nodeCount() const { return m_nodes.size(); }
    /// Attribute the root splits on; −1 when the root is a leaf.
    int rootAttribute() const { return m_nodes.empty() ? -1 : m_nodes.front().attribute; }

private:
    struct Node {
        int attribute = -1;  ///< −1: leaf
        std::uint32_t majority = 0;
        std::size_t covered = 0, correct = 0;  ///< training rows, of which majority
        std::vector<std::int32_t> children;    ///< per value of `attribute`, −1 = unseen
    };
    std::size_t grow(const FeatureTable& data, std::vector<std::uint32_t>& rows,
                     std::vector<bool>& used);
    std::vector<Node> m_nodes;
};

}  // namespace ldv
