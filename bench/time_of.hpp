// SPDX-License-Identifier: BSL-1.0
// The wall-clock time of one run of f, for the benches that print their own tables
// (bench/lagrangian.cpp, bench/adaptive.cpp): f is repeated until 0.2 s have passed.
#ifndef ODEINT_CONTACT_BENCH_TIME_OF_HPP
#define ODEINT_CONTACT_BENCH_TIME_OF_HPP

#include <chrono>

template <class F>
double time_of(F&& f) {
    using clock = std::chrono::steady_clock;
    int runs = 0;
    const auto begin = clock::now();
    double elapsed = 0;
    do {
        f();
        ++runs;
        elapsed = std::chrono::duration<double>(clock::now() - begin).count();
    } while (elapsed < 0.2);
    return elapsed / runs;
}

#endif
