// Code generation: turns kernels (ordered assignments and residuals over the
// slot vector, see Kernel.h) into one LLVM module holding a native function
// per kernel and, when asked, its forward-mode derivative (JVP); and the
// lowered Modelica functions that kernels call (flat/Function.h) into
// another. The modules are handed to the JIT (compiler/jit) or written out.
// Only forward declarations of LLVM types appear here, so including this
// header is cheap.
#pragma once

#include "compiler/plan/Kernel.h"
#include "compiler/codegen/Repeats.h"
#include "compiler/flat/Function.h"
#include "compiler/support/DiagnosticKinds.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mocc::codegen {

/// Code generation reads the kernels of the plan (compiler/plan/Kernel.h).
using plan::KernelSpec;
using plan::KernelStep;

struct PoolFacts;

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
  /// Slots whose tangent is zero in every JVP (the parameters: the runtime
  /// seeds dv with unknowns only): their uses add no derivative code.
  std::vector<uint32_t> constantSlots;
  /// Whether runs of repeated steps (Repeats.h) become loops, and which
  /// runs count.
  bool loops = true;
  RepeatOptions repeats;
  /// What repeats in each kernel, from findKernelRepeats (given to spare
  /// finding it twice); when empty, code generation finds it.
  std::vector<KernelRepeats> repeatsFound;
  /// The pool's facts (PoolFacts.h), built with tangents if a kernel has a
  /// JVP and with `constantSlots` (given to spare computing them twice);
  /// when null, code generation computes them.
  const PoolFacts *facts = nullptr;
};

/// What repeats in each kernel, which code generation emits once: the runs
/// of steps of a kernel, as loops; the equal cases of a batch, as one body
/// (nothing without options.loops).
std::vector<KernelRepeats> findKernelRepeats(const sym::ExprPool &pool,
                                             std::span<const KernelSpec> kernels,
                                             const CodegenOptions &options);

/// The steps that code generation emits for `kernels` given what repeats
/// in them: a run counts as one occurrence (less what its inner runs
/// repeat), a class of equal cases as one case. The measure of the size of
/// the code.
uint64_t emittedSteps(std::span<const KernelSpec> kernels,
                      std::span<const KernelRepeats> repeats);

/// The loops and shared bodies of one kernel: its runs, their inner runs
/// at every depth, and its classes of equal cases.
size_t loopCount(const KernelRepeats &repeats);

/// Builds one LLVM module holding, per kernel, `void name(double t, double
/// *v, double *res)` and, if spec.withJvp, `void name_jvp(double t, const
/// double *v, double *dv, double *dres)` (see runtime/CompiledModel.h for
/// their contract); a batch (KernelSpec::caseStart) is one function with the
/// case as a last `int32_t` argument, never split. Each distinct expression
/// node is evaluated once per function (per case of a batch; per iteration
/// of a loop); `if` expressions evaluate only the selected branch. With
/// options.loops, each run of repeated steps (Repeats.h) is one loop over
/// tables of slots and constants, which computes what the steps would, and
/// the equal cases of a batch share one body.
///
/// Call nodes refer to `functions` (the table given to generateFunctions,
/// whose module must be in the same JIT): each distinct call is made once.
/// A JVP calls the forward derivative of each function called with a
/// nonzero tangent (see addKernelDerivatives). When a called function fails
/// at run time (see runtime/RuntimeErrors.h), the kernel returns at once.
///
/// Assert and Terminate steps are checks of the kernel itself (a JVP skips
/// them): a failed level-1 assert reports "assertion failed: <message>"
/// through mocc_runtime_error and the kernel returns at once; a level-2 one
/// reports it through mocc_runtime_warning, once per step, and goes on; a
/// Terminate step whose condition holds reports its message through
/// mocc_runtime_terminate and goes on.
///
/// Returns null and sets `error` (when given; the caller reports it, as
/// `code generation failed: ...`) if a kernel cannot be compiled: an
/// invalid id, a call that does not fit the table, a function without the
/// derivative its JVP needs, or two kernels with one name.
std::unique_ptr<llvm::Module> generateKernels(llvm::LLVMContext &context,
                                              const sym::ExprPool &pool,
                                              std::span<const KernelSpec> kernels,
                                              const CodegenOptions &options,
                                              diag::Message *error = nullptr,
                                              std::span<const flat::Function> functions = {});

