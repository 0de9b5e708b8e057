// Primal values of expression nodes as LLVM instructions, with the same
// semantics as sym::evaluateOp: elementary functions become LLVM intrinsics
// where LLVM has one and libm calls otherwise, relations become 0.0 / 1.0,
// and `if` becomes real branches joined by a phi. Also the traversal shared
// with the tangent rules, and the scoped memos.
#include "compiler/codegen/ExprEmitter.h"
#include "compiler/codegen/StatementEmitter.h"

#include "compiler/support/Stack.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>

namespace mocc::codegen {

using sym::ExprId;
using sym::OpKind;

// --- Scoped memo -----------------------------------------------------------------

void ScopedMemo::set(ExprId id, llvm::Value *value) {
  assert(!slots_[id.index] && "a node is memoized once per scope");
  slots_[id.index] = value;
  touched_.push_back(id.index);
}

void ScopedMemo::exitScope() {
  size_t mark = marks_.back();
  marks_.pop_back();
  for (size_t i = mark; i < touched_.size(); ++i)
    slots_[touched_[i]] = nullptr;
  touched_.resize(mark);
}

void ScopedMemo::clear() {
  assert(marks_.empty() && "cleared inside a scope");
  for (uint32_t index : touched_)
    slots_[index] = nullptr;
  touched_.clear();
}

// --- Functions and steps -----------------------------------------------------------

FunctionEmitter::FunctionEmitter(llvm::Module &module, const sym::ExprPool &pool,
                                 const PoolFacts &facts, std::span<const flat::Function> functions)
    : module_(module), pool_(pool), facts_(facts), functions_(functions),
      builder_(module.getContext(), llvm::ConstantFolder(),
               llvm::IRBuilderCallbackInserter([this](llvm::Instruction *) {
                 ++instructionCount_;
               })),
      double_(builder_.getDoubleTy()), values_(pool.size()), tangents_(pool.size()) {}

FunctionEmitter::FunctionEmitter(llvm::Module &module, const sym::ExprPool &pool,
                                 const PoolFacts &facts, std::span<const flat::Function> functions,
                                 std::pair<ScopedMemo, ScopedMemo> memos)
    : module_(module), pool_(pool), facts_(facts), functions_(functions),
      builder_(module.getContext(), llvm::ConstantFolder(),
               llvm::IRBuilderCallbackInserter([this](llvm::Instruction *) {
                 ++instructionCount_;
               })),
      double_(builder_.getDoubleTy()), values_(std::move(memos.first)),
      tangents_(std::move(memos.second)) {}

std::pair<ScopedMemo, ScopedMemo> FunctionEmitter::takeMemos() {
  forgetSharedCalls();
  values_.clear();
  tangents_.clear();
  return {std::move(values_), std::move(tangents_)};
}

/// Fresh memos and an entry block for `function`.
void FunctionEmitter::startBody(llvm::Function *function) {
  values_.clear();
  tangents_.clear();
  usedSlots_.clear();
  forgetSharedCalls();
  path_.clear();
  instructionCount_ = 0;
  failure_ = nullptr;
  failureStatus_ = nullptr;
  entry_ = llvm::BasicBlock::Create(module_.getContext(), "entry", function);
  builder_.SetInsertPoint(entry_);
}

void FunctionEmitter::begin(llvm::Function *function, bool jvp) {
  startBody(function);
  jvp_ = jvp;
  frame_.clear();
  time_ = function->getArg(0);
  v_ = function->getArg(1);
  dv_ = jvp ? function->getArg(2) : nullptr;
  res_ = function->getArg(jvp ? 3 : 2);
}

void FunctionEmitter::beginFunction(llvm::Function *function) {
  startBody(function);
  jvp_ = false;
  frame_.clear();
  time_ = v_ = dv_ = res_ = nullptr;
}

void FunctionEmitter::finish() {
  if (builder_.getCurrentFunctionReturnType()->isVoidTy())
    builder_.CreateRetVoid();
  else
    builder_.CreateRet(builder_.getInt32(0));
}

void FunctionEmitter::setError(diag::Message message) {
  if (!error_)
    error_ = std::move(message);
}

void FunctionEmitter::emitStep(const KernelStep &step, uint32_t residualIndex) {
  switch (step.kind) {
  case KernelStep::Kind::Residual:
    builder_.CreateStore(jvp_ ? tangent(step.expr) : value(step.expr),
                         residualAddress(residualIndex));
    return;
  case KernelStep::Kind::Assert: // checks have no derivative: not in a JVP
    if (!jvp_)
      emitMessageCheck(truth(value(step.expr)),
                       step.level == 1 ? CheckKind::Error : CheckKind::Warning,
                       "assertion failed: ", step.message);
    return;
  case KernelStep::Kind::Terminate:
    if (!jvp_)
      emitMessageCheck(builder_.CreateNot(truth(value(step.expr))), CheckKind::Terminate, "",
                       step.message);
    return;
  case KernelStep::Kind::Call: // effects have no derivative either
    if (!jvp_)
      emitEffect(step.expr);
    return;
  case KernelStep::Kind::Outputs:
    if (!jvp_) {
      emitEffect(step.expr, step.targets);
      for (sym::VarId target : step.targets) // stored inside branches: no memo
        if (target.valid())
          noteStored(target.index);
    }
    return;
  case KernelStep::Kind::Assign:
    break;
  }
  uint32_t slot = step.target.index;
  if (!jvp_) {
    llvm::Value *result = value(step.expr);
    if (step.overrideSlot >= 0) // the run's override, if it has one
      result = overridden(static_cast<uint32_t>(step.overrideSlot), result);
    builder_.CreateStore(result, kernelSlotAddress(v_, slot));
    noteAssigned(slot, result, nullptr);
    return;
  }
  // In a JVP function v already holds the assigned values: only the tangent
  // is stored; a primal computed on the way is kept for later references.
  llvm::Value *result = tangent(step.expr);
  builder_.CreateStore(result, kernelSlotAddress(dv_, slot));
  noteAssigned(slot, values_.get(step.expr), result);
}

uint32_t FunctionEmitter::emitSteps(std::span<const KernelStep> steps, uint32_t firstResidual) {
  uint32_t residual = firstResidual;
  for (const KernelStep &step : steps) {
    emitStep(step, residual);
    residual += step.kind == KernelStep::Kind::Residual;
  }
  return residual - firstResidual;
}

/// After `v[slot] := value`, later references to the slot's Variable node
/// use the stored value. If the node was used before (the kernel reads the
/// slot before assigning it, or assigns it twice), every memoized entry may
/// depend on the old value, so the memos start over.
/// Slot `slot` was stored to where no memo may record the value (inside a
/// branch): what read it before is forgotten.
void FunctionEmitter::noteStored(uint32_t slot) {
  dropSharedCalls(slot);
  if (usedSlots_.contains(slot)) {
    values_.clear();
    tangents_.clear();
    usedSlots_.clear();
  }
}

void FunctionEmitter::noteAssigned(uint32_t slot, llvm::Value *value, llvm::Value *tangent) {
  dropSharedCalls(slot);
  if (usedSlots_.contains(slot)) {
    values_.clear();
    tangents_.clear();
    usedSlots_.clear();
  }
  ExprId node = facts_.variableNodeOf(slot);
  if (!node.valid())
    return;
  usedSlots_.insert(slot);
  if (value)
    values_.set(node, value);
  if (tangent)
    tangents_.set(node, tangent);
}

/// mocc_start_override(slot, value) of runtime/RuntimeErrors.h: the run's
/// value for the binding or start value of `slot`, else `value`. (A JVP
/// needs no such call: either value is a constant of the run.)
llvm::Value *FunctionEmitter::overridden(uint32_t slot, llvm::Value *value) {
  llvm::Type *i32 = builder_.getInt32Ty();
  auto hook = module_.getOrInsertFunction(
      "mocc_start_override", llvm::FunctionType::get(double_, {i32, double_}, false));
  llvm::Value *index = builder_.getInt32(slot);
  if (!runSlots_.empty()) { // in a run of repeated steps the slot is a run parameter
    auto found = runParameter_.find(slot);
    if (found == runParameter_.end())
      setError({diag::SlotNotRunParameter, {slot}});
    else
      index = builder_.CreateTrunc(runSlots_[found->second], i32);
  }
  auto *call = builder_.CreateCall(hook, {index, value});
  call->setOnlyReadsMemory();
  call->setDoesNotThrow();
  return call;
}

llvm::Value *FunctionEmitter::loadSlot(llvm::Value *base, uint32_t slot) {
  return builder_.CreateLoad(double_, builder_.CreateConstInBoundsGEP1_64(double_, base, slot));
}

void FunctionEmitter::storeSlot(llvm::Value *base, uint32_t slot, llvm::Value *value) {
  builder_.CreateStore(value, builder_.CreateConstInBoundsGEP1_64(double_, base, slot));
}

/// Where a slot lives: in v (kernels) or in the frame (lowered functions).
llvm::Value *FunctionEmitter::variableAddress(uint32_t slot) {
  if (!v_)
    return frame_[slot];
  return kernelSlotAddress(v_, slot);
}

llvm::Value *FunctionEmitter::kernelSlotAddress(llvm::Value *base, uint32_t slot) {
  if (runSlots_.empty())
    return builder_.CreateConstInBoundsGEP1_64(double_, base, slot);
  auto found = runParameter_.find(slot);
  if (found == runParameter_.end()) { // Repeats.cpp records every slot of a step
    setError({diag::SlotNotRunParameter, {slot}});
    return builder_.CreateConstInBoundsGEP1_64(double_, base, slot);
  }
  return builder_.CreateInBoundsGEP(double_, base, runSlots_[found->second]);
}

llvm::Value *FunctionEmitter::residualAddress(uint32_t k) {
  if (!runResidual_)
    return builder_.CreateConstInBoundsGEP1_64(double_, res_, k);
  return builder_.CreateInBoundsGEP(double_, res_,
                                    builder_.CreateAdd(runResidual_, builder_.getInt64(k)));
}

template <typename T>
llvm::GlobalVariable *FunctionEmitter::constantTable(std::span<const T> entries,
                                                     const char *name) {
  if (entries.empty())
    return nullptr;
  // An array of bytes, which the code reads as T: the JIT's assembly
  // printer copies an i8 array in one piece, but emits an array of i32 or
  // double element by element (at 100^3 the grid's tables, millions of
  // entries, took most of the JIT's second). The JIT compiles for this
  // machine, so the bytes are in its order.
  llvm::ArrayRef<uint8_t> bytes(reinterpret_cast<const uint8_t *>(entries.data()),
                                entries.size() * sizeof(T));
  auto *data = llvm::ConstantDataArray::get(module_.getContext(), bytes);
  auto *table = new llvm::GlobalVariable(module_, data->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage, data, name);
  table->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  table->setAlignment(llvm::Align(alignof(T)));
  return table;
}
template llvm::GlobalVariable *FunctionEmitter::constantTable(std::span<const uint32_t>,
                                                              const char *);
template llvm::GlobalVariable *FunctionEmitter::constantTable(std::span<const double>,
                                                              const char *);

void FunctionEmitter::beginRow(const RepeatTables &tables, llvm::Value *row,
                               llvm::Value *firstResidual) {
  // Values computed before are not reused: the slots are others now.
  forget();
  std::span<const uint32_t> params = tables.params;
  std::span<const uint32_t> constantNodes = tables.constantNodes;
  llvm::GlobalVariable *table = constantTable<uint32_t>(tables.table, "row.slots");
  llvm::GlobalVariable *constants = constantTable<double>(tables.constants, "row.constants");
  llvm::Type *i32 = builder_.getInt32Ty();
  llvm::Value *width = builder_.getInt64(params.size());
  llvm::Value *entries = nullptr; // none for a group without slots (no table)
  if (!params.empty())
    entries = builder_.CreateInBoundsGEP(i32, table,
                                         builder_.CreateMul(row, width, "", true, true));
  for (uint32_t k = 0; k < params.size(); ++k) {
    runParameter_[params[k]] = k;
    llvm::Value *entry = builder_.CreateConstInBoundsGEP1_64(i32, entries, k);
    llvm::Value *slot = builder_.CreateLoad(i32, entry);
    runSlots_.push_back(builder_.CreateZExt(slot, builder_.getInt64Ty()));
  }
  if (constants && !constantNodes.empty()) {
    llvm::Value *width = builder_.getInt64(constantNodes.size());
    llvm::Value *values = builder_.CreateInBoundsGEP(
        double_, constants, builder_.CreateMul(row, width, "", true, true));
    for (uint32_t k = 0; k < constantNodes.size(); ++k) {
      llvm::Value *entry = builder_.CreateConstInBoundsGEP1_64(double_, values, k);
      runConstants_[constantNodes[k]] = builder_.CreateLoad(double_, entry);
    }
  }
  runResidual_ = firstResidual;
}

void FunctionEmitter::endRow() {
  runParameter_.clear();
  runSlots_.clear();
  runConstants_.clear();
  runResidual_ = nullptr;
  forget();
}

uint32_t FunctionEmitter::emitRun(std::span<const KernelStep> group, const RepeatRun &run,
                                  uint32_t firstResidual) {
  return emitLoop(group, run, builder_.getInt64(0), builder_.getInt64(firstResidual));
}

uint32_t FunctionEmitter::emitLoop(std::span<const KernelStep> group, const RepeatRun &run,
                                   llvm::Value *outerRow, llvm::Value *firstResidual) {
  llvm::LLVMContext &context = module_.getContext();
  llvm::Type *i64 = builder_.getInt64Ty();
  uint32_t residuals = 0;
  for (const KernelStep &step : group)
    residuals += step.kind == KernelStep::Kind::Residual;

  // The row of the run that holds this one, if any: restored after the loop.
  auto outerParameter = std::move(runParameter_);
  auto outerSlots = std::move(runSlots_);
  auto outerConstants = std::move(runConstants_);
  llvm::Value *outerResidual = runResidual_;
  runParameter_.clear();
  runSlots_.clear();
  runConstants_.clear();

  llvm::BasicBlock *before = builder_.GetInsertBlock();
  llvm::Function *function = before->getParent();
  auto *body = llvm::BasicBlock::Create(context, "run", function);
  builder_.CreateBr(body);
  builder_.SetInsertPoint(body);
  llvm::PHINode *iteration = builder_.CreatePHI(i64, 2, "occurrence");
  iteration->addIncoming(builder_.getInt64(0), before);
  llvm::Value *row = builder_.CreateAdd(
      builder_.CreateMul(outerRow, builder_.getInt64(run.count), "", true, true), iteration, "",
      true, true);
  llvm::Value *first = builder_.CreateAdd(
      firstResidual,
      builder_.CreateMul(iteration, builder_.getInt64(residuals), "", true, true), "", true, true);
  beginRow(run, row, first);
  // The steps of occurrence 0, its own runs as loops nested in this one.
  uint32_t residual = 0;
  size_t next = 0;
  for (size_t i = 0; i < group.size();) {
    if (next < run.inner.size() && run.inner[next].first == run.first + i) {
      const RepeatRun &inner = run.inner[next++];
      llvm::Value *innerFirst = builder_.CreateAdd(first, builder_.getInt64(residual), "", true,
                                                   true);
      residual += emitLoop(group.subspan(i, inner.length), inner, row, innerFirst);
      i += size_t(inner.count) * inner.length;
      continue; // emitLoop gave this row back its slots, its memos empty
    }
    residual += emitSteps(group.subspan(i, 1), residual);
    ++i;
  }
  endRow();
  llvm::Value *following = builder_.CreateAdd(iteration, builder_.getInt64(1), "", true, true);
  iteration->addIncoming(following, builder_.GetInsertBlock());
  auto *after = llvm::BasicBlock::Create(context, "run.end", function);
  builder_.CreateCondBr(builder_.CreateICmpULT(following, builder_.getInt64(run.count)), body, after);
  builder_.SetInsertPoint(after);

  runParameter_ = std::move(outerParameter);
  runSlots_ = std::move(outerSlots);
  runConstants_ = std::move(outerConstants);
  runResidual_ = outerResidual;
  return residuals * run.count;
}

void FunctionEmitter::assignSlot(uint32_t slot, llvm::Value *value) {
  builder_.CreateStore(value, variableAddress(slot));
  noteAssigned(slot, value, nullptr);
}

/// A store at a run-time index may change any slot of the array: memoized
/// values that read one of them are forgotten.
void FunctionEmitter::noteIndexedStore(uint32_t firstSlot, uint32_t size) {
  for (uint32_t slot = firstSlot; slot < firstSlot + size; ++slot) {
    dropSharedCalls(slot);
    if (usedSlots_.contains(slot))
      return forget();
  }
}

/// A read of slot `first + index` of a lowered function, bounds-checked.
llvm::Value *FunctionEmitter::loadValue(ExprId id) {
  const sym::Node &node = pool_.node(id);
  auto operands = pool_.operands(id);
  llvm::Value *index = values_.get(operands[0]);
  double size = pool_.constantValue(operands[1]).value_or(0.0);
  uint32_t first = node.payload.index;
  for (uint32_t slot = first; slot < first + static_cast<uint32_t>(size); ++slot)
    usedSlots_.insert(slot); // a later store into the array invalidates it
  llvm::Value *inside = builder_.CreateAnd(builder_.CreateFCmpOGE(index, constant(0.0)),
                                           builder_.CreateFCmpOLT(index, constant(size)));
  // "`u` of size 3 in function `f`" where the array is a variable of the
  // lowered function being emitted (the text is a printf pattern).
  std::string array = "an array";
  std::string where;
  if (lowered_) {
    for (const flat::FunctionVariable &v : lowered_->variables)
      if (v.firstSlot == first && v.count() > 0) {
        array = "`" + v.name + "`";
        break;
      }
    where = " in function `" + lowered_->name + "`";
  }
  std::string pattern = "index %i out of bounds for " + escapePattern(array) + " of size " +
                        std::to_string(static_cast<int64_t>(size)) + escapePattern(where);
  emitCheck(inside, CheckKind::Error, pattern,
            [&] { return std::vector<llvm::Value *>{builder_.CreateFAdd(index, constant(1.0))}; });
  llvm::Value *offset = builder_.CreateFPToSI(index, builder_.getInt64Ty());
  return builder_.CreateLoad(double_, builder_.CreateInBoundsGEP(double_, slotAddress(first), offset));
}

void FunctionEmitter::forget() {
  forgetSharedCalls();
  values_.clear();
  tangents_.clear();
  usedSlots_.clear();
}

llvm::Value *FunctionEmitter::entryArray(uint64_t count, const llvm::Twine &name) {
  llvm::IRBuilder<> entry(entry_, entry_->begin());
  return entry.CreateAlloca(double_, entry.getInt64(count), name);
}

// --- Traversal ---------------------------------------------------------------------

void FunctionEmitter::enterScope(PathStep step) {
  path_.push_back(step);
  values_.enterScope();
  tangents_.enterScope();
}

void FunctionEmitter::exitScope() {
  path_.pop_back();
  values_.exitScope();
  tangents_.exitScope();
}

/// The operands whose results must exist before a node is emitted: all of
/// them, except that the branches of an `if` are emitted inside the branch
/// (and a tangent needs neither its condition's tangent nor zero tangents),
/// and a call whose results are at hand (sharedCall) needs no arguments.
std::span<const ExprId> FunctionEmitter::childrenToWalk(ExprId id, Mode mode) const {
  auto operands = pool_.operands(id);
  if (pool_.op(id) == OpKind::Call && mode == Mode::Value && sharedCall(id))
    return {};
  if (pool_.op(id) != OpKind::IfElse)
    return operands;
  return mode == Mode::Value ? operands.first(1) : operands.first(0);
}

/// Emits `root` after its operands, in an iterative post-order (expressions
/// can be deeper than the call stack allows), skipping memoized nodes.
llvm::Value *FunctionEmitter::walk(ExprId root, Mode mode) {
  ScopedMemo &memo = mode == Mode::Value ? values_ : tangents_;
  if (llvm::Value *known = memo.get(root))
    return known;
  // A long sum whose parent is not a sum is computed by a loop (each
  // largest sum is looked at once).
  auto isSum = [&](ExprId id) {
    OpKind op = pool_.op(id);
    return op == OpKind::Add || op == OpKind::Sub || op == OpKind::Neg;
  };
  auto asLoop = [&](ExprId id) {
    if (mode != Mode::Value || !isSum(id))
      return false;
    llvm::Value *loop = sumLoop(id);
    if (loop)
      memo.set(id, loop);
    return loop != nullptr;
  };
  if (asLoop(root))
    return memo.get(root);
  llvm::SmallVector<std::pair<ExprId, uint32_t>, 32> stack;
  stack.push_back({root, 0});
  while (!stack.empty()) {
    auto [id, next] = stack.back();
    auto children = childrenToWalk(id, mode);
    if (next < children.size()) {
      ++stack.back().second;
      ExprId child = children[next];
      bool zero = mode == Mode::Tangent && !facts_.hasTangent(child);
      if (!zero && !memo.get(child) && (isSum(id) || !asLoop(child)))
        stack.push_back({child, 0});
      continue;
    }
    stack.pop_back();
    if (!memo.get(id))
      memo.set(id, mode == Mode::Value ? valueOfNode(id) : tangentOfNode(id));
  }
  return memo.get(root);
}

/// Sums of this many terms or more are loops (sumLoop). A 20,000-term sum
/// emitted inline is 40,000 instructions for LLVM, about 0.2 s of the JIT
/// on this machine; its loop is a few dozen.
constexpr size_t kMinSumLoop = 256;
/// The deepest evaluation stack of a sum's loop (a left-leaning chain needs
/// 2, a balanced tree the log of its terms): a deeper one is emitted inline.
constexpr size_t kMaxSumDepth = 64;

llvm::Value *FunctionEmitter::sumLoop(ExprId root) {
  // Only in a kernel, outside a run's loop (there the slots are the row's).
  if (!v_ || !runSlots_.empty() || !runConstants_.empty())
    return nullptr;
  // The tree in post-order as a program for a stack machine: push a slot's
  // value or a constant, negate the top, add or subtract the top two. The
  // loop evaluates exactly the operations of the tree, in its order, so the
  // result has the bits of the inline code.
  enum : uint32_t { PushSlot, PushConstant, Negate, Add, Sub };
  constexpr uint32_t kPayloadBits = 29, kPayloadMask = (1u << kPayloadBits) - 1;
  std::vector<uint32_t> program;
  std::vector<double> constants;
  std::vector<uint32_t> slots;
  size_t depth = 0, deepest = 0, leaves = 0;
  llvm::SmallVector<std::pair<ExprId, uint32_t>, 32> stack;
  stack.push_back({root, 0});
  while (!stack.empty()) {
    auto [id, next] = stack.back();
    const sym::Node &node = pool_.node(id);
    if (node.op == OpKind::Add || node.op == OpKind::Sub || node.op == OpKind::Neg) {
      auto operands = pool_.operands(id);
      if (next < operands.size()) {
        ++stack.back().second;
        stack.push_back({operands[next], 0});
        continue;
      }
      program.push_back((node.op == OpKind::Neg ? Negate
                         : node.op == OpKind::Add ? Add
                                                  : Sub)
                        << kPayloadBits);
      depth -= node.op == OpKind::Neg ? 0 : 1;
      stack.pop_back();
      continue;
    }
    stack.pop_back();
    if (node.op == OpKind::Variable && node.payload.index <= kPayloadMask) {
      program.push_back(PushSlot << kPayloadBits | node.payload.index);
      slots.push_back(node.payload.index);
    } else if (node.op == OpKind::Constant && constants.size() <= kPayloadMask) {
      program.push_back(PushConstant << kPayloadBits | static_cast<uint32_t>(constants.size()));
      constants.push_back(node.payload.value);
    } else {
      return nullptr; // another term: the inline code
    }
    ++leaves;
    deepest = std::max(deepest, ++depth);
    if (deepest > kMaxSumDepth)
      return nullptr;
  }
  if (leaves < kMinSumLoop)
    return nullptr;
  for (uint32_t slot : slots) // a later store into one of them forgets the sum
    usedSlots_.insert(slot);

  llvm::LLVMContext &context = module_.getContext();
  llvm::Type *i32 = builder_.getInt32Ty(), *i64 = builder_.getInt64Ty();
  llvm::GlobalVariable *code = constantTable<uint32_t>(program, "sum.program");
  llvm::GlobalVariable *values = constantTable<double>(constants, "sum.constants");
  llvm::Value *top = entryArray(deepest, "sum.stack");
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  llvm::BasicBlock *before = builder_.GetInsertBlock();
  auto *loop = llvm::BasicBlock::Create(context, "sum", function);
  auto *pushSlot = llvm::BasicBlock::Create(context, "sum.slot", function);
  auto *pushConstant = llvm::BasicBlock::Create(context, "sum.constant", function);
  auto *negate = llvm::BasicBlock::Create(context, "sum.negate", function);
  auto *add = llvm::BasicBlock::Create(context, "sum.add", function);
  auto *sub = llvm::BasicBlock::Create(context, "sum.sub", function);
  auto *latch = llvm::BasicBlock::Create(context, "sum.next", function);
  auto *after = llvm::BasicBlock::Create(context, "sum.end", function);
  builder_.CreateBr(loop);

  builder_.SetInsertPoint(loop);
  llvm::PHINode *at = builder_.CreatePHI(i64, 2, "sum.at");
  llvm::PHINode *sp = builder_.CreatePHI(i64, 2, "sum.sp");
  at->addIncoming(builder_.getInt64(0), before);
  sp->addIncoming(builder_.getInt64(0), before);
  llvm::Value *word = builder_.CreateLoad(i32, builder_.CreateInBoundsGEP(i32, code, at));
  llvm::Value *payload =
      builder_.CreateZExt(builder_.CreateAnd(word, builder_.getInt32(kPayloadMask)), i64);
  llvm::Value *kind = builder_.CreateLShr(word, builder_.getInt32(kPayloadBits));
  llvm::SwitchInst *which = builder_.CreateSwitch(kind, pushSlot, 4);
  which->addCase(builder_.getInt32(PushConstant), pushConstant);
  which->addCase(builder_.getInt32(Negate), negate);
  which->addCase(builder_.getInt32(Add), add);
  which->addCase(builder_.getInt32(Sub), sub);
  auto element = [&](llvm::Value *index) {
    return builder_.CreateInBoundsGEP(double_, top, index);
  };
  llvm::Value *one = builder_.getInt64(1), *two = builder_.getInt64(2);

  builder_.SetInsertPoint(pushSlot);
  llvm::Value *slot = builder_.CreateInBoundsGEP(double_, v_, payload);
  builder_.CreateStore(builder_.CreateLoad(double_, slot), element(sp));
  llvm::Value *pushedSlot = builder_.CreateAdd(sp, one);
  builder_.CreateBr(latch);

  builder_.SetInsertPoint(pushConstant);
  llvm::Value *pushedConstant = sp;
  if (values) {
    builder_.CreateStore(
        builder_.CreateLoad(double_, builder_.CreateInBoundsGEP(double_, values, payload)),
        element(sp));
    pushedConstant = builder_.CreateAdd(sp, one);
  }
  builder_.CreateBr(latch);

  builder_.SetInsertPoint(negate);
  llvm::Value *last = builder_.CreateSub(sp, one);
  builder_.CreateStore(builder_.CreateFNeg(builder_.CreateLoad(double_, element(last))),
                       element(last));
  builder_.CreateBr(latch);

  llvm::Value *reduced[2];
  for (int k = 0; k < 2; ++k) {
    builder_.SetInsertPoint(k == 0 ? add : sub);
    llvm::Value *left = builder_.CreateSub(sp, two), *right = builder_.CreateSub(sp, one);
    llvm::Value *a = builder_.CreateLoad(double_, element(left));
    llvm::Value *b = builder_.CreateLoad(double_, element(right));
    builder_.CreateStore(k == 0 ? builder_.CreateFAdd(a, b) : builder_.CreateFSub(a, b),
                         element(left));
    reduced[k] = right;
    builder_.CreateBr(latch);
  }

  builder_.SetInsertPoint(latch);
  llvm::PHINode *nextSp = builder_.CreatePHI(i64, 5, "sum.sp.next");
  nextSp->addIncoming(pushedSlot, pushSlot);
  nextSp->addIncoming(pushedConstant, pushConstant);
  nextSp->addIncoming(sp, negate);
  nextSp->addIncoming(reduced[0], add);
  nextSp->addIncoming(reduced[1], sub);
  llvm::Value *nextAt = builder_.CreateAdd(at, one);
  at->addIncoming(nextAt, latch);
  sp->addIncoming(nextSp, latch);
  builder_.CreateCondBr(builder_.CreateICmpULT(nextAt, builder_.getInt64(program.size())), loop,
                        after);

  builder_.SetInsertPoint(after);
  return builder_.CreateLoad(double_, element(builder_.getInt64(0)));
}

llvm::Value *FunctionEmitter::tangent(ExprId id) {
  if (!facts_.hasTangent(id))
    return constant(0.0);
  return walk(id, Mode::Tangent);
}

// --- Primal rules --------------------------------------------------------------------

llvm::Value *FunctionEmitter::valueOfNode(ExprId id) {
  const sym::Node &node = pool_.node(id);
  switch (node.op) {
  case OpKind::Constant:
    if (!runConstants_.empty()) { // in a run's loop: the iteration's value
      if (auto found = runConstants_.find(id.index); found != runConstants_.end())
        return found->second;
    }
    return constant(node.payload.value);
  case OpKind::Variable:
    usedSlots_.insert(node.payload.index);
    return builder_.CreateLoad(double_, variableAddress(node.payload.index));
  case OpKind::Time:
    return time_;
  case OpKind::IfElse:
    return ifElse(id, Mode::Value);
  case OpKind::Call:
    return callValue(id);
  case OpKind::Output:
    return outputValue(id, Mode::Value);
  case OpKind::Load:
    return loadValue(id);
  case OpKind::Delay: {
    // mocc_delay(buffer, time, expr, delayTime, delayMax) of
    // runtime/Delays.h: the history's value at time - delayTime. It reads
    // the runtime's history (and writes it where the runtime records), so
    // it is not marked as reading no memory.
    auto operands = pool_.operands(id);
    llvm::Type *i32 = builder_.getInt32Ty();
    auto hook = module_.getOrInsertFunction(
        "mocc_delay",
        llvm::FunctionType::get(double_, {i32, double_, double_, double_, double_}, false));
    auto *call = builder_.CreateCall(
        hook, {builder_.getInt32(node.payload.index), time_, values_.get(operands[0]),
               values_.get(operands[1]), values_.get(operands[2])});
    call->setDoesNotThrow();
    return call;
  }
  default:
    break;
  }
  auto operands = pool_.operands(id);
  llvm::Value *a = values_.get(operands[0]);
  if (operands.size() == 1)
    return unaryValue(node.op, a);
  return binaryValue(node.op, a, values_.get(operands[1]));
}

llvm::Value *FunctionEmitter::unaryValue(OpKind op, llvm::Value *a) {
  switch (op) {
  case OpKind::Neg: return builder_.CreateFNeg(a);
  case OpKind::Sin: return intrinsic(llvm::Intrinsic::sin, a);
  case OpKind::Cos: return intrinsic(llvm::Intrinsic::cos, a);
  case OpKind::Tan: return libm("tan", a);
  case OpKind::Asin: return libm("asin", a);
  case OpKind::Acos: return libm("acos", a);
  case OpKind::Atan: return libm("atan", a);
  case OpKind::Sinh: return libm("sinh", a);
  case OpKind::Cosh: return libm("cosh", a);
  case OpKind::Tanh: return libm("tanh", a);
  case OpKind::Exp: return intrinsic(llvm::Intrinsic::exp, a);
  case OpKind::Log: return intrinsic(llvm::Intrinsic::log, a);
  case OpKind::Log10: return intrinsic(llvm::Intrinsic::log10, a);
  case OpKind::Sqrt: return intrinsic(llvm::Intrinsic::sqrt, a);
  case OpKind::Abs: return intrinsic(llvm::Intrinsic::fabs, a);
  case OpKind::Sign: return sign(a);
  case OpKind::Floor: return intrinsic(llvm::Intrinsic::floor, a);
  case OpKind::Ceil: return intrinsic(llvm::Intrinsic::ceil, a);
  case OpKind::Not: return boolean(builder_.CreateFCmpOEQ(a, constant(0.0)));
  case OpKind::NoEvent:
  case OpKind::Smooth:
    return a;
  default:
    llvm_unreachable("not a unary operation");
  }
}

llvm::Value *FunctionEmitter::binaryValue(OpKind op, llvm::Value *a, llvm::Value *b) {
  switch (op) {
  case OpKind::Add: return builder_.CreateFAdd(a, b);
  case OpKind::Sub: return builder_.CreateFSub(a, b);
  case OpKind::Mul: return builder_.CreateFMul(a, b);
  case OpKind::Div: return builder_.CreateFDiv(a, b);
  case OpKind::Pow: {
    // x^2 as x * x: exact, as LLVM's own simplification of pow(x, 2.0),
    // which the unoptimized levels of huge models do not run (a call
    // spills every register around it).
    auto *exponent = llvm::dyn_cast<llvm::ConstantFP>(b);
    if (exponent && exponent->isExactlyValue(2.0))
      return builder_.CreateFMul(a, a);
    return builder_.CreateBinaryIntrinsic(llvm::Intrinsic::pow, a, b);
  }
  case OpKind::Atan2: return libm("atan2", {a, b});
  case OpKind::Min:
  case OpKind::Max:
    return builder_.CreateSelect(selectsFirst(op, a, b), a, b);
  case OpKind::IntDiv: return intrinsic(llvm::Intrinsic::trunc, builder_.CreateFDiv(a, b));
  case OpKind::Mod: {
    llvm::Value *quotient = intrinsic(llvm::Intrinsic::floor, builder_.CreateFDiv(a, b));
    return builder_.CreateFSub(a, builder_.CreateFMul(quotient, b));
  }
  case OpKind::Rem: {
    llvm::Value *quotient = intrinsic(llvm::Intrinsic::trunc, builder_.CreateFDiv(a, b));
    return builder_.CreateFSub(a, builder_.CreateFMul(quotient, b));
  }
  default:
    return relationValue(op, a, b);
  }
}

/// Relations and the binary logical operators, as 0.0 / 1.0. As in C++, a
/// NaN compares unequal to everything and counts as true.
llvm::Value *FunctionEmitter::relationValue(OpKind op, llvm::Value *a, llvm::Value *b) {
  switch (op) {
  case OpKind::Less: return boolean(builder_.CreateFCmpOLT(a, b));
  case OpKind::LessEq: return boolean(builder_.CreateFCmpOLE(a, b));
  case OpKind::Greater: return boolean(builder_.CreateFCmpOGT(a, b));
  case OpKind::GreaterEq: return boolean(builder_.CreateFCmpOGE(a, b));
  case OpKind::Equal: return boolean(builder_.CreateFCmpOEQ(a, b));
  case OpKind::NotEqual: return boolean(builder_.CreateFCmpUNE(a, b));
  default:
    break;
  }
  llvm::Value *x = builder_.CreateFCmpUNE(a, constant(0.0));
  llvm::Value *y = builder_.CreateFCmpUNE(b, constant(0.0));
  if (op == OpKind::And)
    return boolean(builder_.CreateAnd(x, y));
  assert(op == OpKind::Or && "not a binary operation");
  return boolean(builder_.CreateOr(x, y));
}

// --- Conditionals --------------------------------------------------------------------

/// Whether emitting a branch operand unconditionally costs nothing and
/// cannot fail: it is known already, or a leaf.
bool FunctionEmitter::isCheap(ExprId id, Mode mode) const {
  OpKind op = pool_.op(id);
  if (mode == Mode::Tangent)
    return !facts_.hasTangent(id) || tangents_.get(id) || op == OpKind::Variable;
  return values_.get(id) || op == OpKind::Constant || op == OpKind::Variable ||
         op == OpKind::Time;
}

/// `if c then a else b` (or its tangent): a select when both branches are
/// cheap; otherwise a diamond that emits each branch in its own block and
/// scope, so only the selected branch runs.
llvm::Value *FunctionEmitter::ifElse(ExprId id, Mode mode) {
  // Each branch is emitted by a walk of its own: nested `if`s (a subscript
  // computed at run time selects among n elements with n of them) recurse.
  NestingLevel level({}, "an if-expression");
  ExprId then = pool_.operand(id, 1), otherwise = pool_.operand(id, 2);
  llvm::Value *condition = builder_.CreateFCmpUNE(value(pool_.operand(id, 0)), constant(0.0));
  auto result = [&](ExprId x) { return mode == Mode::Value ? value(x) : tangent(x); };
  if (isCheap(then, mode) && isCheap(otherwise, mode))
    return builder_.CreateSelect(condition, result(then), result(otherwise));

  llvm::LLVMContext &context = module_.getContext();
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  auto *thenBlock = llvm::BasicBlock::Create(context, "then", function);
  auto *elseBlock = llvm::BasicBlock::Create(context, "else", function);
  auto *merge = llvm::BasicBlock::Create(context, "endif");
  builder_.CreateCondBr(condition, thenBlock, elseBlock);
  uint32_t node = pool_.operand(id, 0).index;
  auto [thenValue, thenEnd] = emitBranch(thenBlock, then, merge, mode, {node, 0});
  auto [elseValue, elseEnd] = emitBranch(elseBlock, otherwise, merge, mode, {node, 1});
  merge->insertInto(function);
  builder_.SetInsertPoint(merge);
  llvm::PHINode *phi = builder_.CreatePHI(double_, 2);
  phi->addIncoming(thenValue, thenEnd);
  phi->addIncoming(elseValue, elseEnd);
  return phi;
}

/// Emits one branch of an `if` starting in `block`; returns its result and
/// the block it ends in (nested `if`s add blocks).
std::pair<llvm::Value *, llvm::BasicBlock *>
FunctionEmitter::emitBranch(llvm::BasicBlock *block, ExprId expr, llvm::BasicBlock *merge,
                            Mode mode, PathStep step) {
  builder_.SetInsertPoint(block);
  enterScope(step);
  llvm::Value *result = mode == Mode::Value ? value(expr) : tangent(expr);
  exitScope();
  llvm::BasicBlock *end = builder_.GetInsertBlock();
  builder_.CreateBr(merge);
  return {result, end};
}

// --- Helpers ---------------------------------------------------------------------------

llvm::Value *FunctionEmitter::intrinsic(llvm::Intrinsic::ID id, llvm::Value *a) {
  return builder_.CreateUnaryIntrinsic(id, a);
}

/// A call of a C math function taking and returning doubles. It is declared
/// without memory effects (errno is never read), like -fno-math-errno.
llvm::Value *FunctionEmitter::libm(const char *name, llvm::ArrayRef<llvm::Value *> args) {
  llvm::Function *function = module_.getFunction(name);
  if (!function) {
    llvm::SmallVector<llvm::Type *, 2> params(args.size(), double_);
    auto *type = llvm::FunctionType::get(double_, params, false);
    function = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module_);
    function->setDoesNotAccessMemory();
    function->setDoesNotThrow();
    function->setWillReturn();
  } else if (!function->isDeclaration()) {
    setError({diag::KernelNamedLikeMathFunction, {name}});
    return llvm::PoisonValue::get(double_);
  }
  return builder_.CreateCall(function, args);
}

