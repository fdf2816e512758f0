# SPDX-License-Identifier: BSL-1.0
# With ODEINT_CONTACT_PRECOMPILE_PROGRAMS (../CMakeLists.txt; on in the dev preset), one
# precompiled header for the examples and the benchmarks. Most of such a program's compile time is
# parsing odeint and the library, the same in each: <boost/numeric/odeint.hpp> and
# <odeint_contact/odeint_contact.hpp> are precompiled once (odeint_contact_program_pch) and reused
# by every program that includes both, itself or in a header next to it that it includes with
# "...", before any code of its own. For such a program the precompiled header changes only the
# order in which the same files are read, so one that lacks an include fails as it would without
# it; a program that does not include both is compiled without it. (-fsyntax-only, g++ 12:
# magnetic_friction 1.4 s instead of 4.5 s user+sys; the header itself 12 s, once.)
#
#   odeint_contact_precompiled_program(<target> <source>...)
# reuses the header for <target> when each <source> includes both (without the option: nothing).
# The target must be compiled with the options of odeint_contact_program_pch (the build type's, our
# warnings, C++17), give or take include directories and -fsyntax-only: g++ refuses a precompiled
# header built with another -O or other macros, which -Winvalid-pch and -Werror make an error.
if(NOT ODEINT_CONTACT_PRECOMPILE_PROGRAMS OR NOT (ODEINT_CONTACT_BUILD_EXAMPLES OR ODEINT_CONTACT_BUILD_BENCHMARKS))
    function(odeint_contact_precompiled_program target)
    endfunction()
    return()
endif()
set(pch_headers boost/numeric/odeint.hpp odeint_contact/odeint_contact.hpp)
set(ODEINT_CONTACT_PROGRAM_PCH_INCLUDES ${pch_headers})
list(TRANSFORM ODEINT_CONTACT_PROGRAM_PCH_INCLUDES PREPEND "#include <")
list(TRANSFORM ODEINT_CONTACT_PROGRAM_PCH_INCLUDES APPEND ">")
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/program_pch/precompiled.cpp
     CONTENT "// Compiles the precompiled header of the examples and benchmarks (cmake/precompiled_programs.cmake).\n")
add_library(odeint_contact_program_pch OBJECT ${CMAKE_CURRENT_BINARY_DIR}/program_pch/precompiled.cpp)
target_link_libraries(odeint_contact_program_pch PRIVATE odeint_contact::odeint_contact odeint_contact_warnings)
list(TRANSFORM pch_headers PREPEND "<")
list(TRANSFORM pch_headers APPEND ">")
target_precompile_headers(odeint_contact_program_pch PRIVATE ${pch_headers})

function(odeint_contact_precompiled_program target)
    foreach(source IN LISTS ARGN)
        get_filename_component(source ${source} ABSOLUTE)
        get_filename_component(dir ${source} DIRECTORY)
        file(STRINGS ${source} lines REGEX "^#include ")
        foreach(line IN LISTS lines)
            if(line MATCHES "^#include \"([^\"]+)\"" AND EXISTS ${dir}/${CMAKE_MATCH_1})
                file(STRINGS ${dir}/${CMAKE_MATCH_1} local_lines REGEX "^#include <")
                list(APPEND lines ${local_lines})
            endif()
        endforeach()
        foreach(include IN LISTS ODEINT_CONTACT_PROGRAM_PCH_INCLUDES)
            if(NOT include IN_LIST lines)
                return()
            endif()
        endforeach()
    endforeach()
    target_precompile_headers(${target} REUSE_FROM odeint_contact_program_pch)
endfunction()
