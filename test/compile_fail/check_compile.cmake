# SPDX-License-Identifier: BSL-1.0
# Compiles one translation unit of test/compile_fail and judges the outcome (run by ctest as
# cmake -P). Without CONTROL the compilation must fail AND the first error the compiler reports
# (its first line containing "error:") must contain the text of the TU's "// expect: ..." line
# (the static_assert message that names the problem): a TU that fails for another reason - a
# typo, a missing include - does not pass, and neither does one where our message comes only
# after a page of follow-on errors from the library's internals. With CONTROL the TU
# is compiled with -DODEINT_CONTACT_CONTROL, which supplies the missing piece, and must compile
# cleanly with the project's warning flags: the failure is the intended one and nothing else.
#
# Variables: CXX (compiler), SOURCE (the TU), INCLUDE_DIRS (|-separated), CONTROL (ON/OFF), and
# optionally CXX_ID (CMAKE_CXX_COMPILER_ID, to stop at the first error) and PCH: a copy of
# common.hpp with its precompiled common.hpp.gch beside it, force-included into a TU that includes
# "common.hpp" with only standard headers before it, so it only saves parsing. -Winvalid-pch makes
# a PCH that cannot be used an error instead of a slow pass.
foreach(var CXX SOURCE INCLUDE_DIRS)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_compile.cmake: ${var} is not set")
    endif()
endforeach()

file(STRINGS "${SOURCE}" expect_lines REGEX "^// expect: ")
list(LENGTH expect_lines expect_count)
if(NOT expect_count EQUAL 1)
    message(FATAL_ERROR "${SOURCE}: needs exactly one '// expect: <static_assert text>' line")
endif()
string(REGEX REPLACE "^// expect: " "" expected "${expect_lines}")

set(flags -std=c++17 -fsyntax-only -Wall -Wextra -Wpedantic -Werror)
string(REPLACE "|" ";" include_dirs "${INCLUDE_DIRS}")
foreach(dir IN LISTS include_dirs)
    list(APPEND flags "-I${dir}")
endforeach()
if(CONTROL)
    list(APPEND flags -DODEINT_CONTACT_CONTROL)
elseif(CXX_ID STREQUAL "GNU")
    # Only the first error is judged: the compiler may stop there (a Boost.Units TU took 10 s to
    # print its follow-on errors, 4 s to reach the first).
    list(APPEND flags -fmax-errors=1)
elseif(CXX_ID MATCHES "Clang")
    list(APPEND flags -ferror-limit=1)
endif()
if(PCH)
    # Standard headers before common.hpp (table_*.cpp: <array>, <cstddef>) are no obstacle: they
    # are guarded and independent of the order of inclusion, and common.hpp's own includes bring
    # them in anyway, so reading common.hpp first changes nothing the TU sees.
    file(STRINGS "${SOURCE}" includes REGEX "^#include ")
    foreach(line IN LISTS includes)
        if(line STREQUAL "#include \"common.hpp\"")
            list(APPEND flags -Winvalid-pch -include "${PCH}")
            break()
        elseif(NOT line MATCHES "^#include <[a-z_]+>$")
            break()
        endif()
    endforeach()
endif()

execute_process(COMMAND "${CXX}" ${flags} "${SOURCE}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)

if(CONTROL)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "control ${SOURCE} with ODEINT_CONTACT_CONTROL must compile, but:\n${output}")
    endif()
    message(STATUS "control compiles")
else()
    if(result EQUAL 0)
        message(FATAL_ERROR "${SOURCE} compiled, but must fail with: ${expected}")
    endif()
    string(FIND "${output}" "${expected}" position)
    if(position EQUAL -1)
        message(FATAL_ERROR "${SOURCE} failed, but not with \"${expected}\":\n${output}")
    endif()
    # The line of the first "error:", found with string(FIND): a regular expression such as
    # "[^\n]*error:[^\n]*" costs CMake time quadratic in the line's length, and a Boost.Units
    # type makes lines of thousands of characters (4 s of a 4.7 s test).
    set(first_error "")
    string(FIND "${output}" "error:" error_at)
    if(NOT error_at EQUAL -1)
        string(SUBSTRING "${output}" 0 ${error_at} before)
        string(FIND "${before}" "\n" line_start REVERSE)
        math(EXPR line_start "${line_start} + 1")
        string(SUBSTRING "${output}" ${line_start} -1 first_error)
        string(FIND "${first_error}" "\n" line_end)
        string(SUBSTRING "${first_error}" 0 ${line_end} first_error)
    endif()
    string(FIND "${first_error}" "${expected}" first_position)
    if(first_position EQUAL -1)
        message(FATAL_ERROR "${SOURCE}: \"${expected}\" is not the first error; the first is\n"
                            "${first_error}\nwhole output:\n${output}")
    endif()
    message(STATUS "fails as expected with: ${expected}")
endif()
