# SPDX-License-Identifier: BSL-1.0
# cmake -DBUILD_DIR=<build tree> -DPREFIX=<prefix> -DSOURCE_DIR=<repo> -DINCLUDE_DIR=<rel. path>
#       -DCONFIG_DIR=<rel. path> [-DCONFIG=<config>] -P check_install.cmake
#
# Installs the build tree into a fresh PREFIX (the fixture of the find_package consumer test) and
# checks that every header and the package files arrived, so a header missing from the install
# rules fails here with its name rather than later as a compile error in a consumer.
cmake_minimum_required(VERSION 3.16)

foreach(var BUILD_DIR PREFIX SOURCE_DIR INCLUDE_DIR CONFIG_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_install.cmake: -D${var}=... is required")
    endif()
endforeach()

file(REMOVE_RECURSE "${PREFIX}")
set(config_args)
if(CONFIG)
    set(config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" ${config_args}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed: ${result}")
endif()

set(missing)
file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/*.hpp")
foreach(header IN LISTS headers)
    if(NOT EXISTS "${PREFIX}/${INCLUDE_DIR}/${header}")
        list(APPEND missing "${INCLUDE_DIR}/${header}")
    endif()
endforeach()
foreach(file odeint_contactConfig.cmake odeint_contactConfigVersion.cmake odeint_contactTargets.cmake)
    if(NOT EXISTS "${PREFIX}/${CONFIG_DIR}/${file}")
        list(APPEND missing "${CONFIG_DIR}/${file}")
    endif()
endforeach()
if(missing)
    list(JOIN missing "\n  " missing)
    message(FATAL_ERROR "not installed into ${PREFIX}:\n  ${missing}")
endif()
list(LENGTH headers count)
message(STATUS "installed ${count} headers and the package files into ${PREFIX}")
