// Code generation: turns kernels (ordered assignments and residuals over the
// slot vector, see Kernel.h) into one LLVM module holding a native function
// per kernel and, when asked, its forward-mode derivative (JVP). The module
// is handed to the JIT (compiler/jit) or written out. Only forward
// declarations of LLVM types appear here, so including this header is cheap.
#pragma once

#include "compiler/codegen/Kernel.h"

#include <memory>
#include <span>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mocc::codegen {

/// Knobs of code generation. A big kernel is split into several functions
/// (the public one runs the first steps, then calls internal, non-inlinable
/// functions that run the others in order): LLVM's costs grow faster than
/// linearly with the size of a function, mainly in the instruction
/// schedulers, so bounding it keeps 100,000-equation models compilable.
struct CodegenOptions {
  /// At most this many steps per function; 0: no limit.
  unsigned stepsPerFunction = 2000;
  /// A new function starts once the current one holds this many LLVM
  /// instructions (checked between steps); 0: no limit.
  unsigned instructionsPerFunction = 1000;
};

/// Builds one LLVM module holding, per kernel, `void name(double t, double
/// *v, double *res)` and, if spec.withJvp, `void name_jvp(double t, const
/// double *v, double *dv, double *dres)` (see runtime/CompiledModel.h for
/// their contract). Each distinct expression node is evaluated once per
/// function; `if` expressions evaluate only the selected branch.
///
/// Returns null and sets `error` (when given) if a kernel cannot be
/// compiled: an expression that calls a function (not supported yet), an
/// invalid id, or two kernels with one name.
std::unique_ptr<llvm::Module> generateKernels(llvm::LLVMContext &context,
                                              const sym::ExprPool &pool,
                                              std::span<const KernelSpec> kernels,
                                              const CodegenOptions &options,
                                              std::string *error = nullptr);

/// Name of the JVP function generated for the kernel `kernelName`.
std::string jvpName(const std::string &kernelName);

} // namespace mocc::codegen
