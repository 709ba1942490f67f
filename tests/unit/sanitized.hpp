// Whether this test binary runs under AddressSanitizer (the `asan` preset of make test), for tests that
// run a smaller version of themselves there (lesson train's learning test trains a smaller model).
#pragma once

namespace posenc::test {

// GCC defines __SANITIZE_ADDRESS__; clang answers __has_feature(address_sanitizer).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace posenc::test
