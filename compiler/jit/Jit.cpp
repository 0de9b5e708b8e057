// The JIT on top of ORC's LLJIT. Each module is verified, optimized with the
// new pass manager at the chosen level and compiled to an object file
// eagerly (so compile errors and compile time show up in addModule, or in
// finishModules for the modules that worker threads compile while the next
// ones are generated), then linked into the JIT's main library. Process
// symbols (libm's sin, tan, ...)
// resolve by default; the run-time error hooks that generated code calls
// (runtime/RuntimeErrors.h) are defined explicitly, by address, so that they
// resolve without the executable exporting its symbols (-rdynamic).
#include "compiler/jit/Jit.h"

#include "runtime/ModelicaUtilities.h"
#include "runtime/RuntimeErrors.h"

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Object/ArchiveWriter.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <deque>
#include <dlfcn.h>
#include <mutex>
#include <set>
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

/// A thread's target machine for the jobs it compiles (a target machine is
/// not safe to share between threads), made for the level of its last job.
struct Machine {
  std::unique_ptr<llvm::TargetMachine> machine;
  OptLevel level = OptLevel::None;
};

/// Modules started and not yet taken by a thread, at most, per thread that
/// compiles. Code generation is about ten times faster than compilation, so
/// without a bound every module of a huge model waited in the queue with its
/// IR: 761 MB of LLVM IR at once for 100,000 equations of pendulums. When
/// the bound is reached, startModule compiles the oldest one on the calling
/// thread.
constexpr size_t pendingModulesPerThread = 2;

/// A module started by startModule, and what compiling it gave.
struct Job {
  Jit::Unit unit;
  OptLevel level;
  std::unique_ptr<llvm::MemoryBuffer> object;
  diag::Message error;
};

/// Shared objects opened by addSharedLibrary, closed (their C destructors
/// run when no other JIT of the process holds them) after the JIT that
/// refers to them is gone.
struct SharedObjects {
  std::vector<void *> handles;
  SharedObjects() = default;
  SharedObjects(const SharedObjects &) = delete;
  SharedObjects &operator=(const SharedObjects &) = delete;
  ~SharedObjects() {
    for (auto it = handles.rbegin(); it != handles.rend(); ++it)
      dlclose(*it);
  }
};

struct Jit::Impl {
  Impl(llvm::orc::JITTargetMachineBuilder builder, std::unique_ptr<llvm::orc::LLJIT> jit)
      : machineBuilder(std::move(builder)), lljit(std::move(jit)) {}

  llvm::orc::JITTargetMachineBuilder machineBuilder;
  SharedObjects sharedObjects; ///< before lljit: destroyed after it
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  /// Target machines per OptLevel, made on first use.
  std::array<std::unique_ptr<llvm::TargetMachine>, 3> machines;
  std::set<std::string> libraries; ///< paths given to addLibrary
  unsigned ownLibraries = 0;       ///< made by addObject
  /// Functions to call when the JIT is destroyed (C destructors), in the
  /// order registered.
  std::vector<void (*)()> atDestruction;
  /// What the execution session reported (a failed link), for hasSymbol.
  std::mutex reportedMutex;
  std::string reported;
  /// The modules started, in order (a deque: workers hold references to
  /// jobs while more are added), the first that no thread has taken, and
  /// the workers.
  std::deque<Job> jobs;
  size_t nextJob = 0;
  bool closing = false;
  std::mutex mutex;
  std::condition_variable ready;
  std::vector<std::thread> workers;
  /// The calling thread's target machine, for the jobs it compiles itself.
  Machine callerMachine;
  bool keepObjects = false;
  Contents contents;
  /// Adds a compiled object to the main library (keeping a copy if asked).
  llvm::Error addCompiled(std::unique_ptr<llvm::MemoryBuffer> object) {
    if (keepObjects)
      contents.objects.emplace_back(object->getBufferStart(), object->getBufferSize());
    return lljit->addObjectFile(std::move(object));
  }

