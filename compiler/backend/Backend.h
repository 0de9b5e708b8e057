// The back end: a simulation plan -> native code loaded in a JIT and the
// runtime's view of it (rt::CompiledModel). One call compiles a model: the C
// code of its external functions, the forward derivatives its JVPs call,
// the code of its kernels (streamed to the JIT's workers for huge models),
// its lowered functions, and the look-up of every kernel the runtime calls.
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/jit/ExternalCode.h"
#include "compiler/jit/Jit.h"
#include "compiler/plan/Plan.h"
#include "compiler/support/Diagnostics.h"
#include "runtime/CompiledModel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace mocc::backend {

struct BackendOptions {
  /// Where the C code of external functions is looked for and kept.
  jit::ExternalOptions external;
  /// The JIT keeps the objects it compiles (jit::Jit::contents), for the
  /// cache of compiled models.
  bool keepObjects = false;
};

/// The compiled model: the JIT that owns the code and the runtime's view.
struct NativeModel {
  std::unique_ptr<jit::Jit> jit;
  rt::CompiledModel model;
  /// The size of the code: kernel steps, those emitted (a loop's body or
  /// the body of equal cases once), and the loops and shared bodies
  /// (codegen/Repeats.h).
  uint64_t kernelSteps = 0;
  uint64_t emittedSteps = 0;
  size_t loops = 0;
  jit::ExternalReport external; ///< what the C code of external functions took
  /// Wall-clock seconds of the back end's phases, in order: `C code` (if
  /// any was compiled or read from the cache), `codegen`, `jit`.
  std::vector<std::pair<std::string, double>> phaseTimes;
};

/// Compiles the plan's kernels and the model's functions to native code
/// and binds them into an rt::CompiledModel. Adds to `model.functions` the
/// forward derivatives the JVPs call. On failure reports the errors (a C
/// source that does not compile or a C function found nowhere at its
/// function's external clause; `code generation failed: ...` otherwise)
/// and returns nothing.
std::optional<NativeModel> compileModel(const plan::SimulationPlan &plan,
                                        flat::FlatModel &model, const BackendOptions &options,
                                        Diagnostics &diags);

/// Reports the problems of the external functions' C code: the C
/// compiler's messages, each problem at its function's external clause.
void reportExternalProblems(const jit::ExternalReport &report,
                            std::span<const flat::Function> functions, Diagnostics &diags);

} // namespace mocc::backend
