#include "data/unicode_nfc.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

namespace ldv::detail {

std::string toNfc(std::string_view text) {
    if (isAscii(text)) return std::string(text);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return std::string(text);  // ICU's data missing: keep the bytes
    const icu::StringPiece piece(text.data(), int32_t(text.size()));
    if (nfc->isNormalizedUTF8(piece, status) && U_SUCCESS(status)) return std::string(text);
    status = U_ZERO_ERROR;
    std::string out;
    icu::StringByteSink<std::string> sink(&out, int32_t(text.size()));
    nfc->normalizeUTF8(0, piece, sink, nullptr, status);
    if (U_FAILURE(status)) return std::string(text);
    return out;
}

}  // namespace ldv::detail