/// sign(a): 1, -1, or 0 (also for NaN).
llvm::Value *FunctionEmitter::sign(llvm::Value *a) {
  llvm::Value *negative = builder_.CreateSelect(builder_.CreateFCmpOLT(a, constant(0.0)),
                                                constant(-1.0), constant(0.0));
  return builder_.CreateSelect(builder_.CreateFCmpOGT(a, constant(0.0)), constant(1.0),
                               negative);
}

/// Whether min(a, b) (or max) is a: a <= b (a >= b), or b is NaN. This is
/// fmin / fmax (a NaN operand loses) with a defined choice between equal
/// operands, the first, as glibc's fmin / fmax (and so sym::evaluateOp) make
/// it. llvm.minnum leaves the sign of min(-0, +0) open, and LLVM's constant
/// folding and the C library choose differently, so it is not used.
llvm::Value *FunctionEmitter::selectsFirst(OpKind op, llvm::Value *a, llvm::Value *b) {
  llvm::Value *wins =
      op == OpKind::Min ? builder_.CreateFCmpOLE(a, b) : builder_.CreateFCmpOGE(a, b);
  return builder_.CreateOr(builder_.CreateFCmpUNO(b, b), wins);
}

llvm::Value *FunctionEmitter::truth(llvm::Value *value) {
  return builder_.CreateFCmpUNE(value, constant(0.0));
}

llvm::Value *FunctionEmitter::boolean(llvm::Value *condition) {
  return builder_.CreateSelect(condition, constant(1.0), constant(0.0));
}

llvm::Value *FunctionEmitter::constant(double value) {
  return llvm::ConstantFP::get(double_, value);
}

} // namespace mocc::codegen
