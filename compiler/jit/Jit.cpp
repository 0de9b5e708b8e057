// The JIT on top of ORC's LLJIT. Each module is verified, optimized with the
// new pass manager at the chosen level and compiled to an object file
// eagerly (so compile errors and compile time show up in addModule), then
// linked into the JIT's main library. Process symbols (libm's sin, tan, ...)
// resolve by default; the run-time error hooks that generated code calls
// (runtime/RuntimeErrors.h) are defined explicitly, by address, so that they
// resolve without the executable exporting its symbols (-rdynamic).
#include "compiler/jit/Jit.h"

#include "runtime/RuntimeErrors.h"

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

#include <array>
#include <thread>

namespace mocc::jit {

// The trade-off, measured with the "compile time of a 100k-step kernel" test
// (tests/unit/codegen) on a shared 2-core machine. For 100,000 chain steps
// (800,000 LLVM instructions; 2,000,000 with the JVP), optimize + compile
// took: None 1-2 s (2 s with the JVP), Less 1.5-2 s (3.5 s), Default 16-30 s
// (35-46 s). Code generation at -O2 is most of Default's cost (instruction
// selection and the two schedulers), the O2 IR pipeline the rest. The code
// ran 1.4 to 3 times faster at Default on that memory-bound chain, and no
// faster on kernels bound by divisions, square roots or libm calls (codegen
// already shares common subexpressions). Measured through `mocc simulate` on
// a 600-equation heat conduction model: Default took 0.6-0.9 s to compile,
// Less 0.06 s, and the integration ran equally fast (0.015 s). Compile time
// dominates for models of that size, so Default is used only for small
// kernels, where it costs a few milliseconds. Above 20,000 steps even Less
// is not worth it: on the 100,000-equation mass chain (about 150,000 steps
// with the JVPs) its IR passes took 1.8 s, against 1.2 s for code
// generation, and the integration ran no faster (0.73 s at None, 0.85 s at
// Less), so huge models skip the IR passes.
OptLevel suggestOptLevel(uint64_t numSteps) {
  if (numSteps <= 200)
    return OptLevel::Default;
  return numSteps <= 20000 ? OptLevel::Less : OptLevel::None;
}

// Lowered functions, measured with "compile time of function tables"
// (tests/unit/codegen) on the same machine: about 105 LLVM instructions and
// 10 statements per function (derivatives included). Optimize + compile took
// 0.4 ms per function at None or Less and 3.3 ms at Default (1,800
// functions: 0.7 s against 5.9 s); a while loop (Newton's square root) ran
// twice as fast at Default. Up to 1,000 statements (about 0.3 s at Default)
// the gain is worth it.
OptLevel suggestFunctionOptLevel(uint64_t numStatements) {
  return numStatements <= 1000 ? OptLevel::Default : OptLevel::Less;
}

struct Jit::Impl {
  llvm::orc::JITTargetMachineBuilder machineBuilder;
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  /// Target machines per OptLevel, made on first use.
  std::array<std::unique_ptr<llvm::TargetMachine>, 3> machines;
  /// Frees the compiled modules of addModules in the background.
  std::thread reaper;

  llvm::TargetMachine *machine(OptLevel level, std::string &error);
};

namespace {

std::string message(llvm::Error error) { return llvm::toString(std::move(error)); }

/// Registers the host target with LLVM, once per process.
bool initializeNativeTarget() {
  static const bool ok = !llvm::InitializeNativeTarget() &&
                         !llvm::InitializeNativeTargetAsmPrinter();
  return ok;
}

llvm::CodeGenOptLevel codeGenLevel(OptLevel level) {
  switch (level) {
  case OptLevel::None: return llvm::CodeGenOptLevel::None;
  case OptLevel::Less: return llvm::CodeGenOptLevel::None;
  case OptLevel::Default: return llvm::CodeGenOptLevel::Default;
  }
  return llvm::CodeGenOptLevel::Default;
}

/// The IR passes of a level: none; a light function pipeline (EarlyCSE
/// merges what the tangent rules recompute, InstCombine and SimplifyCFG
/// clean up), linear in the size of the module; or the standard O2 module
/// pipeline.
void optimize(llvm::Module &module, llvm::TargetMachine &machine, OptLevel level) {
  if (level == OptLevel::None)
    return;
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder passes(&machine);
  passes.registerModuleAnalyses(modules);
  passes.registerCGSCCAnalyses(sccs);
  passes.registerFunctionAnalyses(functions);
  passes.registerLoopAnalyses(loops);
  passes.crossRegisterProxies(loops, functions, sccs, modules);
  if (level == OptLevel::Default) {
    passes.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(module, modules);
    return;
  }
  llvm::FunctionPassManager light;
  light.addPass(llvm::EarlyCSEPass());
  light.addPass(llvm::InstCombinePass());
  light.addPass(llvm::SimplifyCFGPass());
  llvm::ModulePassManager pipeline;
  pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(light)));
  pipeline.run(module, modules);
}

} // namespace

