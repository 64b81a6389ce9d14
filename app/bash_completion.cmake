# Writes `ldiv completions bash` to OUT (cmake -DLDIV=... -DOUT=... -P bash_completion.cmake):
# a script rather than a shell redirection so the build step is the same under every generator.
execute_process(COMMAND "${LDIV}" completions bash OUTPUT_FILE "${OUT}.tmp"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUT}.tmp")
  message(FATAL_ERROR "ldiv completions bash failed: ${status}")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
