// Statements of lowered functions: assignments (at a run-time index with a
// bounds check), if, while and for loops with break, return, assert, and
// calls for their effects.
#include "compiler/codegen/StatementEmitter.h"

#include <llvm/IR/Function.h>

namespace mocc::codegen {

using flat::Statement;
using flat::StatementKind;

std::string escapePattern(const std::string &text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '%')
      out += '%';
  }
  return out;
}

void StatementEmitter::emitBody(const std::vector<Statement> &body) {
  for (const Statement &s : body)
    emit(s);
}

void StatementEmitter::emit(const Statement &s) {
  switch (s.kind) {
  case StatementKind::Assign:
    e_.assignSlot(s.target.index, e_.value(s.value));
    return;
  case StatementKind::AssignIndexed: {
    llvm::Value *value = e_.value(s.value);
    e_.builder().CreateStore(value, elementAddress(s));
    e_.noteIndexedStore(s.firstSlot, s.size);
    return;
  }
  case StatementKind::LoadIndexed: {
    llvm::Value *address = elementAddress(s);
    e_.assignSlot(s.target.index, e_.builder().CreateLoad(e_.builder().getDoubleTy(), address));
    return;
  }
  case StatementKind::If: return emitIf(s);
  case StatementKind::While: return emitWhile(s);
  case StatementKind::For: return emitFor(s);
  case StatementKind::Break: return jumpAway(loopExits_.back());
  case StatementKind::Return: return jumpAway(return_);
  case StatementKind::Assert: return emitAssert(s);
  case StatementKind::Call:
    e_.emitEffect(s.value);
    // The next statement that makes the same call (an impure one: a random
    // number, a print) calls it again.
    e_.forget();
    return;
  }
}

llvm::BasicBlock *StatementEmitter::newBlock(const char *name) {
  llvm::Function *function = e_.builder().GetInsertBlock()->getParent();
  return llvm::BasicBlock::Create(function->getContext(), name, function);
}

/// Continues in `block`, reached from the current block if that one does
/// not end yet, with nothing memoized.
void StatementEmitter::enter(llvm::BasicBlock *block) {
  if (!e_.builder().GetInsertBlock()->getTerminator())
    e_.builder().CreateBr(block);
  e_.builder().SetInsertPoint(block);
  e_.forget();
}

/// Jumps to `target`; what follows in the same body is dead code, emitted
/// into a block that nothing reaches.
void StatementEmitter::jumpAway(llvm::BasicBlock *target) {
  e_.builder().CreateBr(target);
  e_.builder().SetInsertPoint(newBlock("dead"));
  e_.forget();
}

void StatementEmitter::emitIf(const Statement &s) {
  llvm::Value *condition = e_.truth(e_.value(s.condition));
  llvm::BasicBlock *then = newBlock("if.then");
  llvm::BasicBlock *otherwise = newBlock("if.else");
  llvm::BasicBlock *merge = newBlock("if.end");
  e_.builder().CreateCondBr(condition, then, otherwise);
  e_.builder().SetInsertPoint(then);
  e_.forget();
  emitBody(s.body);
  e_.builder().CreateBr(merge);
  e_.builder().SetInsertPoint(otherwise);
  e_.forget();
  emitBody(s.elseBody);
  enter(merge);
}

void StatementEmitter::emitWhile(const Statement &s) {
  llvm::BasicBlock *header = newBlock("while.cond");
  llvm::BasicBlock *body = newBlock("while.body");
  llvm::BasicBlock *exit = newBlock("while.end");
  enter(header);
  e_.builder().CreateCondBr(e_.truth(e_.value(s.condition)), body, exit);
  e_.builder().SetInsertPoint(body);
  e_.forget();
  loopExits_.push_back(exit);
  emitBody(s.body);
  loopExits_.pop_back();
  e_.builder().CreateBr(header);
  e_.builder().SetInsertPoint(exit);
  e_.forget();
}