llvm::TargetMachine *Jit::Impl::machine(OptLevel level, std::string &error) {
  auto &slot = machines[static_cast<size_t>(level)];
  if (slot)
    return slot.get();
  llvm::orc::JITTargetMachineBuilder builder = machineBuilder;
  builder.setCodeGenOptLevel(codeGenLevel(level));
  auto created = builder.createTargetMachine();
  if (!created) {
    error = message(created.takeError());
    return nullptr;
  }
  slot = std::move(*created);
  return slot.get();
}

Jit::Jit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Jit::~Jit() {
  if (impl_->reaper.joinable())
    impl_->reaper.join();
}

/// Defines the run-time error hooks in the JIT's main library.
static llvm::Error defineHooks(llvm::orc::LLJIT &lljit) {
  llvm::orc::SymbolMap symbols;
  for (auto [name, address] : rt::generatedCodeHooks())
    symbols[lljit.mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                            llvm::JITSymbolFlags::Exported |
                                                llvm::JITSymbolFlags::Callable};
  return lljit.getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(symbols)));
}

std::unique_ptr<Jit> Jit::create(std::string &error) {
  if (!initializeNativeTarget()) {
    error = "cannot initialize LLVM's native target";
    return nullptr;
  }
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error = message(builder.takeError());
    return nullptr;
  }
  auto lljit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*builder).create();
  if (!lljit) {
    error = message(lljit.takeError());
    return nullptr;
  }
  if (llvm::Error failed = defineHooks(**lljit)) {
    error = message(std::move(failed));
    return nullptr;
  }
  auto impl = std::make_unique<Impl>(Impl{std::move(*builder), std::move(*lljit), {}, {}});
  return std::unique_ptr<Jit>(new Jit(std::move(impl)));
}

namespace {

/// Verifies, optimizes and compiles one module to an object file; null with
/// `error` set on failure. At None, the level of huge models, the verifier
/// is skipped as well (it took 15% of the JIT's time on the 100,000-equation
/// mass chain; clang's release builds skip it always): the models of the
/// tests, which are smaller, are verified.
std::unique_ptr<llvm::MemoryBuffer> compileModule(llvm::Module &module,
                                                  llvm::TargetMachine &machine, OptLevel level,
                                                  std::string &error) {
  std::string problems;
  llvm::raw_string_ostream stream(problems);
  if (level != OptLevel::None && llvm::verifyModule(module, &stream)) {
    error = "invalid generated code: " + problems;
    return nullptr;
  }
  module.setDataLayout(machine.createDataLayout());
  module.setTargetTriple(machine.getTargetTriple().str());
  optimize(module, machine, level);
  llvm::orc::SimpleCompiler compile(machine);
  auto object = compile(module);
  if (!object) {
    error = message(object.takeError());
    return nullptr;
  }
  return std::move(*object);
}

} // namespace

bool Jit::addModule(std::unique_ptr<llvm::Module> module,
                    std::unique_ptr<llvm::LLVMContext> context, OptLevel level,
                    std::string &error) {
  llvm::TargetMachine *machine = impl_->machine(level, error);
  if (!machine)
    return false;
  auto object = compileModule(*module, *machine, level, error);
  module.reset(); // before its context
  context.reset();
  if (!object)
    return false;
  if (llvm::Error failed = impl_->lljit->addObjectFile(std::move(object))) {
    error = message(std::move(failed));
    return false;
  }
  return true;
}

bool Jit::addModules(std::vector<Unit> units, OptLevel level, std::string &error) {
  // A target machine is not safe to share between threads: each thread
  // makes its own (a millisecond or so).
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects(units.size());
  std::vector<std::string> errors(units.size());
  auto work = [&](size_t i) {
    llvm::orc::JITTargetMachineBuilder builder = impl_->machineBuilder;
    builder.setCodeGenOptLevel(codeGenLevel(level));
    auto machine = builder.createTargetMachine();
    if (!machine)
      errors[i] = message(machine.takeError());
    else
      objects[i] = compileModule(*units[i].module, **machine, level, errors[i]);
  };
  std::vector<std::thread> threads;
  for (size_t i = 1; i < units.size(); ++i)
    threads.emplace_back(work, i);
  if (!units.empty())
    work(0);
  for (std::thread &thread : threads)
    thread.join();
  // Freeing the modules and their contexts takes a tenth of the time it
  // took to compile them: a thread does it while the model runs.
  if (impl_->reaper.joinable())
    impl_->reaper.join();
  impl_->reaper = std::thread([units = std::move(units)]() mutable {
    for (Unit &unit : units) {
      unit.module.reset(); // before its context
      unit.context.reset();
    }
  });
  for (size_t i = 0; i < errors.size(); ++i) {
    if (!errors[i].empty()) {
      error = errors[i];
      return false;
    }
  }
  for (auto &object : objects) {
    if (llvm::Error failed = impl_->lljit->addObjectFile(std::move(object))) {
      error = message(std::move(failed));
      return false;
    }
  }
  return true;
}

void *Jit::lookup(const std::string &name, std::string &error) {
  auto address = impl_->lljit->lookup(name);
  if (!address) {
    error = message(address.takeError());
    return nullptr;
  }
  return address->toPtr<void *>();
}

} // namespace mocc::jit
