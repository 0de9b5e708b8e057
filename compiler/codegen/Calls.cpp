// Calls of lowered functions, from kernels and from other functions, and the
// run-time checks of generated code.
//
// A lowered function is `i32 f(const double *in, double *out)`: the
// flattened arguments go in one array, the outputs come back in another,
// and the result is 0, or the nonzero status of a run-time error. Each
// distinct Call node is emitted once per memo scope; its Output nodes load
// from the output array. In a JVP, a call whose arguments have tangents
// calls the callee's forward derivative instead (compiler/functions), whose
// output array holds the outputs and then their tangents. After a nonzero
// status the caller leaves at once, with the same status.
//
// A failed check calls a hook of runtime/RuntimeErrors.h with a message
// pattern and its values; an error then leaves the function with status 1,
// a warning (reported once per check) and a terminate request go on.
#include "compiler/codegen/Codegen.h"
#include "compiler/codegen/ExprEmitter.h"
#include "compiler/codegen/StatementEmitter.h"
#include "compiler/support/Stack.h"
#include "runtime/RuntimeErrors.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>

#include <algorithm>

namespace mocc::codegen {

using sym::ExprId;

std::string functionSymbol(const flat::Function &function) { return "mocc.fn." + function.symbol; }

llvm::Function *declareLoweredFunction(llvm::Module &module, const flat::Function &function) {
  std::string name = functionSymbol(function);
  if (llvm::Function *known = module.getFunction(name))
    return known;
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *pointer = llvm::PointerType::getUnqual(context);
  auto *type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context), {pointer, pointer}, false);
  auto *result = llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module);
  result->setDoesNotThrow();
  result->addParamAttr(0, llvm::Attribute::NoAlias);
  result->addParamAttr(0, llvm::Attribute::ReadOnly);
  result->addParamAttr(1, llvm::Attribute::NoAlias);
  return result;
}

/// The function a Call node calls (its derivative if asked), checked
/// against the call; null with the error recorded if it does not fit.
const flat::Function *FunctionEmitter::calleeOf(ExprId call, bool derivative) {
  uint32_t index = pool_.node(call).payload.index;
  if (index >= functions_.size()) {
    setError({diag::CallOutsideTable, {index}});
    return nullptr;
  }
  const flat::Function *callee = &functions_[index];
  if (derivative) {
    if (callee->forwardDerivative >= functions_.size()) {
      setError({diag::NoJacobianDerivative, {callee->name}});
      return nullptr;
    }
    callee = &functions_[callee->forwardDerivative];
  }
  size_t arguments = pool_.operands(call).size() * (derivative ? 2 : 1);
  if (arguments != callee->inputSlots.size()) {
    setError({diag::CallArgumentCount, {callee->name, callee->inputSlots.size(), arguments}});
    return nullptr;
  }
  return callee;
}

/// Counts a call of `callee` in mocc_call_depth and returns the count
/// before it (the call site restores it after the call, failed or not).
/// A call deeper than rt::kMaxCallDepth, or whose frame would start below
/// mocc_stack_limit (`in` is an alloca of the caller's frame), is a
/// run-time error: a recursion without a base case ends the run instead
/// of overflowing the stack.
llvm::Value *FunctionEmitter::enterCall(const flat::Function &callee, llvm::Value *in) {
  llvm::Type *i64 = builder_.getInt64Ty();
  llvm::Value *depthVariable = module_.getOrInsertGlobal("mocc_call_depth", i64);
  llvm::Value *limitVariable = module_.getOrInsertGlobal("mocc_stack_limit", i64);
  llvm::Value *depth = builder_.CreateLoad(i64, depthVariable);
  llvm::Value *frame = builder_.CreatePtrToInt(in, i64);
  llvm::Value *ok = builder_.CreateAnd(
      builder_.CreateICmpSLT(depth, builder_.getInt64(rt::kMaxCallDepth)),
      builder_.CreateICmpUGE(frame, builder_.CreateLoad(i64, limitVariable)));
  emitCheck(ok, CheckKind::Error,
            "recursion of function `" + escapePattern(callee.name) + "` deeper than %i calls",
            [&] { return std::vector<llvm::Value *>{builder_.CreateSIToFP(depth, double_)}; });
  builder_.CreateStore(builder_.CreateAdd(depth, builder_.getInt64(1)), depthVariable);
  return depth;
}