  llvm::TargetMachine *machine(OptLevel level, diag::Message &error);
  void work(Machine &machine);
  /// Compiles the next job no thread has taken, if any (the lock held on
  /// entry is released while compiling); false if there was none.
  bool compileNext(std::unique_lock<std::mutex> &lock, Machine &machine);
};

namespace {

std::string message(llvm::Error error) { return llvm::toString(std::move(error)); }

/// LLVM's message of a failure, as a diagnostic.
diag::Message failure(llvm::Error error) {
  return {diag::LlvmFailure, {message(std::move(error))}};
}

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

/// SelectionDAG instruction selection builds one DAG per basic block, and
/// its scheduler looks at the other loads on each load's chain
/// (ScheduleDAGSDNodes::ClusterNeighboringLoads): loads from memory that
/// nothing in the block stores to all hang on the entry chain, so the cost
/// grows faster than the block. The straight-line kernels of a big model
/// put thousands of loads of slots into one block (grid3d at 16^3: two
/// thirds of the back end's 4.25 billion instructions were in that one
/// function, at every optimization level). Cutting blocks after every
/// kLoadsPerBlock loads keeps it linear (1.01 billion in all); a cut costs
/// at most an unconditional jump. The cuts of a block are found first and
/// made from its end: `splitBasicBlock` moves everything after a cut into
/// the new block, so cutting from the front moved the rest of the block at
/// every cut (quadratic in the block's length; 4% of grid3d 40^3's time to a
/// ready JIT), from the back every instruction moves once.
void splitLongBlocks(llvm::Module &module) {
  constexpr unsigned kLoadsPerBlock = 128;
  std::vector<llvm::Instruction *> cuts;
  for (llvm::Function &function : module) {
    std::vector<llvm::BasicBlock *> blocks;
    for (llvm::BasicBlock &block : function)
      blocks.push_back(&block);
    for (llvm::BasicBlock *block : blocks) {
      cuts.clear();
      unsigned loads = 0;
      for (auto it = block->begin(); it != block->end();) {
        bool load = llvm::isa<llvm::LoadInst>(*it);
        ++it;
        if (!load || ++loads < kLoadsPerBlock)
          continue;
        if (it == block->end() || it->isTerminator() || llvm::isa<llvm::PHINode>(*it))
          break;
        cuts.push_back(&*it);
        loads = 0;
      }
      for (auto cut = cuts.rbegin(); cut != cuts.rend(); ++cut)
        block->splitBasicBlock((*cut)->getIterator(), "cut");
    }
  }
}

} // namespace

llvm::TargetMachine *Jit::Impl::machine(OptLevel level, diag::Message &error) {
  auto &slot = machines[static_cast<size_t>(level)];
  if (slot)
    return slot.get();
  llvm::orc::JITTargetMachineBuilder builder = machineBuilder;
  builder.setCodeGenOptLevel(codeGenLevel(level));
  auto created = builder.createTargetMachine();
  if (!created) {
    error = failure(created.takeError());
    return nullptr;
  }
  slot = std::move(*created);
  return slot.get();
}

Jit::Jit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Jit::~Jit() {
  for (auto it = impl_->atDestruction.rbegin(); it != impl_->atDestruction.rend(); ++it)
    (*it)();
  if (!impl_->workers.empty()) { // started modules that were never finished
    {
      std::lock_guard<std::mutex> lock(impl_->mutex);
      impl_->closing = true;
    }
    impl_->ready.notify_all();
    for (std::thread &worker : impl_->workers)
      worker.join();
  }
}

/// Defines the run-time error hooks in the JIT's main library.
static llvm::Error defineHooks(llvm::orc::LLJIT &lljit) {
  llvm::orc::SymbolMap symbols;
  auto hooks = rt::generatedCodeHooks();
  for (auto entry : rt::modelicaUtilities())
    hooks.push_back(entry);
  for (auto [name, address] : hooks)
    symbols[lljit.mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                            llvm::JITSymbolFlags::Exported |
                                                llvm::JITSymbolFlags::Callable};
  for (auto [name, address] : rt::generatedCodeData())
    symbols[lljit.mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                            llvm::JITSymbolFlags::Exported};
  return lljit.getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(symbols)));
}

