// SPDX-License-Identifier: BSL-1.0
// bench/gpu/gpu_bench.cpp compiled by nvcc: device_vector on the GPU, against hand-written CUDA.
#include "gpu_bench.cpp"
