// The symbolic execution of a function body (or of a model's algorithm
// section) that Functions.cpp, ExternalCalls.cpp and ModelAlgorithms.cpp
// share; private to compiler/flatten/. FunctionLowering.cpp has the walk
// over the statements, ExternalCalls.cpp the external C and Fortran calls
// (MLS 12.9), ModelAlgorithms.cpp the algorithm sections of models.
#pragma once

#include "compiler/flatten/Functions.h"

namespace mocc::flattening {

/// The function's component members of one kind (0 inputs, 1 outputs,
/// 2 protected), in declaration order.
std::vector<inst::Member *> membersOf(Instance *function, int kind);

/// The references the statements assign to, in order.
void collectTargets(const std::vector<ast::StatementPtr> &body, std::vector<const ast::RefExpr *> &out);
void collectTargets(const ast::Statement &s, std::vector<const ast::RefExpr *> &out);

/// Symbolic execution of one function body (see FunctionLowering.cpp). While it
/// exists, its variables are in scope for lowering and, when compiling,
/// expressions are built in the function's own pool.
class FunctionLowering {
public:
  FunctionLowering(Flattener &f, Instance *function, flat::Function *compiled)
      : f_(f), function_(function), compiled_(compiled) {
    frame_.function = function;
    frame_.compiled = compiled != nullptr;
    f_.frames.push_back(&frame_);
    savedIterators_.swap(f_.iterators); // no iterator of the caller is visible
    if (compiled_) {
      savedPool_ = f_.setPool(&compiled_->pool);
      current_ = &compiled_->body;
    }
    active_ = pool().one();
    returned_ = pool().zero();
  }
  ~FunctionLowering() {
    f_.frames.pop_back();
    f_.iterators.swap(savedIterators_);
    if (compiled_)
      f_.setPool(savedPool_);
  }
  FunctionLowering(const FunctionLowering &) = delete;
  FunctionLowering &operator=(const FunctionLowering &) = delete;

  /// Binds the inputs; in compiled mode `args` only give the shapes, and an
  /// input with a value in `constants` is that constant in the body.
  bool bindInputs(const std::vector<Value> &args,
                  const std::vector<std::optional<double>> &constants);
  /// Creates the outputs and protected variables (their sizes may depend
  /// on the inputs).
  bool declareLocals();
  bool declareLocal(inst::Member *m, bool output);
  /// Executes bindings of outputs and protected variables, then the
  /// algorithm; false on an error, or (inlining) on a construct that cannot
  /// be inlined (then `notInlinable` is set).
  bool run();
  std::vector<Value> outputs();
  /// Compiled: whether some array took its sizes from an assignment, and
  /// the outputs' slots (their shapes), after run().
  bool sizedByAssignments() const { return !assignedDims_.empty(); }
  std::vector<Value> outputSlots();
  bool notInlinable = false;
  std::string notInlinableReason;