std::unique_ptr<Jit> Jit::create(diag::Message &error) {
  if (!initializeNativeTarget()) {
    error = {diag::NativeTargetUnavailable, {}};
    return nullptr;
  }
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error = failure(builder.takeError());
    return nullptr;
  }
  // Position-independent code: the objects the JIT links are also linked
  // into a shared object for the cache of compiled models (LLD refuses
  // absolute relocations there: a switch's jump table, a function's
  // address); JITLink links them the same (through its GOT and stubs).
  builder->setRelocationModel(llvm::Reloc::PIC_);
  auto lljit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*builder).create();
  if (!lljit) {
    error = failure(lljit.takeError());
    return nullptr;
  }
  if (llvm::Error failed = defineHooks(**lljit)) {
    error = failure(std::move(failed));
    return nullptr;
  }
  auto impl = std::make_unique<Impl>(std::move(*builder), std::move(*lljit));
  // Link failures (a symbol of C code found nowhere) come back to the
  // caller of the lookup; keep them off stderr.
  Impl *raw = impl.get();
  raw->lljit->getExecutionSession().setErrorReporter([raw](llvm::Error failed) {
    std::lock_guard<std::mutex> lock(raw->reportedMutex);
    raw->reported += message(std::move(failed)) + "\n";
  });
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
                                                  diag::Message &error) {
  std::string problems;
  llvm::raw_string_ostream stream(problems);
  if (level != OptLevel::None && llvm::verifyModule(module, &stream)) {
    error = {diag::InvalidGeneratedCode, {problems}};
    return nullptr;
  }
  module.setDataLayout(machine.createDataLayout());
  module.setTargetTriple(machine.getTargetTriple().str());
  optimize(module, machine, level);
  splitLongBlocks(module);
  llvm::orc::SimpleCompiler compile(machine);
  auto object = compile(module);
  if (!object) {
    error = failure(object.takeError());
    return nullptr;
  }
  return std::move(*object);
}

} // namespace

bool Jit::addModule(std::unique_ptr<llvm::Module> module,
                    std::unique_ptr<llvm::LLVMContext> context, OptLevel level,
                    diag::Message &error) {
  llvm::TargetMachine *machine = impl_->machine(level, error);
  if (!machine)
    return false;
  auto object = compileModule(*module, *machine, level, error);
  module.reset(); // before its context
  context.reset();
  if (!object)
    return false;
  if (llvm::Error failed = impl_->addCompiled(std::move(object))) {
    error = failure(std::move(failed));
    return false;
  }
  return true;
}

/// A worker: compiles the jobs in the order started until finishModules
/// closes the queue and none is left.
void Jit::Impl::work(Machine &machine) {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    ready.wait(lock, [&] { return nextJob < jobs.size() || closing; });
    if (!compileNext(lock, machine))
      return;
  }
}

bool Jit::Impl::compileNext(std::unique_lock<std::mutex> &lock, Machine &machine) {
  if (nextJob == jobs.size())
    return false;
  Job &job = jobs[nextJob++];
  lock.unlock();
  if (!machine.machine || machine.level != job.level) {
    llvm::orc::JITTargetMachineBuilder builder = machineBuilder;
    builder.setCodeGenOptLevel(codeGenLevel(job.level));
    auto created = builder.createTargetMachine();
    if (created) {
      machine.machine = std::move(*created);
      machine.level = job.level;
    } else {
      machine.machine.reset();
      job.error = failure(created.takeError());
    }
  }
  if (machine.machine)
    job.object = compileModule(*job.unit.module, *machine.machine, job.level, job.error);
  // Freed at once, while the main thread generates the next module (it
  // takes a tenth of the time that compiling took).
  job.unit.module.reset(); // before its context
  job.unit.context.reset();
  lock.lock();
  return true;
}

namespace {

/// The threads that compile started modules: the caller and one worker
/// fewer than the cores (at least one).
unsigned compilingThreads() { return std::clamp(std::thread::hardware_concurrency(), 2u, 4u); }

} // namespace

