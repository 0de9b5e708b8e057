// Private to code generation: emits the body of one generated function, step
// by step. It computes the primal value and, in a JVP function, the tangent
// (forward-mode derivative) of each expression node at most once, keeping
// them in memos whose scopes follow the branches of `if` expressions: a value
// computed inside a branch does not dominate the code after it, so it is
// forgotten when the branch ends. Primal rules live in ExprEmitter.cpp, the
// tangent rules in TangentRules.cpp, calls of lowered functions and run-time
// checks in Calls.cpp.
//
// It serves two kinds of functions: kernels, whose slots are the runtime's
// vector v, and lowered Modelica functions (FunctionCodegen.cpp), whose
// slots are local variables given by a frame of slot addresses.
#pragma once

#include "compiler/plan/Kernel.h"
#include "compiler/codegen/PoolFacts.h"
#include "compiler/codegen/Repeats.h"
#include "compiler/flat/Function.h"
#include "compiler/support/DiagnosticKinds.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/IR/IRBuilder.h>

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mocc::codegen {

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

/// Declares (once per module) the native function of a lowered function:
/// `i32 (ptr noalias readonly in, ptr noalias out)`, named functionSymbol().
llvm::Function *declareLoweredFunction(llvm::Module &module, const flat::Function &function);

/// What a failed run-time check does: an error leaves the function with a
/// failure status; a warning is reported once per check and code goes on; a
/// terminate request is reported each time and code goes on.
enum class CheckKind { Error, Warning, Terminate };

/// Emits the steps of kernels, or of their JVPs, into LLVM functions of the
/// signatures described in Codegen.h, and the statements of lowered
/// functions (through StatementEmitter).
class FunctionEmitter {
public:
  /// `functions` is the table that Call nodes refer to.
  FunctionEmitter(llvm::Module &module, const sym::ExprPool &pool, const PoolFacts &facts,
                  std::span<const flat::Function> functions = {});
  /// The same, with the memos of an emitter of the same pool (takeMemos):
  /// they have an entry per node of the pool, too many to allocate again for
  /// each of a series of modules.
  FunctionEmitter(llvm::Module &module, const sym::ExprPool &pool, const PoolFacts &facts,
                  std::span<const flat::Function> functions,
                  std::pair<ScopedMemo, ScopedMemo> memos);
  /// Gives the memos away (between functions only); the emitter is done.
  std::pair<ScopedMemo, ScopedMemo> takeMemos();
  llvm::Module &module() const { return module_; }

  /// Starts the body of kernel `function` (a JVP function if `jvp`) with
  /// fresh memos. The function returns void, or an i32 status (0: success)
  /// if it is a part of a split kernel.
  void begin(llvm::Function *function, bool jvp);
  /// Starts the body of a lowered function (returning an i32 status); its
  /// slots are given by setFrame before any expression is emitted.
  void beginFunction(llvm::Function *function);
  /// Slot k of the current lowered function lives at `frame[k]`.
  void setFrame(std::vector<llvm::Value *> frame) { frame_ = std::move(frame); }
  /// The lowered function being emitted, whose variables name the arrays
  /// in the messages of indices out of bounds.
  void setLowered(const flat::Function *function) { lowered_ = function; }
  /// Emits one step; `residualIndex` is k of a Residual step.
  void emitStep(const KernelStep &step, uint32_t residualIndex);
  /// Emits steps in order, their residuals numbered from `firstResidual`;
  /// returns how many residuals they have.
  uint32_t emitSteps(std::span<const KernelStep> steps, uint32_t firstResidual = 0);
  /// Emits a run of repeated steps (Repeats.h) as a loop: `group` is its
  /// occurrence 0, whose steps the loop body runs with each slot taken
  /// from the iteration's row of the run's table; `firstResidual` is k of
  /// the run's first Residual step. Returns how many residuals the run has.
  uint32_t emitRun(std::span<const KernelStep> group, const RepeatRun &run,
                   uint32_t firstResidual);
  /// The loop of a run held by another run (or by none: `outerRow` 0):
  /// its rows are outerRow * run.count + k, its residuals numbered from
  /// `firstResidual` (an i64), its inner runs nested loops. The slots and
  /// constants of the outer run's row are its again after the loop.
  uint32_t emitLoop(std::span<const KernelStep> group, const RepeatRun &run,
                    llvm::Value *outerRow, llvm::Value *firstResidual);
  /// A private constant array in the module (32-bit slot indices, or
  /// doubles); null if `entries` is empty.
  template <typename T>
  llvm::GlobalVariable *constantTable(std::span<const T> entries, const char *name);
  /// Until endRow, the steps emitted read and write, in place of slot
  /// tables.params[i], the slot in entry i of row `row` (an i64) of
  /// tables.table, and take, in place of the value of Constant node
  /// tables.constantNodes[i], entry i of row `row` of tables.constants (the
  /// tables become constant arrays of the module); residual k goes to
  /// res[firstResidual + k] (an i64), or to res[k] if firstResidual is
  /// null. The memos start afresh at both ends.
  void beginRow(const RepeatTables &tables, llvm::Value *row, llvm::Value *firstResidual);
  void endRow();
  /// Ends the current function with a success: `ret void` or `ret i32 0`.
  void finish();
  /// Instructions emitted into the current function so far.
  size_t instructionCount() const { return instructionCount_; }
  /// The block that the next instruction would go to.
  llvm::BasicBlock *currentBlock() const { return builder_.GetInsertBlock(); }
  /// The first error met (an invalid call, ...), or none.
  const diag::Message &error() const { return error_; }
  /// Records an error (the first one is kept).
  void setError(diag::Message message);

  // --- For the statements of lowered functions (StatementEmitter) ---------

  llvm::IRBuilderBase &builder() { return builder_; }
  /// The primal value of an expression node.
  llvm::Value *value(sym::ExprId id) { return walk(id, Mode::Value); }
  /// value != 0 as an i1.
  llvm::Value *truth(llvm::Value *value);
  llvm::Value *constant(double value);
  /// The address of a slot of the current lowered function.
  llvm::Value *slotAddress(uint32_t slot) const { return frame_[slot]; }
  /// Stores into a slot; later reads of the slot's Variable node use `value`.
  void assignSlot(uint32_t slot, llvm::Value *value);
  /// Notes a store at a run-time index into slots [firstSlot, firstSlot + size).
  void noteIndexedStore(uint32_t firstSlot, uint32_t size);
  /// Forgets every memoized value: at the start of a basic block that other
  /// code than the current block reaches (branches, loops).
  void forget();
  /// An alloca of `count` doubles in the entry block (outside any loop).
  llvm::Value *entryArray(uint64_t count, const llvm::Twine &name = "");
  /// Emits a run-time check: unless `ok` (an i1) holds, the message
  /// `pattern` (see runtime/RuntimeErrors.h) is reported with the values
  /// that `values` emits (only when the check fails), and for an error the
  /// function is left with a failure status.
  void emitCheck(llvm::Value *ok, CheckKind kind, const std::string &pattern,
                 const std::function<std::vector<llvm::Value *>()> &values);
  /// emitCheck with the message `prefix` followed by `parts` (text, or values
  /// formatted as String() formats them: a Real, an Integer, a Boolean).
  void emitMessageCheck(llvm::Value *ok, CheckKind kind, const std::string &prefix,
                        const std::vector<flat::MessagePart> &parts);
  /// Executes an effect (flat::CallEffect): calls the function of a Call
  /// node, every time (its outputs are not memoized), or of the branch of an
  /// if-expression that its condition selects (a constant branch does
  /// nothing); a failed call leaves the function. With targets (an Outputs
  /// step, Kernel.h), output k of the call is stored into slot targets[k].
  void emitEffect(sym::ExprId effect, std::span<const sym::VarId> targets = {});
  /// Leaves the function with failure `status` (an i32, nonzero) and goes on
  /// emitting into a new block that nothing reaches.
  void exitWithStatus(llvm::Value *status);
  /// Leaves the function with `status` (an i32) if it is nonzero.
  void exitIfFailed(llvm::Value *status);
  /// Code that runs on every failure exit before the function returns (the
  /// destructors of its protected external objects); set before emitting.
  void setFailureCleanup(std::function<void(llvm::IRBuilderBase &)> cleanup) {
    failureCleanup_ = std::move(cleanup);
  }

private:
  enum class Mode { Value, Tangent };

  // Traversal and memos (ExprEmitter.cpp).
  llvm::Value *walk(sym::ExprId root, Mode mode);
  /// A long sum (a tree of +, - and unary minus over slots and constants,
  /// of at least kMinSumLoop terms) computed by a loop over a table, in the
  /// tree's order; null if `root` is not one or the loop does not apply here.
  llvm::Value *sumLoop(sym::ExprId root);
  std::span<const sym::ExprId> childrenToWalk(sym::ExprId id, Mode mode) const;
  llvm::Value *tangent(sym::ExprId id);
  void startBody(llvm::Function *function);
  /// One branch on the way from the function's start to the code being
  /// emitted: the node of an `if`'s condition and the branch taken (0:
  /// then, 1: else), or, for a scope entered for another reason (the
  /// message of a failed check), no node (~0u) and a number that no other
  /// scope has.
  struct PathStep {
    uint32_t condition = ~0u;
    uint64_t branch = 0;
    bool operator==(const PathStep &other) const {
      return condition == other.condition && branch == other.branch;
    }
  };
  void enterScope(PathStep step);
  void enterScope() { enterScope({~0u, ++opaqueScopes_}); }
  void exitScope();
  void noteAssigned(uint32_t slot, llvm::Value *value, llvm::Value *tangent);
  llvm::Value *overridden(uint32_t slot, llvm::Value *value);
  void noteStored(uint32_t slot);
  llvm::Value *loadSlot(llvm::Value *base, uint32_t slot);
  void storeSlot(llvm::Value *base, uint32_t slot, llvm::Value *value);
  /// The address of a kernel's slot in v or dv: inside a run's loop, the
  /// iteration's slot in place of occurrence 0's.
  llvm::Value *kernelSlotAddress(llvm::Value *base, uint32_t slot);
  /// The address of res[k] (k counts from the run's first residual in a
  /// run's loop).
  llvm::Value *residualAddress(uint32_t k);

  // Primal rules (ExprEmitter.cpp).
  llvm::Value *valueOfNode(sym::ExprId id);
  llvm::Value *unaryValue(sym::OpKind op, llvm::Value *a);
  llvm::Value *binaryValue(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *relationValue(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *ifElse(sym::ExprId id, Mode mode);
  bool isCheap(sym::ExprId id, Mode mode) const;
  std::pair<llvm::Value *, llvm::BasicBlock *>
  emitBranch(llvm::BasicBlock *block, sym::ExprId expr, llvm::BasicBlock *merge, Mode mode,
             PathStep step);
  llvm::Value *intrinsic(llvm::Intrinsic::ID id, llvm::Value *a);
  llvm::Value *libm(const char *name, llvm::ArrayRef<llvm::Value *> args);
  llvm::Value *sign(llvm::Value *a);
  llvm::Value *selectsFirst(sym::OpKind op, llvm::Value *a, llvm::Value *b);
  llvm::Value *boolean(llvm::Value *condition);
  llvm::Value *variableAddress(uint32_t slot);

  // Calls and run-time checks (Calls.cpp).
  const flat::Function *calleeOf(sym::ExprId call, bool derivative);
  llvm::Function *declaration(const flat::Function &function);
  llvm::Value *emitCall(sym::ExprId call, bool derivative);
  llvm::Value *enterCall(const flat::Function &callee, llvm::Value *in);
  llvm::Value *callValue(sym::ExprId call);
  size_t slotRun(std::span<const sym::ExprId> args, size_t i) const;
  llvm::Value *loadValue(sym::ExprId load);
  llvm::Value *callTangent(sym::ExprId call);
  llvm::Value *sharedCall(sym::ExprId call) const;
  void shareCall(sym::ExprId call, llvm::Value *out);
  void dropSharedCalls(uint32_t slot);
  void forgetSharedCalls();
  llvm::Value *outputValue(sym::ExprId output, Mode mode);
  llvm::BasicBlock *failureBlockFor(llvm::Value *status);
  llvm::Value *messagePattern(const std::string &pattern);
  void callHook(CheckKind kind, const std::string &pattern,
                const std::vector<llvm::Value *> &values);

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
  std::span<const flat::Function> functions_;
  size_t instructionCount_ = 0;
  llvm::IRBuilder<llvm::ConstantFolder, llvm::IRBuilderCallbackInserter> builder_;
  llvm::Type *double_;
  ScopedMemo values_;
  ScopedMemo tangents_;
  /// Slots whose Variable node may have been used by memoized entries: an
  /// assignment to one of them invalidates the memos.
  llvm::DenseSet<uint32_t> usedSlots_;
  /// The branches the code being emitted is inside (innermost last).
  std::vector<PathStep> path_;
  uint64_t opaqueScopes_ = 0;
  /// A call emitted before, whose output array (an alloca of the entry
  /// block) still holds its results wherever the branches of `path` are
  /// taken, until one of `slots` (what its arguments and the conditions of
  /// `path` read) is assigned.
  struct SharedCall {
    llvm::Value *out = nullptr;
    std::vector<PathStep> path;
    std::vector<uint32_t> slots;
  };
  /// Calls by node index, shared across the scopes of `if` branches: an
  /// `if` whose branch computes a call forgets its value at the merge, yet a
  /// later branch under the same condition (the equations of a when-clause
  /// that assigns several outputs of one call) can read the array of
  /// results instead of calling again.
  llvm::DenseMap<uint32_t, SharedCall> sharedCalls_;
  /// The shared calls whose arguments read each slot.
  llvm::DenseMap<uint32_t, llvm::SmallVector<uint32_t, 1>> callsReading_;
  bool jvp_ = false;
  llvm::Value *time_ = nullptr;
  llvm::Value *v_ = nullptr;    ///< the slot vector
  llvm::Value *res_ = nullptr;  ///< residuals (kernel) or their tangents (JVP)
  llvm::Value *dv_ = nullptr;   ///< slot tangents (JVP)
  /// In a run's loop: the parameter of each slot of occurrence 0, the
  /// iteration's slot of each parameter (an i64), and the iteration's
  /// first residual (an i64); empty or null elsewhere.
  llvm::DenseMap<uint32_t, uint32_t> runParameter_;
  std::vector<llvm::Value *> runSlots_;
  llvm::DenseMap<uint32_t, llvm::Value *> runConstants_; ///< by Constant node
  llvm::Value *runResidual_ = nullptr;
  /// Lowered functions: the address of each slot; empty in kernels.
  std::vector<llvm::Value *> frame_;
  const flat::Function *lowered_ = nullptr;
  llvm::BasicBlock *entry_ = nullptr;
  /// The block that leaves the function with a failure status (a phi over
  /// the statuses of its predecessors), made on first use.
  llvm::BasicBlock *failure_ = nullptr;
  llvm::PHINode *failureStatus_ = nullptr;
  std::function<void(llvm::IRBuilderBase &)> failureCleanup_;
  diag::Message error_;
};

} // namespace mocc::codegen
