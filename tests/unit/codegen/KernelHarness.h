// Test support for code generation: compiles kernels through codegen and the
// JIT and hands back function pointers, timings and (on request) the IR, so
// the test files themselves include no LLVM header.
#pragma once

#include "compiler/codegen/Codegen.h"
#include "compiler/jit/Jit.h"
#include "runtime/CompiledModel.h"

#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mocc::codegen::test {

/// Steps and variables of hand-made kernels (a namespace of their own:
/// FunctionBuilder.h's `assign` makes statements).
namespace steps {
inline KernelStep assign(uint32_t slot, sym::ExprId e) {
  return {KernelStep::Kind::Assign, sym::VarId{slot}, e};
}
inline KernelStep residual(sym::ExprId e) { return {KernelStep::Kind::Residual, {}, e}; }

/// Variable nodes v[0], v[1], ... of a pool.
struct Vars {
  sym::ExprPool &pool;
  sym::ExprId operator[](uint32_t slot) const { return pool.variable(sym::VarId{slot}); }
};
} // namespace steps

/// What to compile and how.
struct CompileRequest {
  jit::OptLevel level = jit::OptLevel::Default;
  CodegenOptions options;
  bool keepIr = false; ///< keep the unoptimized IR text in CompiledKernels::ir
  /// The functions that Call nodes refer to; compiled (with the derivatives
  /// that JVPs need) into the same JIT.
  std::vector<flat::Function> functions;
  /// Nonzero: generate with generateKernelsStreamed into modules of about
  /// this many instructions, each compiled by the JIT's workers as it is
  /// complete (Jit::startModule); 0: one module (Jit::addModule).
  size_t instructionsPerModule = 0;
};

/// A request for the optimization level `level`.
inline CompileRequest atLevel(jit::OptLevel level, bool keepIr = false) {
  CompileRequest request;
  request.level = level;
  request.keepIr = keepIr;
  return request;
}

/// A request to split kernels every `steps` steps only (0: never), step by
/// step: without loops (CodegenOptions::loops), which would make a run of
/// repeated steps one item of the split.
inline CompileRequest splitEvery(unsigned steps, jit::OptLevel level = jit::OptLevel::Default) {
  CompileRequest request = atLevel(level);
  request.options.stepsPerFunction = steps;
  request.options.instructionsPerFunction = 0;
  request.options.loops = false;
  return request;
}

/// Kernels compiled into a JIT of their own.
class CompiledKernels {
public:
  CompiledKernels(const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                  const CompileRequest &request = {});
  ~CompiledKernels();

  /// Empty if compiling succeeded, else why not.
  std::string error() const { return error_.text(); }
  /// The kernel function `name`, or null (with error()) if absent.
  rt::KernelFn kernel(const std::string &name);
  /// The JVP of kernel `name`, or null (with error()) if absent.
  rt::KernelJvpFn jvp(const std::string &name);
  /// The function of a batch of kernels (KernelSpec::caseStart), or null.
  rt::BatchedKernelFn batch(const std::string &name);
  /// The JVP of a batch, or null.
  rt::BatchedKernelJvpFn batchJvp(const std::string &name);

  double generateSeconds = 0; ///< generateKernels
  double compileSeconds = 0;  ///< Jit::addModule (verify, optimize, codegen, link)
  size_t numFunctions = 0;    ///< functions defined in the module
  size_t numInstructions = 0; ///< instructions before optimization
  size_t numModules = 0;      ///< modules compiled (streamed: the home module too)
  /// Streamed: the most modules waiting for a thread after a start, and the
  /// JIT's bound on them.
  size_t maxPendingModules = 0;
  size_t pendingBound = 0;
  std::string ir;             ///< unoptimized IR, if asked for

private:
  void *lookup(const std::string &name);
  void compileStreamed(const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                       const CompileRequest &request, std::span<const flat::Function> functions);

  std::unique_ptr<jit::Jit> jit_;
  diag::Message error_;
};

/// A function table compiled into a JIT of its own at a chosen level, with
/// the times it took (for the timing tests).
class CompiledFunctionTable {
public:
  CompiledFunctionTable(std::span<const flat::Function> functions, jit::OptLevel level);
  ~CompiledFunctionTable();

  std::string error() const { return error_.text(); }
  /// The native code of a function of the table, or null (with error()).
  NativeFunctionFn native(const flat::Function &function);

  double generateSeconds = 0; ///< generateFunctions
  double compileSeconds = 0;  ///< Jit::addModule
  size_t numInstructions = 0; ///< instructions before optimization

private:
  std::unique_ptr<jit::Jit> jit_;
  diag::Message error_;
};

/// The error of generateKernels for these kernels and functions, as they
/// are (no derivatives are added); empty if it succeeds.
std::string generateError(const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                          std::span<const flat::Function> functions);

/// The operations of one operand (all but leaves, control and calls).
inline constexpr sym::OpKind unaryOps[] = {
    sym::OpKind::Neg,  sym::OpKind::Sin,   sym::OpKind::Cos,  sym::OpKind::Tan,
    sym::OpKind::Asin, sym::OpKind::Acos,  sym::OpKind::Atan, sym::OpKind::Sinh,
    sym::OpKind::Cosh, sym::OpKind::Tanh,  sym::OpKind::Exp,  sym::OpKind::Log,
    sym::OpKind::Log10, sym::OpKind::Sqrt, sym::OpKind::Abs,  sym::OpKind::Sign,
    sym::OpKind::Floor, sym::OpKind::Ceil, sym::OpKind::Not,  sym::OpKind::NoEvent};

/// The operations of two operands.
inline constexpr sym::OpKind binaryOps[] = {
    sym::OpKind::Add,    sym::OpKind::Sub,       sym::OpKind::Mul,   sym::OpKind::Div,
    sym::OpKind::Pow,    sym::OpKind::Atan2,     sym::OpKind::Min,   sym::OpKind::Max,
    sym::OpKind::IntDiv, sym::OpKind::Mod,       sym::OpKind::Rem,   sym::OpKind::Less,
    sym::OpKind::LessEq, sym::OpKind::Greater,   sym::OpKind::GreaterEq,
    sym::OpKind::Equal,  sym::OpKind::NotEqual,  sym::OpKind::And,   sym::OpKind::Or};

/// Whether generated code computed what the reference computed: the same
/// number with the same sign (zero's sign ignored if asked), or both NaN.
inline bool sameValue(double expected, double actual, bool ignoreZeroSign = false) {
  if (std::isnan(expected) || std::isnan(actual))
    return std::isnan(expected) && std::isnan(actual);
  return expected == actual &&
         (ignoreZeroSign || std::signbit(expected) == std::signbit(actual));
}

} // namespace mocc::codegen::test
