// SPDX-License-Identifier: BSL-1.0
// test/test_thrust.cpp compiled by nvcc: device_vector on the GPU (bench/gpu/CMakeLists.txt).
#include "../test_thrust.cpp"