size_t Jit::pendingModules() {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->jobs.size() - impl_->nextJob;
}

size_t Jit::maxPendingModules() const { return pendingModulesPerThread * compilingThreads(); }

void Jit::startModule(Unit unit, OptLevel level) {
  Impl &impl = *impl_;
  // The caller goes on generating code while the workers compile, and
  // finishModules joins in.
  if (impl.workers.empty()) {
    for (unsigned i = 1; i < compilingThreads(); ++i)
      impl.workers.emplace_back([&impl] {
        Machine machine;
        impl.work(machine);
      });
  }
  std::unique_lock<std::mutex> lock(impl.mutex);
  impl.jobs.push_back({std::move(unit), level, nullptr, {}});
  impl.ready.notify_one();
  while (impl.jobs.size() - impl.nextJob > maxPendingModules())
    impl.compileNext(lock, impl.callerMachine);
}

bool Jit::finishModules(diag::Message &error) {
  Impl &impl = *impl_;
  {
    std::lock_guard<std::mutex> lock(impl.mutex);
    impl.closing = true;
  }
  impl.ready.notify_all();
  impl.work(impl.callerMachine);
  for (std::thread &worker : impl.workers)
    worker.join();
  impl.workers.clear();
  impl.closing = false;
  std::deque<Job> jobs = std::move(impl.jobs);
  impl.jobs.clear();
  impl.nextJob = 0;
  for (Job &job : jobs) {
    if (!error && job.error)
      error = job.error;
  }
  if (error)
    return false;
  for (Job &job : jobs) {
    if (llvm::Error failed = impl.addCompiled(std::move(job.object))) {
      error = failure(std::move(failed));
      return false;
    }
  }
  return true;
}

bool Jit::addLibrary(const std::string &path, diag::Message &error) {
  if (!impl_->libraries.insert(path).second)
    return true;
  impl_->contents.complete = false;
  llvm::orc::JITDylib &main = impl_->lljit->getMainJITDylib();
  bool archive = path.size() > 2 && path.compare(path.size() - 2, 2, ".a") == 0;
  if (archive) {
    auto generator = llvm::orc::StaticLibraryDefinitionGenerator::Load(
        impl_->lljit->getObjLinkingLayer(), path.c_str());
    if (!generator) {
      error = failure(generator.takeError());
      return false;
    }
    main.addGenerator(std::move(*generator));
    return true;
  }
  auto generator = llvm::orc::DynamicLibrarySearchGenerator::Load(
      path.c_str(), impl_->lljit->getDataLayout().getGlobalPrefix());
  if (!generator) {
    error = failure(generator.takeError());
    return false;
  }
  main.addGenerator(std::move(*generator));
  return true;
}

bool Jit::addSharedLibrary(const std::string &path, diag::Message &error) {
  // RTLD_NOW: a symbol that the process lacks fails here, not at a call;
  // RTLD_LOCAL: its symbols reach only this JIT's lookups, through the
  // generator, not other libraries.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    error = {diag::CannotAddCode, {path, why ? why : "dlopen failed"}};
    return false;
  }
  impl_->sharedObjects.handles.push_back(handle);
  impl_->contents.sharedLibraries.push_back(path);
  impl_->lljit->getMainJITDylib().addGenerator(
      std::make_unique<llvm::orc::DynamicLibrarySearchGenerator>(
          llvm::sys::DynamicLibrary(handle), impl_->lljit->getDataLayout().getGlobalPrefix()));
  return true;
}

