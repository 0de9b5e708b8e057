// Lowered Modelica functions compiled to native code once and then called:
// adding a model's function table to the JIT that runs its kernels, and a
// self-contained library that evaluates calls with constant arguments (for
// `mocc eval`).
#pragma once

#include "compiler/codegen/Codegen.h"
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
/// False with `error` set on failure.
bool addFunctions(Jit &jit, std::span<const flat::Function> functions, std::string &error);

/// An external function whose C symbol was found nowhere.
struct MissingExternal {
  uint32_t function = 0; ///< index in the table
  std::string message;   ///< what was searched
};

/// Loads the libraries that the external functions of `functions` name
/// (annotation Library: lib<Name>.so, else lib<Name>.a, searched in each
/// folder of `searchPath`, then in each function's LibraryDirectory and
/// its `linux64` subfolder) and checks that every C symbol they call
/// resolves, in those libraries or in the process. Returns the functions
/// whose symbol was not found; false with `error` set if a library that
/// was found cannot be loaded.
bool linkExternalFunctions(Jit &jit, std::span<const flat::Function> functions,
                           const std::vector<std::string> &searchPath,
                           std::vector<MissingExternal> &missing, std::string &error);

/// The native function of `function` in a JIT it was added to, or null
/// with `error` set.
codegen::NativeFunctionFn lookupFunction(Jit &jit, const flat::Function &function,
                                         std::string &error);

/// A function table compiled once, in a JIT of its own; each call runs the
/// native code.
class FunctionLibrary {
public:
  /// Compiles every function of the table; null with `error` set if one is
  /// malformed.
  /// External functions' libraries are searched in `searchPath` first (see
  /// linkExternalFunctions); C symbols found nowhere go to `missing` (and
  /// the result is null) when it is given.
  static std::unique_ptr<FunctionLibrary> compile(std::span<const flat::Function> functions,
                                                  std::string &error,
                                                  const std::vector<std::string> &searchPath = {},
                                                  std::vector<MissingExternal> *missing = nullptr);

  /// Calls function `index` on its flattened inputs and returns its
  /// flattened outputs; nothing with `error` set for a wrong index or
  /// number of arguments, or after a run-time error in the call ("assertion
  /// failed: ...", "index 4 out of bounds ...").
  std::optional<std::vector<double>> call(uint32_t index, std::span<const double> args,
                                          std::string &error);

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
