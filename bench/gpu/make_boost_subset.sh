#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# Copies the Boost headers that the CUDA test and benchmark include (test/gpu/test_thrust.cu,
# bench/gpu/gpu_bench.cu) into .device/boost, for a GPU machine without Boost
# (bench/gpu/device_run.sh). Header-only: the CUDA test uses Boost.Test's included variant.
# Run from the repository root on a machine with nvcc and Boost's headers. The list is what the
# preprocessor opens in both of nvcc's passes (host, and device with __CUDA_ARCH__), taken from
# the commands `nvcc --dryrun` prints.
#   bench/gpu/make_boost_subset.sh [nvcc]
set -eu
NVCC=${1:-nvcc}
OUT=.device/boost
boost_dir=$(echo '#include <boost/version.hpp>' | g++ -x c++ -E -M - | tr ' \\' '\n\n' | grep '/boost/version.hpp$' | sed 's|/boost/version.hpp$||')
[ -n "$boost_dir" ] || { echo "make_boost_subset.sh: Boost's headers not found" >&2; exit 1; }
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for source in test/gpu/test_thrust.cu bench/gpu/gpu_bench.cu; do
    # The preprocessing commands (gcc -E) of each pass, with -M: the files they open.
    "$NVCC" -std=c++17 -arch=sm_90 -DODEINT_CONTACT_TEST_HEADER_ONLY_BOOST_TEST -Iinclude "$source" -o /dev/null --dryrun 2>&1 |
        sed -n 's/^#\$ \(gcc .* -E .*\)$/\1/p' |
        while IFS= read -r command; do
            eval "$(echo "$command" | sed 's/ -o "[^"]*"//; s/ -E / -E -M /')" 2>/dev/null
        done | tr ' \\' '\n\n' | grep "^$boost_dir/boost/" >> "$list" || true
done
# All of Boost.Config: which of its headers are read depends on the host compiler and library,
# which may differ on the GPU machine.
find "$boost_dir/boost/config" -name '*.hpp' >> "$list"
sort -u "$list" -o "$list"
[ -s "$list" ] || { echo "make_boost_subset.sh: no Boost header found in the dependencies" >&2; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT"
while IFS= read -r header; do
    relative=${header#"$boost_dir"/}
    mkdir -p "$OUT/$(dirname "$relative")"
    cp "$header" "$OUT/$relative"
done < "$list"
echo "make_boost_subset.sh: $(wc -l < "$list") headers, $(du -sh "$OUT" | cut -f1) in $OUT (from $boost_dir)"