/// Calls the callee of `call` (or its derivative, passing the arguments'
/// tangents after the arguments); returns the output array.
/// Runs of at least this many arguments in consecutive slots are copied.
constexpr size_t minCopiedRun = 16;

/// How many of args[i], args[i + 1], ... are the Variable nodes of
/// consecutive slots of v in a kernel outside a loop over repeated steps,
/// or of one array of a function's frame (else 0). The memos hold what
/// the slots hold (an assignment stores at once; a JVP's v holds the
/// values), so the copy reads the same values.
size_t FunctionEmitter::slotRun(std::span<const ExprId> args, size_t i) const {
  if (!runSlots_.empty() || (!v_ && frame_.empty()))
    return 0;
  sym::VarId first = pool_.variableOf(args[i]);
  if (!first.valid() || (!v_ && first.index >= frame_.size()))
    return 0;
  auto sameArray = [&](uint32_t slot) {
    return v_ || (slot < frame_.size() && llvm::getUnderlyingObject(frame_[slot]) ==
                                              llvm::getUnderlyingObject(frame_[first.index]));
  };
  size_t n = 1;
  while (i + n < args.size() && pool_.variableOf(args[i + n]).index == first.index + n &&
         sameArray(first.index + n))
    ++n;
  return n;
}

llvm::Value *FunctionEmitter::emitCall(ExprId call, bool derivative) {
  NestingLevel level({}, "a function call"); // calls in the arguments recurse
  const flat::Function *callee = calleeOf(call, derivative);
  if (!callee)
    return llvm::ConstantPointerNull::get(builder_.getPtrTy());
  auto args = pool_.operands(call);
  llvm::Value *in = entryArray(callee->inputSlots.size(), "in");
  llvm::Value *out = entryArray(callee->outputSlots.size(), "out");
  for (size_t i = 0; i < args.size();) {
    // A run of arguments in consecutive slots of v (an array, `f(buf)`)
    // is copied at once: a store per element made a basic block of
    // thousands of loads and stores, on which LLVM's instruction
    // scheduler is quadratic (19 s of JIT for a 4,000-element argument).
    if (size_t run = slotRun(args, i); run >= minCopiedRun) {
      uint32_t first = pool_.variableOf(args[i]).index;
      builder_.CreateMemCpy(builder_.CreateConstInBoundsGEP1_64(double_, in, i), llvm::Align(8),
                            v_ ? kernelSlotAddress(v_, first) : frame_[first], llvm::Align(8),
                            run * sizeof(double));
      i += run;
      continue;
    }
    storeSlot(in, i, value(args[i]));
    ++i;
  }
  if (derivative) {
    for (size_t i = 0; i < args.size(); ++i)
      storeSlot(in, args.size() + i, tangent(args[i]));
  }
  llvm::Value *depth = enterCall(*callee, in);
  llvm::Value *status = builder_.CreateCall(declareLoweredFunction(module_, *callee), {in, out});
  builder_.CreateStore(depth, module_.getOrInsertGlobal("mocc_call_depth", builder_.getInt64Ty()));
  exitIfFailed(status);
  return out;
}