/// Receives the modules of generateKernelsStreamed, one at a time.
class ModuleSink {
public:
  virtual ~ModuleSink() = default;
  /// A new empty module, in a context of its own.
  virtual llvm::Module &open() = 0;
  /// The module last opened is complete (code generation no longer touches
  /// it or its context).
  virtual void close() = 0;
};

/// Like generateKernels, for huge models whose code is compiled while it is
/// generated: `home` gets the public function of each kernel, which only
/// calls the parts of the kernel in order (`<kernel>.part<k>`, external
/// functions, each at most a chunk of CodegenOptions' size); the parts fill
/// the modules of `sink` one after another, each closed once it holds
/// `instructionsPerModule` instructions (the last at the end), so that the
/// JIT can compile it while the next is generated. A batch goes whole, and
/// public, into the modules of `sink`.
bool generateKernelsStreamed(llvm::Module &home, ModuleSink &sink, size_t instructionsPerModule,
                             const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                             const CodegenOptions &options, diag::Message *error = nullptr,
                             std::span<const flat::Function> functions = {});

/// A lowered function compiled to native code: reads the flattened inputs
/// from `in`, writes the flattened outputs to `out`, and returns 0, or a
/// nonzero status after a run-time error (a failed assert, an index out of
/// bounds: the message is reported through runtime/RuntimeErrors.h, and
/// `out` holds nothing useful).
using NativeFunctionFn = int32_t (*)(const double *in, double *out);

/// The name of the native function of a lowered function (its symbol with
/// a prefix, so that it meets no C library function or kernel).
std::string functionSymbol(const flat::Function &function);

/// Whether an external function's C call goes through a thunk written in C
/// (an Include annotation with text: the C function may be static, a macro,
/// or have a prototype whose types differ from MLS 12.9.1's mapping), or
/// through one made in LLVM IR here (no Include: the call uses the mapping's
/// prototype, which the tool then makes, as the MLS asks).
bool usesCThunk(const flat::ExternalCall &call);

/// The symbol of the C thunk of an external function: `void f(void **cells)`
/// that calls the C function with the argument in the cell that cells[i]
/// points to and stores the result in cells[n] (see emitExternalCall).
std::string externalThunkSymbol(const flat::Function &function);

/// The C text of that thunk, to compile after the function's Include text.
/// With `declare`, a prototype of the C function in the types of MLS 12.9.1
/// comes first (for an Include that does not declare it).
std::string externalThunkSource(const flat::Function &function, bool declare);

/// Builds one LLVM module with the native function (NativeFunctionFn) of
/// every entry of `functions` (of those `only` marks, if given: the others
/// are called as symbols defined elsewhere); calls between them (recursion
/// included) go through Call nodes. Returns null and sets `error` if a
/// function is malformed (a slot, expression id or call that does not fit,
/// `break` outside a loop, `time` in a function) or two share a symbol.
std::unique_ptr<llvm::Module> generateFunctions(llvm::LLVMContext &context,
                                                std::span<const flat::Function> functions,
                                                diag::Message *error = nullptr,
                                                const std::vector<bool> *only = nullptr);

/// Adds to `functions` (see functions::DerivativeTable) the forward
/// derivative of every function that a kernel with a JVP calls with
/// arguments that have tangents (`constantSlots` as in CodegenOptions), so
/// that generateKernels can call it. False with `error` set if one cannot
/// be made.
bool addKernelDerivatives(std::vector<flat::Function> &functions, const sym::ExprPool &pool,
                          std::span<const KernelSpec> kernels, diag::Message *error = nullptr,
                          std::span<const uint32_t> constantSlots = {});

/// Same, with the pool's facts already computed (with tangents if any
/// kernel has a JVP, with the constant slots).
bool addKernelDerivatives(std::vector<flat::Function> &functions, const sym::ExprPool &pool,
                          std::span<const KernelSpec> kernels, const PoolFacts &facts,
                          diag::Message *error = nullptr);

/// Name of the JVP function generated for the kernel `kernelName`.
std::string jvpName(const std::string &kernelName);

} // namespace mocc::codegen