bool Jit::hasSymbol(const std::string &name, std::string *why) {
  llvm::orc::JITDylib &main = impl_->lljit->getMainJITDylib();
  llvm::orc::JITDylibSearchOrder order;
  main.withLinkOrderDo([&](const llvm::orc::JITDylibSearchOrder &links) { order = links; });
  if (order.empty() || order.front().first != &main)
    order.insert(order.begin(), {&main, llvm::orc::JITDylibLookupFlags::MatchAllSymbols});
  {
    std::lock_guard<std::mutex> lock(impl_->reportedMutex);
    impl_->reported.clear();
  }
  auto found = impl_->lljit->getExecutionSession().lookup(order, impl_->lljit->mangleAndIntern(name));
  if (found)
    return true;
  std::string text = message(found.takeError());
  if (why) {
    // A failed link of the code that defines it comes to the session's
    // error reporter (`Symbols not found: [ helper ]`); the lookup itself
    // then fails only with `Failed to materialize symbols: ... name ...`.
    std::lock_guard<std::mutex> lock(impl_->reportedMutex);
    std::string &reported = impl_->reported;
    while (!reported.empty() && reported.back() == '\n')
      reported.pop_back();
    *why = reported.empty() ? text : reported;
  }
  return false;
}

bool Jit::addObject(const std::string &name, const std::string &object, diag::Message &error,
                    bool ownLibrary) {
  // For the cache of compiled models: linked when one of its symbols is
  // needed, after what came before, as a member of an archive of its own.
  if (impl_->keepObjects)
    impl_->contents.archives.push_back({{name, object}});
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(object, name);
  llvm::orc::JITDylib &main = impl_->lljit->getMainJITDylib();
  llvm::orc::JITDylib *target = &main;
  if (ownLibrary) {
    auto library = impl_->lljit->createJITDylib("objects" + std::to_string(++impl_->ownLibraries));
    if (!library) {
      error = {diag::CannotAddCode, {name, message(library.takeError())}};
      return false;
    }
    library->addToLinkOrder(main); // its references: the main library's archives
    main.addToLinkOrder(*library); // the main library's: its definitions
    target = &*library;
  }
  if (llvm::Error failed = impl_->lljit->addObjectFile(*target, std::move(buffer))) {
    error = {diag::CannotAddCode, {name, message(std::move(failed))}};
    return false;
  }
  return true;
}

bool Jit::addArchive(const std::string &name,
                     const std::vector<std::pair<std::string, std::string>> &objects,
                     diag::Message &error) {
  if (objects.empty())
    return true;
  if (impl_->keepObjects)
    impl_->contents.archives.push_back(objects);
  std::vector<llvm::NewArchiveMember> members;
  for (const auto &[member, bytes] : objects) {
    llvm::NewArchiveMember m(llvm::MemoryBufferRef(bytes, member));
    m.MemberName = member;
    members.push_back(std::move(m));
  }
  auto archive = llvm::writeArchiveToBuffer(members, llvm::SymtabWritingMode::NormalSymtab,
                                            llvm::object::Archive::K_GNU, true, false);
  if (!archive) {
    error = {diag::CannotAddCode, {name, message(archive.takeError())}};
    return false;
  }
  auto generator = llvm::orc::StaticLibraryDefinitionGenerator::Create(
      impl_->lljit->getObjLinkingLayer(), std::move(*archive));
  if (!generator) {
    error = {diag::CannotAddCode, {name, message(generator.takeError())}};
    return false;
  }
  impl_->lljit->getMainJITDylib().addGenerator(std::move(*generator));
  return true;
}

bool Jit::runFunction(const std::string &symbol, diag::Message &error) {
  impl_->contents.complete = false;
  auto *function = reinterpret_cast<void (*)()>(lookup(symbol, error));
  if (!function)
    return false;
  function();
  return true;
}

bool Jit::runAtDestruction(const std::string &symbol, diag::Message &error) {
  impl_->contents.complete = false;
  auto *function = reinterpret_cast<void (*)()>(lookup(symbol, error));
  if (!function)
    return false;
  impl_->atDestruction.push_back(function);
  return true;
}

void *Jit::lookup(const std::string &name, diag::Message &error) {
  auto address = impl_->lljit->lookup(name);
  if (!address) {
    error = failure(address.takeError());
    return nullptr;
  }
  void *pointer = address->toPtr<void *>();
  if (impl_->keepObjects)
    impl_->contents.lookedUp.emplace(pointer, name);
  return pointer;
}

void Jit::keepObjects() { impl_->keepObjects = true; }

const Jit::Contents &Jit::contents() const { return impl_->contents; }


} // namespace mocc::jit
