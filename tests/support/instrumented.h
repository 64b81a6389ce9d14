#pragma once
// True in a sanitizer build (CI's clang build with AddressSanitizer, UBSan and coverage, 10–20×
// slower than Release): tests with a long brute-force sweep run a trimmed one there, enough to
// put every path under the sanitizers once; the Release run keeps the whole sweep.
namespace ldv::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kInstrumented = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kInstrumented = true;
#else
inline constexpr bool kInstrumented = false;
#endif
#else
inline constexpr bool kInstrumented = false;
#endif

}  // namespace ldv::test
