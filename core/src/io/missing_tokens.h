#pragma once
// Whether a field the fast scanner read is one of the missing-value tokens, as the reference
// reader decides it: a quoted field is data (a quoted "?" is a value). The tokens' lengths are
// kept as a bit set, so that most fields are settled without comparing any text. Shared by the
// fast readers of rows, of groups and of the parallel pieces.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/csv_scanner.h"

namespace ldv::detail {

class MissingTokens {
public:
    explicit MissingTokens(const std::vector<std::string>& tokens) : m_tokens(tokens) {
        for (const std::string& t : m_tokens)
            m_lengths |= t.size() < 64 ? std::uint64_t(1) << t.size() : 0;
    }

    bool matches(const FastField& field) const { return !field.quoted && isToken(field.view()); }

    /// Whether `text` unquoted would be missing: the readers keep it with the spelling in
    /// their SpellingIndex, so a field seen before costs no comparison.
    bool isToken(std::string_view text) const {
        if (text.size() < 64 && !((m_lengths >> text.size()) & 1)) return false;
        for (const std::string& t : m_tokens)
            if (t == text) return true;
        return false;
    }

private:
    std::vector<std::string> m_tokens;
    std::uint64_t m_lengths = 0;  // bit n: some token has n bytes (n < 64)
};

}  // namespace ldv::detail
