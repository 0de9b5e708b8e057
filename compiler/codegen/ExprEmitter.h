// Private to code generation: emits the body of one generated function, step
// by step. It computes the primal value and, in a JVP function, the tangent
// (forward-mode derivative) of each expression node at most once, keeping
// them in memos whose scopes follow the branches of `if` expressions: a value
// computed inside a branch does not dominate the code after it, so it is
// forgotten when the branch ends. Primal rules live in ExprEmitter.cpp, the
// tangent rules in TangentRules.cpp.
#pragma once

#include "compiler/codegen/Kernel.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/IR/IRBuilder.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mocc::codegen {

/// Facts about the expression pool shared by every function of a module,
/// computed in one pass over the pool (operands precede their nodes).
struct PoolFacts {
  PoolFacts(const sym::ExprPool &pool, bool withTangents);

  /// The Variable node of a slot, or an invalid id if the pool has none.
  sym::ExprId variableNodeOf(uint32_t slot) const {
    return slot < variableNode.size() ? variableNode[slot] : sym::ExprId{};
  }
  /// Whether a node's tangent may be nonzero: it reaches a variable through
  /// differentiable operations (relations, floor, sign, ... cut the path).
  bool hasTangent(sym::ExprId id) const { return tangentFlags[id.index] != 0; }

  std::vector<sym::ExprId> variableNode; ///< per slot
  std::vector<uint8_t> tangentFlags;     ///< per node; empty without tangents
};

/// llvm::Value pointers memoized per expression node, with nested scopes:
/// leaving a scope forgets the entries made inside it.
class ScopedMemo {
public:
  explicit ScopedMemo(size_t numNodes) : slots_(numNodes, nullptr) {}

  llvm::Value *get(sym::ExprId id) const { return slots_[id.index]; }
  /// Records the value of a node that has none in this scope.
  void set(sym::ExprId id, llvm::Value *value);
  void enterScope() { marks_.push_back(touched_.size()); }
  void exitScope();
  /// Forgets every entry (only outside any scope).
  void clear();

private:
  std::vector<llvm::Value *> slots_;
  std::vector<uint32_t> touched_; ///< nodes set, in order
  std::vector<size_t> marks_;     ///< size of touched_ at each scope entry
};

/// Emits the steps of kernels, or of their JVPs, into LLVM functions of the
/// signatures described in Codegen.h.
class FunctionEmitter {
public:
  FunctionEmitter(llvm::Module &module, const sym::ExprPool &pool, const PoolFacts &facts);

  /// Starts the body of `function` (a JVP function if `jvp`) with fresh memos.
  void begin(llvm::Function *function, bool jvp);
  /// Emits one step; `residualIndex` is k of a Residual step.
  void emitStep(const KernelStep &step, uint32_t residualIndex);
  /// Ends the current function with `ret void`.
  void finish() { builder_.CreateRetVoid(); }
  /// Instructions emitted into the current function so far.
  size_t instructionCount() const { return instructionCount_; }
  /// The block that the next instruction would go to.
  llvm::BasicBlock *currentBlock() const { return builder_.GetInsertBlock(); }
  /// The first error met (an unsupported operation), or empty.
  const std::string &error() const { return error_; }

private:
  enum class Mode { Value, Tangent };

  // Traversal and memos (ExprEmitter.cpp).
  llvm::Value *walk(sym::ExprId root, Mode mode);
  std::span<const sym::ExprId> childrenToWalk(sym::ExprId id, Mode mode) const;
  llvm::Value *value(sym::ExprId id) { return walk(id, Mode::Value); }
  llvm::Value *tangent(sym::ExprId id);
  void enterScope();
  void exitScope();
  void noteAssigned(uint32_t slot, llvm::Value *value, llvm::Value *tangent);
  llvm::Value *loadSlot(llvm::Value *base, uint32_t slot);
  void storeSlot(llvm::Value *base, uint32_t slot, llvm::Value *value);
  llvm::Value *unsupported(sym::ExprId id);

  // Primal rules (ExprEmitter.cpp).
  llvm::Value *valueOfNode(sym::ExprId id);
  llvm::Value *unaryValue(sym::OpKind op, llvm::Value *a);
  llvm::Value *binaryValue(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *relationValue(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *ifElse(sym::ExprId id, Mode mode);
  bool isCheap(sym::ExprId id, Mode mode) const;
  std::pair<llvm::Value *, llvm::BasicBlock *>
  emitBranch(llvm::BasicBlock *block, sym::ExprId expr, llvm::BasicBlock *merge, Mode mode);
  llvm::Value *intrinsic(llvm::Intrinsic::ID id, llvm::Value *a);
  llvm::Value *libm(const char *name, llvm::ArrayRef<llvm::Value *> args);
  llvm::Value *sign(llvm::Value *a);
  llvm::Value *selectsFirst(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *boolean(llvm::Value *condition);
  llvm::Value *constant(double value);

  // Tangent rules (TangentRules.cpp).
  llvm::Value *tangentOfNode(sym::ExprId id);
  llvm::Value *operandTangent(sym::ExprId id) const;
  llvm::Value *unaryTangent(sym::ExprId id, sym::OpKind op, sym::ExprId a);
  llvm::Value *binaryTangent(sym::ExprId id, sym::OpKind op, sym::ExprId a, sym::ExprId b);
  llvm::Value *powTangent(sym::ExprId id, sym::ExprId a, sym::ExprId b);
  llvm::Value *selectedTangent(sym::ExprId id, sym::ExprId a, sym::ExprId b);
  llvm::Value *addTangents(llvm::Value *x, llvm::Value *y);
  llvm::Value *subTangents(llvm::Value *x, llvm::Value *y);
  llvm::Value *scale(llvm::Value *tangent, llvm::Value *factor);
  llvm::Value *guardedScale(llvm::Value *tangent, llvm::Value *factor);
  llvm::Value *guardedDiv(llvm::Value *tangent, llvm::Value *divisor);

  llvm::Module &module_;
  const sym::ExprPool &pool_;
  const PoolFacts &facts_;
  size_t instructionCount_ = 0;
  llvm::IRBuilder<llvm::ConstantFolder, llvm::IRBuilderCallbackInserter> builder_;
  llvm::Type *double_;
  ScopedMemo values_;
  ScopedMemo tangents_;
  /// Slots whose Variable node may have been used by memoized entries: an
  /// assignment to one of them invalidates the memos.
  llvm::DenseSet<uint32_t> usedSlots_;
  bool jvp_ = false;
  llvm::Value *time_ = nullptr;
  llvm::Value *v_ = nullptr;    ///< the slot vector
  llvm::Value *res_ = nullptr;  ///< residuals (kernel) or their tangents (JVP)
  llvm::Value *dv_ = nullptr;   ///< slot tangents (JVP)
  std::string error_;
};

} // namespace mocc::codegen
