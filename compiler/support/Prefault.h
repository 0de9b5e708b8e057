// Fresh memory faulted in on the second core, ahead of the compiler.
//
// A model of 100,000 equations takes 400 to 700 MiB of heap, and the first
// write to each page of it costs a page fault in which the kernel zeroes the
// page: on the 2-core virtual machine we measure on, that was a third of the
// samples of OneDHeatTransferTT_Modelica_N_10240's compile (`clear_page_erms`
// in the kernel, on the compiler's thread). Flattening and causalization
// run on one thread, so the other core is idle while they allocate.
//
// `startHeapPrefaulter` starts a thread that watches the end of the heap
// (the program break: with one malloc arena, `mallopt(M_ARENA_MAX, 1)` in
// tools/mocc/main.cpp, every small and medium allocation is there) and
// populates the pages between the part already done and the break with
// madvise(MADV_POPULATE_WRITE) (Linux 5.14): exactly what the first write
// would do, zero-filled pages mapped writable, done early and elsewhere.
// Pages that are already there are left as they are, so it is safe while
// the compiler uses the same memory. So that the break runs ahead of the
// compiler, malloc's top pad grows with the heap (a quarter of it, from 2 to
// 32 MiB): a small model's heap is not inflated, a large one's is populated
// in large steps. Where the kernel lacks MADV_POPULATE_WRITE the thread
// stops at its first call and nothing else changes.
#pragma once

namespace mocc {

/// Starts the prefaulting thread (once; later calls do nothing). It runs
/// until the process ends.
void startHeapPrefaulter();

} // namespace mocc
