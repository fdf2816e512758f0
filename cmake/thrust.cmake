# SPDX-License-Identifier: BSL-1.0
# Thrust on the CPU for odeint_contact/state/thrust.hpp's test, benchmark and header check (Debian:
# libthrust-dev libcub-dev), included by the directories that use it (imported targets are per
# directory). Sets ODEINT_CONTACT_THRUST when Thrust's and CUB's headers and OpenMP are found, and
# defines the interface target odeint_contact_thrust_omp: Thrust with its OpenMP device system
# (device_vector in host memory, its algorithms on OpenMP threads). Without them everything else
# configures and builds as before.
if(TARGET odeint_contact_thrust_omp)
    set(ODEINT_CONTACT_THRUST ON)
    return()
endif()
find_path(ODEINT_CONTACT_THRUST_INCLUDE_DIR thrust/version.h)
find_path(ODEINT_CONTACT_CUB_INCLUDE_DIR cub/cub.cuh)
find_package(OpenMP QUIET COMPONENTS CXX)
if(NOT ODEINT_CONTACT_THRUST_INCLUDE_DIR OR NOT ODEINT_CONTACT_CUB_INCLUDE_DIR OR NOT TARGET OpenMP::OpenMP_CXX)
    set(ODEINT_CONTACT_THRUST OFF)
    return()
endif()
set(ODEINT_CONTACT_THRUST ON)
add_library(odeint_contact_thrust_omp INTERFACE)
# /usr/include is the compiler's own: naming it again would reorder the system headers.
foreach(dir ${ODEINT_CONTACT_THRUST_INCLUDE_DIR} ${ODEINT_CONTACT_CUB_INCLUDE_DIR})
    if(NOT dir IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES AND NOT dir STREQUAL "/usr/include")
        target_include_directories(odeint_contact_thrust_omp SYSTEM INTERFACE ${dir})
    endif()
endforeach()
target_compile_definitions(odeint_contact_thrust_omp INTERFACE THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP)
target_link_libraries(odeint_contact_thrust_omp INTERFACE OpenMP::OpenMP_CXX)
# Under the sanitizers, Thrust's own headers are left uninstrumented (see the list's comment).
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
    target_compile_options(odeint_contact_thrust_omp INTERFACE
                           -fsanitize-ignorelist=${PROJECT_SOURCE_DIR}/cmake/thrust_sanitizer_ignorelist.txt)
endif()
