# SPDX-License-Identifier: BSL-1.0
# MPI for test/test_mpi.cpp and example/mpi (Debian: libboost-mpi-dev openmpi-bin), included by
# both directories (imported targets are per directory). Sets ODEINT_CONTACT_MPI when MPI, Boost.MPI
# and mpiexec are all found, and defines
#   odeint_contact_add_mpi_test(<name> <ranks> <target> [<argument>...])
# a ctest test running <target> on <ranks> ranks.
find_package(MPI QUIET COMPONENTS CXX)
find_package(boost_mpi ${ODEINT_CONTACT_BOOST_MIN_VERSION} QUIET CONFIG)
if(TARGET MPI::MPI_CXX AND TARGET Boost::mpi AND MPIEXEC_EXECUTABLE)
    set(ODEINT_CONTACT_MPI ON)
else()
    set(ODEINT_CONTACT_MPI OFF)
    return()
endif()

# Open MPI refuses more ranks than cores unless told to oversubscribe (CI has 2 cores).
if(NOT DEFINED ODEINT_CONTACT_MPIEXEC_FLAGS)
    execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE mpiexec_version ERROR_QUIET)
    set(flags)
    if(mpiexec_version MATCHES "Open MPI|OpenRTE")
        set(flags --oversubscribe)
    endif()
    set(ODEINT_CONTACT_MPIEXEC_FLAGS ${flags} CACHE STRING "Options of mpiexec for the MPI tests")
endif()

function(odeint_contact_add_mpi_test name ranks target)
    add_test(NAME ${name}
             COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${ODEINT_CONTACT_MPIEXEC_FLAGS}
                     ${MPIEXEC_PREFLAGS} $<TARGET_FILE:${target}> ${MPIEXEC_POSTFLAGS} ${ARGN})
    # CI runs as root, which Open MPI refuses unless both variables are set. Leak detection is off
    # for these runs alone: Open MPI 4.1 leaves about 20 kB of its own allocations behind at exit
    # (ompi_op_base_op_select, and its plugins, unloaded by then, so that LeakSanitizer shows no
    # names to suppress them by). The library's code paths are the same as on std::vector, where
    # every other test runs with leak detection on; ASan's checks of every access and UBSan stay
    # on here.
    set_tests_properties(${name} PROPERTIES PROCESSORS ${ranks}
        ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;ASAN_OPTIONS=detect_leaks=0:strict_string_checks=1")
endfunction()
