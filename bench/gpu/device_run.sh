#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# On a machine with an NVIDIA GPU (sm_90: H100/H200), CUDA's nvcc, CMake and a host C++ compiler,
# and Boost's headers in .device/boost (bench/gpu/make_boost_subset.sh, run where Boost is
# installed): configures with nvcc, builds the CUDA test and benchmark, runs the test (GPU against
# CPU, bit for bit in q and p), then the benchmark at its default sizes; the benchmark's summary
# table comes last. Run from the repository root:
#   sh bench/gpu/device_run.sh [build directory]
set -u
BUILD=${1:-build/device}
mkdir -p "$BUILD"
JOBS=$(nproc 2>/dev/null || echo 4)
[ -f .device/boost/boost/version.hpp ] || { echo "device_run.sh: .device/boost is missing (bench/gpu/make_boost_subset.sh)" >&2; exit 2; }
command -v nvcc >/dev/null 2>&1 || PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null
nvcc --version | tail -2
start=$(date +%s)
# Only Boost's headers: Boost_NO_BOOST_CMAKE makes CMake take the directory as given.
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DODEINT_CONTACT_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DODEINT_CONTACT_BUILD_TESTS=OFF -DODEINT_CONTACT_BUILD_EXAMPLES=OFF -DODEINT_CONTACT_INSTALL=OFF \
      -DBoost_NO_BOOST_CMAKE=ON -DBoost_INCLUDE_DIR="$PWD/.device/boost" > "$BUILD.configure.log" 2>&1 ||
    { cat "$BUILD.configure.log"; exit 3; }
cmake --build "$BUILD" --target test_thrust_cuda gpu_bench -j "$JOBS" > "$BUILD.build.log" 2>&1 ||
    { tail -60 "$BUILD.build.log"; exit 4; }
echo "configure and build: $(( $(date +%s) - start )) s"
"$BUILD/bench/gpu/test_thrust_cuda" --log_level=message --report_level=short
test_status=$?
"$BUILD/bench/gpu/gpu_bench"
bench_status=$?
echo "test_thrust_cuda: exit $test_status; gpu_bench: exit $bench_status; total $(( $(date +%s) - start )) s"
[ "$test_status" -eq 0 ] && [ "$bench_status" -eq 0 ]