void FunctionEmitter::emitEffect(ExprId effect, std::span<const sym::VarId> targets) {
  switch (pool_.op(effect)) {
  case sym::OpKind::Call: {
    llvm::Value *out = emitCall(effect, false);
    const flat::Function *callee = calleeOf(effect, false);
    if (callee && targets.size() > callee->outputSlots.size())
      setError({diag::NoSuchFunctionOutput, {targets.size() - 1, callee->name}});
    if (error_)
      return;
    // An Outputs step (Kernel.h): runs of outputs into consecutive slots
    // are copied at once (see emitCall).
    for (uint32_t k = 0; k < targets.size();) {
      uint32_t n = 0;
      while (k + n < targets.size() && targets[k + n].valid() &&
             targets[k + n].index == targets[k].index + n)
        ++n;
      if (n >= minCopiedRun && runSlots_.empty()) {
        builder_.CreateMemCpy(kernelSlotAddress(v_, targets[k].index), llvm::Align(8),
                              builder_.CreateConstInBoundsGEP1_64(double_, out, k),
                              llvm::Align(8), n * sizeof(double));
        k += n;
        continue;
      }
      if (targets[k].valid())
        builder_.CreateStore(loadSlot(out, k), kernelSlotAddress(v_, targets[k].index));
      ++k;
    }
    return;
  }
  case sym::OpKind::Constant:
    return;
  case sym::OpKind::IfElse: {
    llvm::Value *condition = truth(value(pool_.operand(effect, 0)));
    llvm::Function *function = builder_.GetInsertBlock()->getParent();
    llvm::LLVMContext &context = module_.getContext();
    auto *merge = llvm::BasicBlock::Create(context, "effect.end", function);
    llvm::BasicBlock *branches[] = {llvm::BasicBlock::Create(context, "effect.then", function),
                                    llvm::BasicBlock::Create(context, "effect.else", function)};
    builder_.CreateCondBr(condition, branches[0], branches[1]);
    for (int k = 0; k < 2; ++k) {
      builder_.SetInsertPoint(branches[k]);
      // What a branch computes does not dominate the merge.
      enterScope({pool_.operand(effect, 0).index, static_cast<uint64_t>(k)});
      emitEffect(pool_.operand(effect, 1 + k), targets);
      exitScope();
      builder_.CreateBr(merge);
    }
    builder_.SetInsertPoint(merge);
    return;
  }
  default:
    setError({diag::EffectNotCall, {}});
    return;
  }
}

/// The value of a Call node: its output array. In a JVP, a call with a
/// tangent calls the derivative at once, which gives both.
llvm::Value *FunctionEmitter::callValue(ExprId call) {
  if (!jvp_ || !facts_.hasTangent(call)) {
    if (llvm::Value *out = sharedCall(call)) {
      // A later assignment to what the arguments read forgets the memos.
      for (uint32_t slot : sharedCalls_.find(call.index)->second.slots)
        usedSlots_.insert(slot);
      return out;
    }
    llvm::Value *out = emitCall(call, false);
    shareCall(call, out);
    return out;
  }
  llvm::Value *out = emitCall(call, true);
  tangents_.set(call, out);
  return out;
}

llvm::Value *FunctionEmitter::callTangent(ExprId call) {
  llvm::Value *out = emitCall(call, true);
  if (!values_.get(call))
    values_.set(call, out);
  return out;
}

// --- Calls shared across branches -------------------------------------------------
//
// A call inside a branch of an `if` runs only when the branch is taken, so
// its value is forgotten at the merge (ScopedMemo). Its results stay in its
// output array, an alloca of the entry block, and are still there wherever
// control has certainly passed through the call since: below the same
// branches of the same conditions, before anything that the arguments or
// the conditions read is assigned (a memo epoch has no loops). Without this, a when-clause that assigns n outputs of
// one call, `(y1, ..., yn) := f(u)`, called f n times, each with all its
// arguments: a 4,000-sample FFT whose 801 outputs were each an equation
// `y[k] = if c then f(u)[k] else pre(y[k])` gave 3.2 million stores.

/// Paths longer than this are not recorded (the check compares paths).
constexpr size_t maxSharedPath = 32;

/// The output array of an earlier call of `call` that holds its results
/// here, or null.
llvm::Value *FunctionEmitter::sharedCall(ExprId call) const {
  if (jvp_ && facts_.hasTangent(call))
    return nullptr; // its derivative is called, which gives the tangents too
  auto found = sharedCalls_.find(call.index);
  if (found == sharedCalls_.end())
    return nullptr;
  for (const PathStep &step : found->second.path) {
    if (std::find(path_.rbegin(), path_.rend(), step) == path_.rend())
      return nullptr;
  }
  return found->second.out;
}

