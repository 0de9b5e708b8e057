// Private to code generation: emits the statements of a lowered function
// (flat/Function.h) as control flow around FunctionEmitter's expressions.
// Memoized values are forgotten at the start of every block that another
// block than the one before it reaches (branches, loop headers and bodies):
// LLVM's own passes share what is left to share there.
#pragma once

#include "compiler/codegen/ExprEmitter.h"

#include <string>
#include <vector>

namespace mocc::codegen {

/// Emits the body of one lowered function.
class StatementEmitter {
public:
  /// `returnBlock` copies the outputs and returns success.
  StatementEmitter(FunctionEmitter &emitter, const flat::Function &function,
                   llvm::BasicBlock *returnBlock)
      : e_(emitter), function_(function), return_(returnBlock) {}

  /// Emits statements in order into the current block.
  void emitBody(const std::vector<flat::Statement> &body);

private:
  void emit(const flat::Statement &s);
  void emitIf(const flat::Statement &s);
  void emitWhile(const flat::Statement &s);
  void emitFor(const flat::Statement &s);
  void emitAssert(const flat::Statement &s);
  void jumpAway(llvm::BasicBlock *target);
  llvm::BasicBlock *newBlock(const char *name);
  void enter(llvm::BasicBlock *block);
  llvm::Value *elementAddress(const flat::Statement &s);
  std::string arrayName(uint32_t firstSlot) const;

  FunctionEmitter &e_;
  const flat::Function &function_;
  llvm::BasicBlock *return_;
  std::vector<llvm::BasicBlock *> loopExits_;
};

/// `text` with each '%' doubled, for a message pattern (runtime/RuntimeErrors.h).
std::string escapePattern(const std::string &text);

} // namespace mocc::codegen
