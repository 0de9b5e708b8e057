// Repeated steps in a kernel: a model of N identical components (a chain of
// N links, N pendulums) gives kernels in which one group of steps occurs N
// times in a row, each time over other slots. Code generation emits such a
// run as a loop over a table of slots (one row per occurrence) instead of N
// copies, so that the generated code, and the time to compile it, no longer
// grow with N, and the code that runs stays in the instruction caches.
//
// Detection works on the step sequence only, in time linear in the size of
// the kernel's expressions:
// 1. each step gets a shape: its kind and a serialization of its expression
//    DAG in which each slot is replaced by the number of its first
//    occurrence in the step, each constant (but the exponent of a power) by
//    a mark, and shared nodes by back references; steps of equal
//    serialization share a shape id;
// 2. runs of consecutive equal groups of shape ids are found with prefix
//    hashes of the id sequence (Karp and Rabin, "Efficient randomized
//    pattern-matching algorithms", IBM J. Res. Dev. 31(2), 1987), trying as
//    period the distance to the next few occurrences of a step's shape;
// 3. a run is confirmed occurrence by occurrence: the shape ids must be
//    equal, and the slots of the occurrence must be the image of those of
//    the first one under a one-to-one map (so a slot that one step assigns
//    and a later one reads is the same slot in every occurrence), and a
//    constant that occurs twice in the first must take one value in each;
//    the run ends before the first occurrence that fails. The constants of
//    each occurrence go to a second table.
//
// 4. inside the first occurrence of each run, runs are looked for again
//    (a grid's run of planes holds its rows' runs, each row its cells'):
//    such an inner run's tables give its slots and constants for every
//    occurrence of the outer run, composed through the outer run's tables,
//    and the outer run's tables keep only what its other steps read.
//
// The cases of a batch (small kernels of initialization, one per component)
// are matched the same way: cases of equal shapes and one-to-one slots
// share one body, which takes its slots from the case's row of a table.
#pragma once

#include "compiler/plan/Kernel.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace mocc::codegen {

/// Code generation reads the kernels of the plan (compiler/plan/Kernel.h).
using plan::KernelSpec;
using plan::KernelStep;

/// The tables of a group of steps that repeats over other slots (the
/// occurrences of a run, the cases of a class of equal cases): row k is
/// for the k-th group, row 0 for the first, whose steps code generation
/// emits once.
struct RepeatTables {
  /// The distinct slots of the first group, in the order of their first
  /// occurrence (targets and variables).
  std::vector<uint32_t> params;
  /// Row k (params.size() entries) holds group k's slot for each
  /// parameter; row 0 is `params`.
  std::vector<uint32_t> table;
  /// The distinct Constant nodes of the first group that are not exponents
  /// of a power, in order of first occurrence, and row k
  /// (constantNodes.size() entries) of `constants` the values they take in
  /// group k.
  std::vector<uint32_t> constantNodes;
  std::vector<double> constants;
};

/// A run of `count` consecutive occurrences of a group of `length` steps:
/// steps [first + k * length, first + (k + 1) * length) are occurrence k,
/// row k of the tables.
///
/// A run may hold runs of its own (`inner`), inside its occurrence 0: they
/// repeat in every occurrence of this run, at the same distance from its
/// start. Then this run's params and constantNodes are only those of its
/// steps outside its inner runs, and the tables of an inner run have a row
/// per occurrence of the two: row r * count + k (r the row of the outer
/// run, k the inner occurrence) for the steps of inner occurrence k inside
/// the outer run's occurrence r. Rows nest the same way at each level: the
/// rows of a run at depth d are numbered across all the occurrences of the
/// runs that hold it.
struct RepeatRun : RepeatTables {
  uint32_t first = 0;
  uint32_t length = 0;
  uint32_t count = 0;
  /// Runs inside occurrence 0 (steps [first, first + length)): disjoint,
  /// in increasing order of `first`.
  std::vector<RepeatRun> inner;
};

struct RepeatOptions {
  /// A run needs at least this many occurrences.
  uint32_t minCount = 4;
  /// And at least this many steps in all.
  uint32_t minSteps = 32;
  /// Groups longer than this are not looked for.
  uint32_t maxLength = 4096;
  /// How deep runs are looked for inside runs (0: no inner runs).
  uint32_t maxDepth = 4;
};

/// Cases of a batch (KernelSpec::caseStart) that compute the same over
/// other slots: code generation emits one body for them all, which takes
/// its slots and constants from the case's row of the tables (row i for
/// members[i]).
struct CaseClass : RepeatTables {
  /// The cases, in increasing order; the first one's steps are the body.
  std::vector<uint32_t> members;
};

/// What repeats in one kernel.
struct KernelRepeats {
  std::vector<RepeatRun> runs;  ///< its runs of steps (none in a batch)
  std::vector<CaseClass> cases; ///< a batch's classes of equal cases
};

/// Finds runs and equal cases in the kernels of one pool; its scratch space
/// (a few arrays indexed by slot and node) is allocated once for them all.
class RepeatFinder {
public:
  /// `constantSlots` as in CodegenOptions: a slot's constness is part of a
  /// shape, as a JVP treats constant slots differently.
  RepeatFinder(const sym::ExprPool &pool, std::span<const uint32_t> constantSlots,
               const RepeatOptions &options = {});
  ~RepeatFinder();
  RepeatFinder(const RepeatFinder &) = delete;
  RepeatFinder &operator=(const RepeatFinder &) = delete;

  /// The runs among `steps` (a call for its effects and a warning, a level
  /// 2 assert, never belong to a run: Repeats.cpp's stepNeverRepeats), in
  /// increasing order of `first`, disjoint, each with its inner runs
  /// (RepeatRun::inner, up to options.maxDepth levels). A run never
  /// crosses `boundary` (a step index: KernelSpec::jvpSteps).
  std::vector<RepeatRun> runs(std::span<const KernelStep> steps, size_t boundary);

  /// The classes of two or more equal cases of a batch (none for another
  /// kernel): equal step shapes, and slots the image of the first case's
  /// under a one-to-one map, as for runs. A case with a step that never
  /// repeats is in none.
  std::vector<CaseClass> equalCases(const KernelSpec &batch);

  /// How many groups runs() has compared with the first of their stretch
  /// so far: a measure of its work, linear in the steps times the periods
  /// tried (32), for tests.
  size_t groupComparisons() const;

private:
  struct Scratch;
  const sym::ExprPool &pool_;
  RepeatOptions options_;
  std::unique_ptr<Scratch> scratch_;
};

/// RepeatFinder(pool, constantSlots, options).runs(steps, boundary).
std::vector<RepeatRun> findRepeats(const sym::ExprPool &pool, std::span<const KernelStep> steps,
                                   size_t boundary, std::span<const uint32_t> constantSlots,
                                   const RepeatOptions &options = {});

} // namespace mocc::codegen
