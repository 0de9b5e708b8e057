// Compiles kernels for the codegen tests: the one test file that includes
// LLVM headers (to own and inspect the module before the JIT takes it).
#include "tests/unit/codegen/KernelHarness.h"

#include "compiler/jit/FunctionLibrary.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <chrono>

namespace mocc::codegen::test {

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

CompiledKernels::CompiledKernels(const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                                 const CompileRequest &request) {
  jit_ = jit::Jit::create(error_);
  if (!jit_)
    return;
  std::vector<flat::Function> functions = request.functions;
  if (!addKernelDerivatives(functions, pool, kernels, &error_) ||
      !jit::addFunctions(*jit_, functions, error_))
    return;
  if (request.instructionsPerModule != 0) {
    compileStreamed(pool, kernels, request, functions);
    return;
  }
  auto context = std::make_unique<llvm::LLVMContext>();
  auto start = std::chrono::steady_clock::now();
  auto module = generateKernels(*context, pool, kernels, request.options, &error_, functions);
  generateSeconds = secondsSince(start);
  if (!module)
    return;
  for (const llvm::Function &function : *module) {
    numFunctions += !function.isDeclaration();
    numInstructions += function.getInstructionCount();
  }
  if (request.keepIr)
    llvm::raw_string_ostream(ir) << *module;
  start = std::chrono::steady_clock::now();
  jit_->addModule(std::move(module), std::move(context), request.level, error_);
  compileSeconds = secondsSince(start);
}

namespace {

/// Starts each module in the JIT as soon as it is complete, counting the
/// functions and instructions first.
class CountingSink : public ModuleSink {
public:
  CountingSink(jit::Jit &jit, jit::OptLevel level, CompiledKernels &counts)
      : jit_(jit), level_(level), counts_(counts) {}
  llvm::Module &open() override {
    unit_.context = std::make_unique<llvm::LLVMContext>();
    unit_.module = std::make_unique<llvm::Module>("part", *unit_.context);
    return *unit_.module;
  }
  void close() override { start(std::move(unit_)); }
  void start(jit::Jit::Unit unit) {
    for (const llvm::Function &function : *unit.module) {
      counts_.numFunctions += !function.isDeclaration();
      counts_.numInstructions += function.getInstructionCount();
    }
    ++counts_.numModules;
    jit_.startModule(std::move(unit), level_);
    counts_.maxPendingModules = std::max(counts_.maxPendingModules, jit_.pendingModules());
  }

private:
  jit::Jit &jit_;
  jit::OptLevel level_;
  CompiledKernels &counts_;
  jit::Jit::Unit unit_;
};

} // namespace

void CompiledKernels::compileStreamed(const sym::ExprPool &pool,
                                      std::span<const KernelSpec> kernels,
                                      const CompileRequest &request,
                                      std::span<const flat::Function> functions) {
  CountingSink sink(*jit_, request.level, *this);
  jit::Jit::Unit home{nullptr, std::make_unique<llvm::LLVMContext>()};
  home.module = std::make_unique<llvm::Module>("home", *home.context);
  bool generated = generateKernelsStreamed(*home.module, sink, request.instructionsPerModule, pool,
                                           kernels, request.options, &error_, functions);
  if (generated)
    sink.start(std::move(home));
  pendingBound = jit_->maxPendingModules();
  jit_->finishModules(error_);
}

CompiledKernels::~CompiledKernels() = default;

void *CompiledKernels::lookup(const std::string &name) {
  if (error_)
    return nullptr;
  return jit_->lookup(name, error_);
}

rt::KernelFn CompiledKernels::kernel(const std::string &name) {
  return reinterpret_cast<rt::KernelFn>(lookup(name));
}

rt::KernelJvpFn CompiledKernels::jvp(const std::string &name) {
  return reinterpret_cast<rt::KernelJvpFn>(lookup(jvpName(name)));
}

rt::BatchedKernelFn CompiledKernels::batch(const std::string &name) {
  return reinterpret_cast<rt::BatchedKernelFn>(lookup(name));
}

rt::BatchedKernelJvpFn CompiledKernels::batchJvp(const std::string &name) {
  return reinterpret_cast<rt::BatchedKernelJvpFn>(lookup(jvpName(name)));
}

CompiledFunctionTable::CompiledFunctionTable(std::span<const flat::Function> functions,
                                             jit::OptLevel level) {
  jit_ = jit::Jit::create(error_);
  if (!jit_)
    return;
  auto context = std::make_unique<llvm::LLVMContext>();
  auto start = std::chrono::steady_clock::now();
  auto module = generateFunctions(*context, functions, &error_);
  generateSeconds = secondsSince(start);
  if (!module)
    return;
  for (const llvm::Function &function : *module)
    numInstructions += function.getInstructionCount();
  start = std::chrono::steady_clock::now();
  jit_->addModule(std::move(module), std::move(context), level, error_);
  compileSeconds = secondsSince(start);
}

CompiledFunctionTable::~CompiledFunctionTable() = default;

NativeFunctionFn CompiledFunctionTable::native(const flat::Function &function) {
  if (error_)
    return nullptr;
  return jit::lookupFunction(*jit_, function, error_);
}

std::string generateError(const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                          std::span<const flat::Function> functions) {
  llvm::LLVMContext context;
  diag::Message error;
  generateKernels(context, pool, kernels, {}, &error, functions);
  return error.text();
}

} // namespace mocc::codegen::test
