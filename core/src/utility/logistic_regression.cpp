// Logistic regression through LIBLINEAR (Fan et al. 2008; classifiers.h). The features are
// one-hot: feature a's value v is the indicator at index offset(a) + v + 1 (LIBLINEAR counts
// from 1), followed by the bias feature.
#include <linear.h>

#include <mutex>

#include "ldiv/data/error.h"
#include "ldiv/utility/classifiers.h"

namespace ldv {
namespace {

void silent(const char*) {}

/// LIBLINEAR prints its iterations on stdout unless told otherwise; the setting is global.
void silenceLiblinear() {
    static std::once_flag once;
    std::call_once(once, [] { set_print_string_function(&silent); });
}

class OneHotRows {
public:
    OneHotRows(const FeatureTable& data, std::span<const std::uint32_t> rows) {
        std::vector<int> offset(data.columns.size() + 1, 0);
        for (std::size_t a = 0; a < data.columns.size(); ++a)
            offset[a + 1] = offset[a] + int(data.domains[a]);
        m_bias = offset.back() + 1;
        const std::size_t width = data.columns.size() + 2;  // features, bias, terminator
        m_nodes.resize(rows.size() * width);
        m_rows.resize(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            feature_node* x = &m_nodes[i * width];
            m_rows[i] = x;
            for (std::size_t a = 0; a < data.columns.size(); ++a)
                *x++ = {offset[a] + int(data.columns[a][rows[i]]) + 1, 1.0};
            *x++ = {m_bias, 1.0};
            *x = {-1, 0.0};
        }
    }
    feature_node** rows() { return m_rows.data(); }
    /// The bias feature's index, which is also the problem's feature count.
    int biasIndex() const { return m_bias; }

private:
    std::vector<feature_node> m_nodes;
    std::vector<feature_node*> m_rows;
    int m_bias = 0;
};

}  // namespace

std::vector<std::uint32_t> predictLogistic(const FeatureTable& data,
                                           std::span<const std::uint32_t> train,
                                           std::span<const std::uint32_t> test) {
    silenceLiblinear();
    if (train.empty()) throw ParameterError("logistic regression needs training rows");
    OneHotRows x(data, train);
    std::vector<double> y(train.size());
    for (std::size_t i = 0; i < train.size(); ++i) y[i] = data.labels[train[i]];
    problem prob{};
    prob.l = int(train.size());
    prob.n = x.biasIndex();
    prob.y = y.data();
    prob.x = x.rows();
    prob.bias = 1.0;
    parameter param{};
    param.solver_type = L2R_LR;
    param.eps = 1e-4;
    param.C = 1.0;
    if (const char* error = check_parameter(&prob, &param))
        throw ParameterError(std::string("LIBLINEAR: ") + error);
    model* m = ::train(&prob, &param);
    OneHotRows t(data, test);
    std::vector<std::uint32_t> predicted;
    predicted.reserve(test.size());
    for (std::size_t i = 0; i < test.size(); ++i)
        predicted.push_back(std::uint32_t(::predict(m, t.rows()[i])));
    free_and_destroy_model(&m);
    return predicted;
}

}  // namespace ldv