/// Records the call just emitted into `out`, with the slots its arguments
/// and the conditions of its branches read. Impure callees are not shared (each use is its own call), nor
/// calls whose arguments read more than a few times as many nodes as there
/// are arguments (finding them would cost more than emitting the call).
void FunctionEmitter::shareCall(ExprId call, llvm::Value *out) {
  uint32_t index = pool_.node(call).payload.index;
  if (!error_.empty() || index >= functions_.size() || functions_[index].impure ||
      path_.size() > maxSharedPath)
    return;
  auto args = pool_.operands(call);
  size_t budget = 256 + 16 * args.size();
  SharedCall shared{out, path_, {}};
  llvm::DenseSet<uint32_t> seen;
  std::vector<ExprId> stack(args.begin(), args.end());
  for (const PathStep &step : path_) {
    if (step.condition != ~0u)
      stack.push_back(ExprId{step.condition});
  }
  while (!stack.empty()) {
    ExprId id = stack.back();
    stack.pop_back();
    if (!seen.insert(id.index).second)
      continue;
    if (seen.size() + shared.slots.size() > budget)
      return;
    const sym::Node &node = pool_.node(id);
    if (node.op == sym::OpKind::Variable)
      shared.slots.push_back(node.payload.index);
    if (node.op == sym::OpKind::Load) { // any element of the array
      double size = pool_.constantValue(pool_.operand(id, 1)).value_or(0.0);
      if (size > static_cast<double>(budget))
        return;
      for (uint32_t k = 0; k < static_cast<uint32_t>(size); ++k)
        shared.slots.push_back(node.payload.index + k);
    }
    for (ExprId operand : pool_.operands(id))
      stack.push_back(operand);
  }
  std::sort(shared.slots.begin(), shared.slots.end());
  shared.slots.erase(std::unique(shared.slots.begin(), shared.slots.end()), shared.slots.end());
  for (uint32_t slot : shared.slots)
    callsReading_[slot].push_back(call.index);
  sharedCalls_[call.index] = std::move(shared);
}

/// Slot `slot` is assigned: the shared calls that read it are forgotten.
void FunctionEmitter::dropSharedCalls(uint32_t slot) {
  auto found = callsReading_.find(slot);
  if (found == callsReading_.end())
    return;
  for (uint32_t call : found->second)
    sharedCalls_.erase(call);
  callsReading_.erase(found);
}

void FunctionEmitter::forgetSharedCalls() {
  sharedCalls_.clear();
  callsReading_.clear();
}

/// Output k of a call: element k of the output array, or for its tangent,
/// element numOutputs + k of the derivative's.
llvm::Value *FunctionEmitter::outputValue(ExprId output, Mode mode) {
  ExprId call = pool_.operand(output, 0);
  uint32_t k = pool_.node(output).payload.index;
  const flat::Function *callee = calleeOf(call, false);
  if (callee && k >= callee->outputSlots.size())
    setError({diag::NoSuchFunctionOutput, {k, callee->name}});
  if (error_)
    return llvm::PoisonValue::get(double_);
  if (mode == Mode::Value)
    return loadSlot(values_.get(call), k);
  return loadSlot(tangents_.get(call), callee->outputSlots.size() + k);
}

// --- Leaving a function on failure --------------------------------------------------

/// The failure exit, reached from the current block with `status`.
llvm::BasicBlock *FunctionEmitter::failureBlockFor(llvm::Value *status) {
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  bool returnsStatus = !function->getReturnType()->isVoidTy();
  if (!failure_) {
    failure_ = llvm::BasicBlock::Create(module_.getContext(), "failure", function);
    llvm::IRBuilder<> exit(failure_);
    if (returnsStatus) {
      failureStatus_ = exit.CreatePHI(exit.getInt32Ty(), 2, "status");
      if (failureCleanup_)
        failureCleanup_(exit);
      exit.CreateRet(failureStatus_);
    } else {
      exit.CreateRetVoid();
    }
  }
  if (failureStatus_)
    failureStatus_->addIncoming(status, builder_.GetInsertBlock());
  return failure_;
}

void FunctionEmitter::exitIfFailed(llvm::Value *status) {
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  llvm::Value *failed = builder_.CreateICmpNE(status, builder_.getInt32(0));
  auto *ok = llvm::BasicBlock::Create(module_.getContext(), "call.ok", function);
  builder_.CreateCondBr(failed, failureBlockFor(status), ok);
  builder_.SetInsertPoint(ok);
}

