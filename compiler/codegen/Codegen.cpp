// Code generation entry point for kernels: creates the module, one public
// function per kernel (and per JVP), splits big kernels into internal
// functions of a bounded size, and reports what cannot be compiled. The
// instructions of each function come from FunctionEmitter.
#include "compiler/codegen/Codegen.h"

#include "compiler/codegen/ExprEmitter.h"
#include "compiler/functions/Derivative.h"
#include "compiler/plan/Verify.h"

#include <llvm/IR/Module.h>

#include <algorithm>
#include <optional>

namespace mocc::codegen {

std::string jvpName(const std::string &kernelName) { return kernelName + "_jvp"; }

namespace {

/// `void (double t, double *v, double *res)`, or for a JVP
/// `void (double t, const double *v, double *dv, double *dres)`. The parts
/// of a split kernel return an i32 status instead (0: success; nonzero: a
/// called function failed, see Codegen.h).
/// A batch of kernels takes the case to run as a last i32.
llvm::FunctionType *kernelType(llvm::LLVMContext &context, bool jvp, bool part,
                               bool batch = false) {
  llvm::Type *pointer = llvm::PointerType::getUnqual(context);
  llvm::Type *time = llvm::Type::getDoubleTy(context);
  llvm::Type *result = part ? llvm::Type::getInt32Ty(context) : llvm::Type::getVoidTy(context);
  llvm::SmallVector<llvm::Type *, 5> args{time, pointer, pointer};
  if (jvp)
    args.push_back(pointer);
  if (batch)
    args.push_back(llvm::Type::getInt32Ty(context));
  return llvm::FunctionType::get(result, args, false);
}

/// A kernel function: the public one, or a part of a split kernel (with
/// the part's i32 status). Parts are internal unless their kernel's public
/// function lives in another module.
llvm::Function *createFunction(llvm::Module &module, const std::string &name, bool jvp, bool part,
                               bool internal, bool batch = false) {
  auto linkage = internal ? llvm::Function::InternalLinkage : llvm::Function::ExternalLinkage;
  auto *function = llvm::Function::Create(kernelType(module.getContext(), jvp, part, batch),
                                          linkage, name, module);
  function->setDoesNotThrow();
  // The arrays never overlap (Kernel.h): telling LLVM spares its alias
  // analysis and instruction schedulers the memory dependencies between
  // every store of a result and every later load of v.
  unsigned arrays = jvp ? 4 : 3;
  for (unsigned arg = 1; arg < arrays; ++arg)
    function->addParamAttr(arg, llvm::Attribute::NoAlias);
  if (jvp)
    function->addParamAttr(1, llvm::Attribute::ReadOnly);
  return function;
}

/// Whether the function being emitted is full (it holds at least one step).
bool chunkIsFull(const FunctionEmitter &emitter, size_t steps, const CodegenOptions &options) {
  if (steps == 0)
    return false;
  if (options.stepsPerFunction != 0 && steps >= options.stepsPerFunction)
    return true;
  return options.instructionsPerFunction != 0 &&
         emitter.instructionCount() >= options.instructionsPerFunction;
}

/// Ends the public function of a split kernel: calls the parts in order,
/// returning early when one fails.
void callParts(llvm::Function *entry, llvm::BasicBlock *entryEnd,
               llvm::ArrayRef<llvm::Function *> parts) {
  llvm::IRBuilder<> caller(entryEnd);
  llvm::SmallVector<llvm::Value *, 4> args;
  for (llvm::Argument &arg : entry->args())
    args.push_back(&arg);
  auto *failed = llvm::BasicBlock::Create(entry->getContext(), "failed", entry);
  llvm::IRBuilder<>(failed).CreateRetVoid();
  for (llvm::Function *part : parts) {
    llvm::Value *status = caller.CreateCall(part, args);
    auto *next = llvm::BasicBlock::Create(entry->getContext(), "next", entry);
    caller.CreateCondBr(caller.CreateICmpNE(status, caller.getInt32(0)), failed, next);
    caller.SetInsertPoint(next);
  }
  caller.CreateRetVoid();
}

/// Emits a batch of kernels (or its JVP) as one function: the entry block
/// switches on the case argument to the block of the case, which runs the
/// case's steps with fresh memos and returns. The cases of a class of equal
/// cases (Repeats.h) share one block, which takes its slots from the row
/// of the case. An unknown case does nothing.
void emitBatch(llvm::Module &module, FunctionEmitter &emitter, const KernelSpec &spec, bool jvp,
               std::span<const CaseClass> classes) {
  std::string name = jvp ? jvpName(spec.name) : spec.name;
  llvm::Function *function = createFunction(module, name, jvp, false, false, true);
  llvm::LLVMContext &context = module.getContext();
  emitter.begin(function, jvp);
  auto *none = llvm::BasicBlock::Create(context, "none", function);
  llvm::IRBuilder<>(none).CreateRetVoid();
  llvm::IRBuilderBase &builder = emitter.builder();
  llvm::Argument *which = function->getArg(function->arg_size() - 1);
  llvm::SwitchInst *dispatch =
      builder.CreateSwitch(which, none, static_cast<unsigned>(spec.numCases()));
  auto stepsOf = [&](size_t k) {
    return std::span(spec.steps).subspan(spec.caseStart[k],
                                         spec.caseStart[k + 1] - spec.caseStart[k]);
  };
  std::vector<char> shared(spec.numCases(), 0);
  if (!classes.empty()) {
    std::vector<uint32_t> rowOf(spec.numCases(), 0); // a case's row in its class's table
    for (const CaseClass &c : classes) {
      for (size_t i = 0; i < c.members.size(); ++i) {
        rowOf[c.members[i]] = static_cast<uint32_t>(i);
        shared[c.members[i]] = 1;
      }
    }
    llvm::GlobalVariable *rows = emitter.constantTable<uint32_t>(rowOf, "case.row");
    for (size_t c = 0; c < classes.size(); ++c) {
      auto *block = llvm::BasicBlock::Create(context, "shared" + std::to_string(c), function);
      for (uint32_t k : classes[c].members)
        dispatch->addCase(builder.getInt32(k), block);
      builder.SetInsertPoint(block);
      llvm::Value *row = builder.CreateLoad(
          builder.getInt32Ty(),
          builder.CreateInBoundsGEP(builder.getInt32Ty(), rows,
                                    builder.CreateZExt(which, builder.getInt64Ty())));
      emitter.beginRow(classes[c], builder.CreateZExt(row, builder.getInt64Ty()), nullptr);
      emitter.emitSteps(stepsOf(classes[c].members.front()));
      emitter.endRow();
      emitter.finish();
    }
  }
  for (size_t k = 0; k < spec.numCases(); ++k) {
    if (shared[k])
      continue;
    auto *block = llvm::BasicBlock::Create(context, "case" + std::to_string(k), function);
    dispatch->addCase(builder.getInt32(static_cast<uint32_t>(k)), block);
    builder.SetInsertPoint(block);
    emitter.forget();
    emitter.emitSteps(stepsOf(k));
    emitter.finish();
  }
}

/// Calls `item(group, run)` for each step of a kernel (or of its JVP) in
/// order, a run of repeated steps being one item: `group` is the step, or
/// the run's occurrence 0 with `run` non-null.
template <typename Item>
void forEachItem(const KernelSpec &spec, bool jvp, std::span<const RepeatRun> runs, Item item) {
  auto all = std::span(spec.steps);
  size_t end = jvp ? std::min(all.size(), spec.jvpSteps) : all.size();
  size_t next = 0; // the first run not yet reached
  for (size_t i = 0; i < end;) {
    if (next < runs.size() && runs[next].first == i) { // runs never cross jvpSteps
      const RepeatRun &run = runs[next++];
      item(all.subspan(i, run.length), &run);
      i += size_t(run.count) * run.length;
      continue;
    }
    item(all.subspan(i, 1), nullptr);
    ++i;
  }
}

/// Emits one item of forEachItem; returns the index of the next residual.
uint32_t emitItem(FunctionEmitter &emitter, std::span<const KernelStep> group,
                  const RepeatRun *run, uint32_t residual) {
  return residual + (run ? emitter.emitRun(group, *run, residual)
                         : emitter.emitSteps(group, residual));
}

/// What repeats in a kernel: the equal cases of a batch, the runs of
/// another kernel.
KernelRepeats findIn(RepeatFinder &finder, const KernelSpec &spec) {
  KernelRepeats repeats;
  if (spec.isBatch())
    repeats.cases = finder.equalCases(spec);
  else
    repeats.runs = finder.runs(spec.steps, spec.jvpSteps);
  return repeats;
}

/// What repeats in kernel k: given in the options, or else found now into
/// `found` (nothing without options.loops).
const KernelRepeats &repeatsOf(RepeatFinder &finder, std::span<const KernelSpec> kernels,
                               size_t k, const CodegenOptions &options, KernelRepeats &found) {
  if (options.loops && options.repeatsFound.size() == kernels.size())
    return options.repeatsFound[k];
  found = options.loops ? findIn(finder, kernels[k]) : KernelRepeats{};
  return found;
}

/// Emits a kernel (or its JVP). Its public function runs the first steps;
/// when it is full, the next steps go to a new internal part function, and
/// so on, and the public function ends by calling these in order. The
/// functions communicate through v (and dv) only, so the order of steps is
/// preserved.
void emitKernel(llvm::Module &module, FunctionEmitter &emitter, const KernelSpec &spec, bool jvp,
                const CodegenOptions &options, const KernelRepeats &repeats) {
  if (spec.isBatch()) {
    emitBatch(module, emitter, spec, jvp, repeats.cases);
    return;
  }
  std::span<const RepeatRun> runs = repeats.runs;
  std::string name = jvp ? jvpName(spec.name) : spec.name;
  llvm::Function *entry = createFunction(module, name, jvp, false, false);
  emitter.begin(entry, jvp);
  llvm::BasicBlock *entryEnd = nullptr;
  llvm::SmallVector<llvm::Function *, 8> parts;
  uint32_t residual = 0;
  size_t steps = 0;
  forEachItem(spec, jvp, runs, [&](std::span<const KernelStep> group, const RepeatRun *run) {
    if (chunkIsFull(emitter, steps, options)) {
      if (parts.empty())
        entryEnd = emitter.currentBlock();
      else
        emitter.finish();
      std::string partName = name + ".part" + std::to_string(parts.size());
      llvm::Function *part = createFunction(module, partName, jvp, true, true);
      part->addFnAttr(llvm::Attribute::NoInline);
      parts.push_back(part);
      emitter.begin(part, jvp);
      steps = 0;
    }
    residual = emitItem(emitter, group, run, residual);
    steps += group.size();
  });
  emitter.finish();
  if (!parts.empty())
    callParts(entry, entryEnd, parts);
}

/// The modules of generateKernelsStreamed: one emitter at a time, over the
/// module last opened; the memos go from each emitter to the next.
class Stream {
public:
  Stream(ModuleSink &sink, size_t instructionsPerModule, const sym::ExprPool &pool,
         const PoolFacts &facts, std::span<const flat::Function> functions)
      : sink_(sink), perModule_(instructionsPerModule), pool_(pool), facts_(facts),
        functions_(functions) {}

