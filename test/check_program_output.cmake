# SPDX-License-Identifier: BSL-1.0
# cmake -DPROGRAM=<executable> -DDOC=<markdown file> -DNAME=<name> -P check_program_output.cmake
#
# Runs PROGRAM and compares what it prints with the ```text block that follows the line
# `<!-- output: NAME -->` in DOC, so that output shown in the docs is output the code produces.
cmake_minimum_required(VERSION 3.16)

foreach(var PROGRAM DOC NAME)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_program_output.cmake: -D${var}=... is required")
    endif()
endforeach()

file(READ "${DOC}" text)
set(marker "<!-- output: ${NAME} -->\n```text\n")
string(FIND "${text}" "${marker}" at)
if(at EQUAL -1)
    message(FATAL_ERROR "${DOC} has no line `<!-- output: ${NAME} -->` followed by a ```text block")
endif()
string(LENGTH "${marker}" length)
math(EXPR begin "${at} + ${length}")
string(SUBSTRING "${text}" ${begin} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} shown)

execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE printed RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} failed: ${result}")
endif()
if(NOT printed STREQUAL shown)
    message(FATAL_ERROR "${DOC}: the output shown after `<!-- output: ${NAME} -->` is not what "
                        "${PROGRAM} prints.\nShown:\n${shown}\nPrinted:\n${printed}")
endif()
message(STATUS "${DOC} shows the output of ${NAME}")
