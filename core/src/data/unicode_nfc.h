#pragma once
// Unicode normalisation form C (composed: "é" as U+00E9) for labels, on ICU's Normalizer2
// (libicu, Unicode Standard Annex #15). The same label typed on two systems may arrive
// composed (NFC, most keyboards) or decomposed (NFD, "e" + U+0301, e.g. from macOS file
// names); read as bytes they would become two values and two classes.
#include <string>
#include <string_view>

namespace ldv::detail {

inline bool isAscii(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

/// The NFC form of valid UTF-8 text; `text` itself when it is already NFC (always for ASCII).
std::string toNfc(std::string_view text);

}  // namespace ldv::detail