  /// The emitter for the next function: of the current module, or of a new
  /// one when the current one is full.
  FunctionEmitter &emitter() {
    if (emitter_ && instructions_ < perModule_)
      return *emitter_;
    if (!emitter_) {
      emitter_ = std::make_unique<FunctionEmitter>(sink_.open(), pool_, facts_, functions_);
    } else {
      auto memos = emitter_->takeMemos();
      close();
      emitter_ = std::make_unique<FunctionEmitter>(sink_.open(), pool_, facts_, functions_,
                                                   std::move(memos));
    }
    instructions_ = 0;
    return *emitter_;
  }
  /// Counts the instructions of a finished function.
  void finished(const FunctionEmitter &emitter) { instructions_ += emitter.instructionCount(); }
  /// Closes the last module.
  void end() {
    if (emitter_)
      close();
  }
  /// The first error of an emitter, or none.
  const diag::Message &error() const {
    return !error_ && emitter_ ? emitter_->error() : error_;
  }

private:
  void close() {
    if (!error_)
      error_ = emitter_->error();
    emitter_.reset();
    sink_.close();
  }

  ModuleSink &sink_;
  size_t perModule_;
  const sym::ExprPool &pool_;
  const PoolFacts &facts_;
  std::span<const flat::Function> functions_;
  std::unique_ptr<FunctionEmitter> emitter_;
  size_t instructions_ = 0;
  diag::Message error_;
};

/// Emits a kernel (or its JVP) for generateKernelsStreamed: its public
/// function in `home` calls the parts, which hold the steps.
void emitKernelStreamed(llvm::Module &home, Stream &stream, const KernelSpec &spec, bool jvp,
                        const CodegenOptions &options, const KernelRepeats &repeats) {
  std::span<const RepeatRun> runs = repeats.runs;
  if (spec.isBatch()) { // one function, public in the stream's module
    FunctionEmitter &emitter = stream.emitter();
    emitBatch(emitter.module(), emitter, spec, jvp, repeats.cases);
    stream.finished(emitter);
    return;
  }
  std::string name = jvp ? jvpName(spec.name) : spec.name;
  llvm::Function *entry = createFunction(home, name, jvp, false, false);
  auto *entryEnd = llvm::BasicBlock::Create(home.getContext(), "entry", entry);
  llvm::SmallVector<llvm::Function *, 8> parts;
  FunctionEmitter *emitter = nullptr;
  uint32_t residual = 0;
  size_t steps = 0;
  forEachItem(spec, jvp, runs, [&](std::span<const KernelStep> group, const RepeatRun *run) {
    if (!emitter || chunkIsFull(*emitter, steps, options)) {
      if (emitter) {
        emitter->finish();
        stream.finished(*emitter);
      }
      emitter = &stream.emitter();
      std::string partName = name + ".part" + std::to_string(parts.size());
      llvm::Function *part = createFunction(emitter->module(), partName, jvp, true, false);
      part->addFnAttr(llvm::Attribute::NoInline);
      parts.push_back(createFunction(home, partName, jvp, true, false));
      emitter->begin(part, jvp);
      steps = 0;
    }
    residual = emitItem(*emitter, group, run, residual);
    steps += group.size();
  });
  if (emitter) {
    emitter->finish();
    stream.finished(*emitter);
  }
  callParts(entry, entryEnd, parts);
}

/// Checks what the emitter takes for granted: the kernel's form
/// (plan::checkKernelForm) and a name no other kernel of the module has.
bool checkKernel(const sym::ExprPool &pool, const KernelSpec &spec, const llvm::Module &module,
                 diag::Message &error) {
  for (const std::string &name : {spec.name, jvpName(spec.name)}) {
    if (module.getFunction(name) && (name == spec.name || spec.withJvp)) {
      error = {diag::KernelsShareName, {name}};
      return false;
    }
  }
  if (std::string breach = plan::checkKernelForm(spec, pool); !breach.empty()) {
    error = {diag::KernelFormBroken, {breach}};
    return false;
  }
  return true;
}

/// Whether a step has a derivative in the kernel's JVP (checks have none).
bool isDifferentiated(const KernelStep &step) {
  return step.kind == KernelStep::Kind::Assign || step.kind == KernelStep::Kind::Residual;
}

} // namespace

bool generateKernelsStreamed(llvm::Module &home, ModuleSink &sink, size_t instructionsPerModule,
                             const sym::ExprPool &pool, std::span<const KernelSpec> kernels,
                             const CodegenOptions &options, diag::Message *error,
                             std::span<const flat::Function> functions) {
  bool anyJvp = std::any_of(kernels.begin(), kernels.end(),
                            [](const KernelSpec &spec) { return spec.withJvp; });
  std::optional<PoolFacts> own;
  if (!options.facts)
    own.emplace(pool, anyJvp, options.constantSlots);
  const PoolFacts &facts = options.facts ? *options.facts : *own;
  Stream stream(sink, instructionsPerModule, pool, facts, functions);
  RepeatFinder finder(pool, options.constantSlots, options.repeats);
  diag::Message message;
  for (size_t k = 0; k < kernels.size(); ++k) {
    const KernelSpec &spec = kernels[k];
    if (!checkKernel(pool, spec, home, message))
      break;
    KernelRepeats found;
    const KernelRepeats &repeats = repeatsOf(finder, kernels, k, options, found);
    emitKernelStreamed(home, stream, spec, false, options, repeats);
    if (spec.withJvp)
      emitKernelStreamed(home, stream, spec, true, options, repeats);
    if (stream.error()) {
      message = {diag::InKernel, {spec.name, stream.error().text()}};
      break;
    }
  }
  stream.end();
  if (!message)
    return true;
  if (error)
    *error = message;
  return false;
}

std::unique_ptr<llvm::Module> generateKernels(llvm::LLVMContext &context,
                                              const sym::ExprPool &pool,
                                              std::span<const KernelSpec> kernels,
                                              const CodegenOptions &options,
                                              diag::Message *error,
                                              std::span<const flat::Function> functions) {
  auto module = std::make_unique<llvm::Module>("mocc_kernels", context);
  bool anyJvp = std::any_of(kernels.begin(), kernels.end(),
                            [](const KernelSpec &spec) { return spec.withJvp; });
  std::optional<PoolFacts> own;
  if (!options.facts)
    own.emplace(pool, anyJvp, options.constantSlots);
  const PoolFacts &facts = options.facts ? *options.facts : *own;
  FunctionEmitter emitter(*module, pool, facts, functions);
  RepeatFinder finder(pool, options.constantSlots, options.repeats);
  diag::Message message;
  for (size_t k = 0; k < kernels.size(); ++k) {
    const KernelSpec &spec = kernels[k];
    if (!checkKernel(pool, spec, *module, message))
      break;
    KernelRepeats found;
    const KernelRepeats &repeats = repeatsOf(finder, kernels, k, options, found);
    emitKernel(*module, emitter, spec, false, options, repeats);
    if (spec.withJvp)
      emitKernel(*module, emitter, spec, true, options, repeats);
    if (emitter.error()) {
      message = {diag::InKernel, {spec.name, emitter.error().text()}};
      break;
    }
  }
  if (!message)
    return module;
  if (error)
    *error = message;
  return nullptr;
}

std::vector<KernelRepeats> findKernelRepeats(const sym::ExprPool &pool,
                                             std::span<const KernelSpec> kernels,
                                             const CodegenOptions &options) {
  std::vector<KernelRepeats> repeats(kernels.size());
  if (!options.loops)
    return repeats;
  RepeatFinder finder(pool, options.constantSlots, options.repeats);
  for (size_t k = 0; k < kernels.size(); ++k)
    repeats[k] = findIn(finder, kernels[k]);
  return repeats;
}

namespace {

/// The steps of a run that its loop does not emit: all but its occurrence
/// 0, and in that, what its inner runs' loops do not emit.
uint64_t repeatedSteps(const RepeatRun &run) {
  uint64_t steps = uint64_t(run.count - 1) * run.length;
  for (const RepeatRun &inner : run.inner)
    steps += repeatedSteps(inner);
  return steps;
}

size_t loops(const RepeatRun &run) {
  size_t count = 1;
  for (const RepeatRun &inner : run.inner)
    count += loops(inner);
  return count;
}

} // namespace

size_t loopCount(const KernelRepeats &repeats) {
  size_t count = repeats.cases.size();
  for (const RepeatRun &run : repeats.runs)
    count += loops(run);
  return count;
}

uint64_t emittedSteps(std::span<const KernelSpec> kernels,
                      std::span<const KernelRepeats> repeats) {
  uint64_t steps = 0;
  for (size_t k = 0; k < kernels.size(); ++k) {
    const KernelSpec &spec = kernels[k];
    steps += spec.steps.size();
    if (k >= repeats.size())
      continue;
    for (const RepeatRun &run : repeats[k].runs)
      steps -= repeatedSteps(run);
    for (const CaseClass &c : repeats[k].cases) {
      uint32_t first = c.members.front();
      steps -= uint64_t(c.members.size() - 1) * (spec.caseStart[first + 1] - spec.caseStart[first]);
    }
  }
  return steps;
}

bool addKernelDerivatives(std::vector<flat::Function> &functions, const sym::ExprPool &pool,
                          std::span<const KernelSpec> kernels, diag::Message *error,
                          std::span<const uint32_t> constantSlots) {
  PoolFacts facts(pool, true, constantSlots);
  return addKernelDerivatives(functions, pool, kernels, facts, error);
}

bool addKernelDerivatives(std::vector<flat::Function> &functions, const sym::ExprPool &pool,
                          std::span<const KernelSpec> kernels, const PoolFacts &facts,
                          diag::Message *error) {
  // Only calls whose arguments have tangents call a derivative (see
  // FunctionEmitter::callValue): an external function without a derivative
  // annotation is fine where its arguments are constant in the JVP.
  if (facts.tangentFlags.empty())
    return true; // no kernel has a JVP
  std::vector<sym::ExprId> roots;
  for (const KernelSpec &spec : kernels) {
    for (const KernelStep &step : spec.steps) {
      if (spec.withJvp && isDifferentiated(step) && step.expr.index < pool.size())
        roots.push_back(step.expr);
    }
  }
  std::vector<uint32_t> called;
  sym::forEachNode(pool, roots, [&](sym::ExprId id) {
    if (pool.op(id) == sym::OpKind::Call && facts.hasTangent(id))
      called.push_back(pool.node(id).payload.index);
  });
  std::sort(called.begin(), called.end());
  called.erase(std::unique(called.begin(), called.end()), called.end());
  functions::DerivativeTable table(functions);
  for (uint32_t function : called) {
    if (!table.derivativeOf(function, error))
      return false;
  }
  return true;
}

} // namespace mocc::codegen