/// for counter in start : step : stop. The bounds are evaluated once; the
/// loop runs n = floor((stop - start) / step) + 1 times (none if n < 1, if
/// step is 0 or a bound is NaN), the counter being start + k step in
/// iteration k, so that rounding does not accumulate.
void StatementEmitter::emitFor(const Statement &s) {
  llvm::IRBuilderBase &b = e_.builder();
  llvm::Value *start = e_.value(s.start), *step = e_.value(s.step), *stop = e_.value(s.stop);
  llvm::Value *quotient = b.CreateFDiv(b.CreateFSub(stop, start), step);
  llvm::Value *runs = b.CreateAnd(e_.truth(step), b.CreateFCmpOGE(quotient, e_.constant(0.0)));
  llvm::Value *floor = b.CreateUnaryIntrinsic(llvm::Intrinsic::floor, quotient);
  llvm::Value *count =
      b.CreateSelect(runs, b.CreateFAdd(floor, e_.constant(1.0)), e_.constant(0.0));
  llvm::Value *k = e_.entryArray(1, "k");
  b.CreateStore(e_.constant(0.0), k);
  llvm::BasicBlock *header = newBlock("for.cond");
  llvm::BasicBlock *body = newBlock("for.body");
  llvm::BasicBlock *exit = newBlock("for.end");
  enter(header);
  llvm::Value *iteration = b.CreateLoad(b.getDoubleTy(), k);
  b.CreateCondBr(b.CreateFCmpOLT(iteration, count), body, exit);
  b.SetInsertPoint(body);
  e_.forget();
  b.CreateStore(b.CreateFAdd(iteration, e_.constant(1.0)), k);
  e_.assignSlot(s.target.index, b.CreateFAdd(start, b.CreateFMul(iteration, step)));
  loopExits_.push_back(exit);
  emitBody(s.body);
  loopExits_.pop_back();
  b.CreateBr(header);
  b.SetInsertPoint(exit);
  e_.forget();
}

/// assert(condition, message, level): the message is literal text with
/// values formatted as String() formats Real, Integer and Boolean.
void StatementEmitter::emitAssert(const Statement &s) {
  CheckKind kind = s.level == 1 ? CheckKind::Error : CheckKind::Warning;
  e_.emitMessageCheck(e_.truth(e_.value(s.condition)), kind,
                      s.plainMessage ? "" : "assertion failed: ", s.message);
}

/// The address of slot firstSlot + index, after checking that the index
/// lies in [0, size) (a NaN does not).
llvm::Value *StatementEmitter::elementAddress(const Statement &s) {
  llvm::IRBuilderBase &b = e_.builder();
  llvm::Value *index = e_.value(s.index);
  llvm::Value *inside = b.CreateAnd(b.CreateFCmpOGE(index, e_.constant(0.0)),
                                    b.CreateFCmpOLT(index, e_.constant(s.size)));
  std::string pattern = "index %i out of bounds for " + escapePattern(arrayName(s.firstSlot)) +
                        " of size " + std::to_string(s.size) + " in function `" +
                        escapePattern(function_.name) + "`";
  e_.emitCheck(inside, CheckKind::Error, pattern,
               [&] { return std::vector<llvm::Value *>{b.CreateFAdd(index, e_.constant(1.0))}; });
  llvm::Value *offset = b.CreateFPToSI(index, b.getInt64Ty());
  return b.CreateInBoundsGEP(b.getDoubleTy(), e_.slotAddress(s.firstSlot), offset);
}

/// "`x`" for the variable whose first slot is `firstSlot`.
std::string StatementEmitter::arrayName(uint32_t firstSlot) const {
  for (const flat::FunctionVariable &v : function_.variables) {
    if (v.firstSlot == firstSlot && v.count() > 0)
      return "`" + v.name + "`";
  }
  return "an array";
}

} // namespace mocc::codegen
