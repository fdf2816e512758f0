# SPDX-License-Identifier: BSL-1.0
# The compiler launcher of the programs that are only compile-checked (-fsyntax-only:
# odeint_contact_add_program in CMakeLists.txt). Runs the compile command given after "--" and,
# when it succeeds, touches the object file it names with -o, which -fsyntax-only does not write:
# without it the build tool would see the object missing and compile the program again at every
# build. Usage: cmake -P syntax_only.cmake -- <compiler> <arguments>...
set(command)
set(object)
set(after_dashes FALSE)
set(previous)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE 1 ${last})
    set(arg "${CMAKE_ARGV${i}}")
    if(after_dashes)
        list(APPEND command "${arg}")
        if(previous STREQUAL "-o")
            set(object "${arg}")
        endif()
        set(previous "${arg}")
    elseif(arg STREQUAL "--")
        set(after_dashes TRUE)
    endif()
endforeach()
if(NOT command)
    message(FATAL_ERROR "syntax_only.cmake: no compile command after --")
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "compile failed (${result})")
endif()
if(object)
    file(TOUCH "${object}")
endif()
