// The randomness of SafePub and PRAM (dp/safepub.h): OpenSSL's CSPRNG unless a seed makes
// the run reproducible.
#include <openssl/rand.h>

#include <array>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"

namespace ldv {

namespace {

// 53 random bits to a double in [0, 1): every value k / 2^53 equally likely.
double toUnit(std::uint64_t bits) {
    return double(bits >> 11) * 0x1.0p-53;
}

class CryptoRandom final : public RandomSource {
public:
    double uniform() override {
        // RAND_bytes per 4 KiB, not per draw: sampling Adult draws 30,000 times.
        if (m_next == m_buffer.size()) {
            if (RAND_bytes(reinterpret_cast<unsigned char*>(m_buffer.data()),
                           int(m_buffer.size() * sizeof(std::uint64_t))) != 1)
                throw InputError("the system's cryptographic random number generator failed");
            m_next = 0;
        }
        return toUnit(m_buffer[m_next++]);
    }
    bool reproducible() const override { return false; }

private:
    std::array<std::uint64_t, 512> m_buffer{};
    std::size_t m_next = 512;
};

class SeededRandom final : public RandomSource {
public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}
    // std::mt19937_64's output is fixed by the standard: one seed, one run, on every platform.
    double uniform() override { return toUnit(m_engine()); }
    bool reproducible() const override { return true; }

private:
    std::mt19937_64 m_engine;
};

}  // namespace

std::unique_ptr<RandomSource> makeRandomSource(std::optional<std::uint64_t> seed) {
    if (seed) return std::make_unique<SeededRandom>(*seed);
    return std::make_unique<CryptoRandom>();
}

}  // namespace ldv
