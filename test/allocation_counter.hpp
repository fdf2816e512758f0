// SPDX-License-Identifier: BSL-1.0
// A counting global operator new for the tests that check "no allocation per step"
// (test_cost, test_openmp, test_mpi). It replaces operator new and delete for the whole
// executable, so include it in one translation unit of a test only.
#ifndef ODEINT_CONTACT_TEST_ALLOCATION_COUNTER_HPP
#define ODEINT_CONTACT_TEST_ALLOCATION_COUNTER_HPP

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// Every form of the global operator new goes through allocate(), which counts while the flag is
// set. Atomics make it safe should Boost.Test or the runtime allocate from another thread.
namespace {

std::atomic<bool> counting{false};
std::atomic<std::size_t> allocations{0};
// Allocations of at least this many bytes, counted apart (allocations_of_at_least).
std::atomic<std::size_t> large_bytes{static_cast<std::size_t>(-1)};
std::atomic<std::size_t> large_allocations{0};

void* allocate(std::size_t size, std::size_t alignment = 0) {
    if (counting.load(std::memory_order_relaxed)) {
        allocations.fetch_add(1, std::memory_order_relaxed);
        if (size >= large_bytes.load(std::memory_order_relaxed)) large_allocations.fetch_add(1, std::memory_order_relaxed);
    }
    if (size == 0) size = 1;
    void* p = nullptr;
    if (alignment > alignof(std::max_align_t))
        p = std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
    else
        p = std::malloc(size);
    if (!p) throw std::bad_alloc();
    return p;
}

void* allocate_nothrow(std::size_t size, std::size_t alignment = 0) noexcept {
    try {
        return allocate(size, alignment);
    } catch (...) {
        return nullptr;
    }
}

// Out of line: once inlined into a caller, g++ sees free() applied to a pointer that came from
// operator new and warns (-Wmismatched-new-delete), not knowing that this new is malloc.
[[gnu::noinline]] void deallocate(void* p) noexcept { std::free(p); }

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate_nothrow(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate_nothrow(size); }
void* operator new(std::size_t size, std::align_val_t a) { return allocate(size, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocate(size, static_cast<std::size_t>(a)); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_nothrow(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_nothrow(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { deallocate(p); }
void operator delete[](void* p) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t) noexcept { deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }

namespace {

// Counts the allocations made by f alone. Nothing else (no Boost.Test macro) runs in the window.
template <class F>
std::size_t allocations_during(F&& f) {
    allocations.store(0);
    counting.store(true);
    f();
    counting.store(false);
    return allocations.load();
}

// How many allocations of at least `bytes` bytes f makes: the buffers of a given size that a
// stepper makes, told apart from its small ones.
template <class F>
std::size_t allocations_of_at_least(std::size_t bytes, F&& f) {
    large_allocations.store(0);
    large_bytes.store(bytes);
    allocations_during(f);
    large_bytes.store(static_cast<std::size_t>(-1));
    return large_allocations.load();
}

// Allocations of do_step once a step in place and one out of place (into y) have sized the
// buffers: three more of each.
template <class Stepper, class System, class State, class Time>
std::size_t allocations_of_steps(Stepper& stepper, const System& system, State& x, State& y, const Time& dt) {
    stepper.do_step(system, x, Time(0), dt);
    stepper.do_step(system, x, dt, y, dt);
    return allocations_during([&] {
        for (int i = 0; i < 3; ++i) {
            stepper.do_step(system, x, Time(0), dt);
            stepper.do_step(system, x, dt, y, dt);
        }
    });
}

// The same for cvi's do_step with a carried sample, after initialize and a first such step.
template <class Stepper, class System, class State, class Time>
std::size_t allocations_of_carried_steps(Stepper& stepper, const System& system, State& x, const Time& dt) {
    typename Stepper::sample_type v;
    stepper.initialize(system, x, Time(0), v);
    stepper.do_step(system, x, v, Time(0), dt);
    return allocations_during([&] {
        for (int i = 1; i < 4; ++i) stepper.do_step(system, x, v, Time(i) * dt, dt);
    });
}

}  // namespace

#endif