  /// Lowers a model's algorithm section (MLS 11.1) instead of a function
  /// body: function_ is the model instance, the variables the statements
  /// assign are given their values at the start (setValue), and calls of
  /// assert, reinit and terminate go to the model (or to `branch`, the
  /// when-statement branch being lowered).
  void setModelAlgorithm(flat::WhenBranch *branch, bool initial) {
    modelAlgorithm_ = true;
    whenBranch_ = branch;
    initialAlgorithm_ = initial;
  }
  void setValue(Instance *var, Value value) { frame_.values[var] = std::move(value); }
  const Value &valueOf(Instance *var) { return frame_.values[var]; }
  bool runStatements(const std::vector<ast::StatementPtr> &body, inst::ClassNode *lexical) {
    return statements(body, lexical);
  }
  bool runStatement(const ast::Statement &s, inst::ClassNode *lexical) {
    return statement(s, lexical);
  }

private:
  std::optional<Value> makeSlots(Instance *var, const Value *shape, const std::string &name,
                                 flat::FunctionVariable::Kind kind);
  /// Input slots shaped as `shape` (an input a partial application binds):
  /// numbers and Strings known only at run time get slots, known Strings
  /// stay constants, records and functional values recurse.
  /// The numbers take the type of `declared` (the input bound; an Integer
  /// argument of a Real input is Real), where it is known.
  Value boundSlots(const Value &shape, const std::string &name, Instance *declared);
  std::optional<Value> recordSlots(Instance *var, const Value *shape, const std::string &name,
                                   flat::FunctionVariable::Kind kind);
  std::optional<std::vector<int64_t>> localDims(Instance *var, const Value *shape);
  bool externalObjectSlot(Instance *var, const Value *shape, flat::FunctionVariable::Kind kind,
                          const std::vector<int64_t> &dims, Value &v);
  std::optional<Value> builtinSlots(Instance *var, const Value *shape, const std::string &name,
                                    flat::FunctionVariable::Kind kind,
                                    const std::vector<int64_t> &dims, Value v);
  bool statements(const std::vector<ast::StatementPtr> &body, inst::ClassNode *lexical);
  bool statement(const ast::Statement &s, inst::ClassNode *lexical);
  bool assign(const ast::Expr &target, const Value &value, Scope scope, SourceRange loc);
  bool assignString(Value &current, const std::vector<sym::ExprId> &scalars,
                    const std::vector<sym::ExprId> &where, const Value &value,
                    const Value &selected, SourceRange loc);
  void storeScalars(const std::vector<sym::ExprId> &scalars, const std::vector<sym::ExprId> &where,
                    std::vector<sym::ExprId> values, SourceRange loc);
  bool assignIndexed(const ast::RefExpr &ref, Instance *var, Value value, Scope scope,
                     SourceRange loc);
  bool ifStatement(const ast::IfStatement &s, Scope scope, size_t branch);
  bool forStatement(const ast::ForStatement &s, Scope scope, size_t level);
  bool whileStatement(const ast::WhileStatement &s, Scope scope);
  bool forRange(const ast::ForStatement &s, Scope scope, size_t level, const Value &range);
  /// Assigns the bindings of a record variable's fields, recursively.
  bool fieldBindings(Instance *record, std::vector<std::string> path, SourceRange loc);
  bool assertStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  bool modelCallStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  bool callStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  flat::Statement assertion(Flattener::ExpandedAssert &a);
  bool unsupported(const std::string &reason);
  bool externalCall(const ast::ExternalClause &ext);
  bool externalArgument(const ast::Expr &arg, flat::ExternalCall &call);
  bool variableArgument(Instance *var, bool withSizes, SourceRange loc, flat::ExternalCall &call);
  bool externalResult(Instance *var, SourceRange loc, flat::ExternalCall &call);
  void externalAnnotations(const ast::ExternalClause &ext, flat::ExternalCall &call);
  std::string resolveUri(const std::string &uri);
  void emit(flat::Statement s) { current_->push_back(std::move(s)); }
  Instance *variableOf(const ast::RefExpr &ref, Scope scope);
  uint32_t newSlot() { return compiled_->numSlots++; }
  sym::ExprPool &pool() { return f_.pool(); }

  Flattener &f_;
  Instance *function_;
  flat::Function *compiled_; ///< null when inlining
  FunctionFrame frame_;
  /// Compiled: each variable's slots (its value in frame_ may instead be a
  /// constant while that is known, for sizes that depend on it).
  std::unordered_map<Instance *, Value> slots_;
  /// Compiled: the sizes a protected `X[:]` takes from its first
  /// assignment as a whole (sizeByAssignment), which localDims gives it.
  std::unordered_map<Instance *, std::vector<int64_t>> assignedDims_;
  bool assignedAsWhole(Instance *var);
  bool sizedByItsAssignment(Instance *var);
  bool sizeByAssignment(Instance *var, const ast::RefExpr &ref, const Value &value,
                        SourceRange loc);
  sym::ExprPool *savedPool_ = nullptr;
  std::vector<std::pair<std::string, Value>> savedIterators_;
  std::vector<flat::Statement> *current_ = nullptr;
  sym::ExprId active_;   ///< inlining: the condition under which statements run
  sym::ExprId returned_; ///< inlining: the condition under which it returned
  int loopDepth_ = 0;
  bool modelAlgorithm_ = false;
  bool initialAlgorithm_ = false;
  flat::WhenBranch *whenBranch_ = nullptr;
};

} // namespace mocc::flattening
