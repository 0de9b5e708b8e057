// Lowered Modelica functions compiled to native code once and then called:
// adding a model's function table to the JIT that runs its kernels, and a
// self-contained library that evaluates calls with constant arguments (for
// `mocc eval`).
#pragma once

#include "compiler/codegen/Codegen.h"
#include "compiler/jit/ExternalCode.h"
#include "compiler/jit/Jit.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mocc::jit {

/// Compiles the native code of every function of `functions` (see
/// codegen::generateFunctions) into `jit`, at an optimization level chosen
/// by their size; kernels compiled into the same JIT can then call them.
/// False with `error` set on failure (a malformed function, LLVM's failure).
bool addFunctions(Jit &jit, std::span<const flat::Function> functions, diag::Message &error);

/// The same, started on the JIT's threads (Jit::startModule) in modules of
/// about kFunctionChunkStatements statements each, so that the functions of
/// a big table compile in parallel, with the caller's next modules too;
/// Jit::finishModules adds them. False with `error` set if generating the
/// code failed (then nothing was started).
bool startFunctions(Jit &jit, std::span<const flat::Function> functions, diag::Message &error);

/// The native function of `function` in a JIT it was added to, or null
/// with `error` set.
codegen::NativeFunctionFn lookupFunction(Jit &jit, const flat::Function &function,
                                         diag::Message &error);

/// A function table compiled once, in a JIT of its own; each call runs the
/// native code.
class FunctionLibrary {
public:
  /// Compiles every function of the table; null with `error` set if one is
  /// malformed. The C code of external functions is found, compiled and
  /// linked as linkExternalFunctions does with `external`; if it has
  /// problems, the result is null, `error` holds the first, and `report`
  /// (when given) all of them.
  static std::unique_ptr<FunctionLibrary> compile(std::span<const flat::Function> functions,
                                                  diag::Message &error,
                                                  const ExternalOptions &external = {},
                                                  ExternalReport *report = nullptr);

  /// Calls function `index` on its flattened inputs and returns its
  /// flattened outputs; nothing with `error` set for a wrong index or
  /// number of arguments, or after a run-time error in the call
  /// (RunTimeFailure: "assertion failed: ...", "index 4 out of bounds ...").
  std::optional<std::vector<double>> call(uint32_t index, std::span<const double> args,
                                          diag::Message &error);

  /// The warnings (asserts of level warning) reported by the calls so far.
  std::vector<std::string> takeWarnings();

  ~FunctionLibrary();

private:
  /// What a call needs to know of a function.
  struct Entry {
    std::string name;
    size_t numInputs = 0;
    size_t numOutputs = 0;
    codegen::NativeFunctionFn native = nullptr;
  };

  FunctionLibrary() = default;

  std::unique_ptr<Jit> jit_;
  std::vector<Entry> entries_;
};

} // namespace mocc::jit
