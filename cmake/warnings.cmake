# Project-wide compile flags, applied per target through ldiv_set_warnings().
function(ldiv_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(LDIV_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  # A precompiled header GCC cannot use (a macro differs) only costs time: never an error.
  if(LDIV_PCH)
    target_compile_options(${target} PRIVATE -Wno-error=invalid-pch)
  endif()
  # GCC 12's -Wrestrict fires inside libstdc++'s char_traits::copy for ordinary string
  # concatenation ("x" + std::to_string(n)) once it is inlined: a known false positive
  # (GCC bugs 105329 and 105651, fixed in GCC 13). Kept as a warning, never an error, so that
  # LDIV_WERROR can be on in CI without rewriting correct code.
  # The same inlined char_traits::copy also draws -Wstringop-overflow and -Warray-bounds from
  # GCC 12 ("forming offset 32 is out of the bounds [0, 32]" of a std::string being moved into
  # a vector; GCC bugs 105651 and 106297), in tests that push "v" + std::to_string(i): warnings,
  # not errors, for the same reason.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-error=restrict -Wno-error=stringop-overflow
                                             -Wno-error=array-bounds)
  endif()
endfunction()

# With LDIV_FUZZ as well (CI's one clang build), the fuzz flags below include these.
if(LDIV_SANITIZE AND NOT LDIV_FUZZ)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

if(LDIV_FUZZ)
  # Instrument everything for coverage feedback; only the fuzz targets link the driver.
  # Undefined behaviour aborts, so libFuzzer keeps the input as a crash instead of printing
  # a line and going on (how a float-to-int overflow in the project reader first went by).
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# In the tests (assertions that build many strings from literals and numbers) GCC 12 also
# reports the char_traits memcpy above as -Wstringop-overflow ("exceeds maximum object size")
# and -Warray-bounds ("forming offset 32 is out of the bounds [0, 32]"), the same false
# positive from other angles (GCC bugs 106199 and 105329, fixed in GCC 13): warnings there,
# never errors.
function(ldiv_tolerate_gcc12_string_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-error=stringop-overflow
                                             -Wno-error=array-bounds)
  endif()
endfunction()