void FunctionEmitter::exitWithStatus(llvm::Value *status) {
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  builder_.CreateBr(failureBlockFor(status));
  builder_.SetInsertPoint(llvm::BasicBlock::Create(module_.getContext(), "unreachable", function));
}

// --- Run-time checks ----------------------------------------------------------------

void FunctionEmitter::emitCheck(llvm::Value *ok, CheckKind kind, const std::string &pattern,
                                const std::function<std::vector<llvm::Value *>()> &values) {
  llvm::LLVMContext &context = module_.getContext();
  llvm::Function *function = builder_.GetInsertBlock()->getParent();
  auto *failed = llvm::BasicBlock::Create(context, "check.failed", function);
  auto *passed = llvm::BasicBlock::Create(context, "check.ok", function);
  builder_.CreateCondBr(ok, passed, failed);
  builder_.SetInsertPoint(failed);
  if (kind == CheckKind::Warning) { // once per check: a flag of its own
    auto *flag = new llvm::GlobalVariable(module_, builder_.getInt8Ty(), false,
                                          llvm::GlobalValue::InternalLinkage,
                                          builder_.getInt8(0), "warned");
    auto *report = llvm::BasicBlock::Create(context, "warning.report", function);
    llvm::Value *warned = builder_.CreateLoad(builder_.getInt8Ty(), flag);
    builder_.CreateCondBr(builder_.CreateICmpNE(warned, builder_.getInt8(0)), passed, report);
    builder_.SetInsertPoint(report);
    builder_.CreateStore(builder_.getInt8(1), flag);
  }
  enterScope(); // values computed for the message do not dominate `passed`
  std::vector<llvm::Value *> parts = values();
  exitScope();
  callHook(kind, pattern, parts);
  if (kind == CheckKind::Error)
    builder_.CreateBr(failureBlockFor(builder_.getInt32(1)));
  else
    builder_.CreateBr(passed);
  builder_.SetInsertPoint(passed);
}

void FunctionEmitter::emitMessageCheck(llvm::Value *ok, CheckKind kind, const std::string &prefix,
                                       const std::vector<flat::MessagePart> &parts) {
  std::string pattern = escapePattern(prefix);
  std::vector<ExprId> values;
  for (const flat::MessagePart &part : parts) {
    if (!part.value.valid()) {
      pattern += escapePattern(part.text);
      continue;
    }
    bool integral = part.type == flat::TypeKind::Integer ||
                    part.type == flat::TypeKind::Enumeration;
    pattern += part.type == flat::TypeKind::Boolean  ? "%b"
               : part.type == flat::TypeKind::String ? "%s"
               : integral                            ? "%i"
                                                     : "%r";
    values.push_back(part.value);
  }
  emitCheck(ok, kind, pattern, [&] {
    std::vector<llvm::Value *> emitted;
    for (ExprId value : values)
      emitted.push_back(this->value(value));
    return emitted;
  });
}

/// The hook of runtime/RuntimeErrors.h that reports a failed check.
static const char *hookName(CheckKind kind) {
  switch (kind) {
  case CheckKind::Error: return "mocc_runtime_error";
  case CheckKind::Warning: return "mocc_runtime_warning";
  case CheckKind::Terminate: return "mocc_runtime_terminate";
  }
  return "mocc_runtime_error";
}

/// Calls the hook of runtime/RuntimeErrors.h for `kind` with the pattern and
/// an array of the values.
void FunctionEmitter::callHook(CheckKind kind, const std::string &pattern,
                               const std::vector<llvm::Value *> &values) {
  const char *name = hookName(kind);
  llvm::Type *pointer = builder_.getPtrTy();
  auto hook = module_.getOrInsertFunction(
      name, llvm::FunctionType::get(builder_.getVoidTy(), {pointer, pointer}, false));
  llvm::Value *array = llvm::ConstantPointerNull::get(builder_.getPtrTy());
  if (!values.empty()) {
    array = entryArray(values.size(), "message");
    for (size_t i = 0; i < values.size(); ++i)
      storeSlot(array, i, values[i]);
  }
  builder_.CreateCall(hook, {messagePattern(pattern), array});
}

llvm::Value *FunctionEmitter::messagePattern(const std::string &pattern) {
  return builder_.CreateGlobalString(pattern, "message");
}

} // namespace mocc::codegen
