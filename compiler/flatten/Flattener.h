// The flattener's internal state, shared by the files of this phase:
// variables of each instance, for-loop iterators in scope, lazily lowered
// bindings, and the lowering of expressions, calls and equations.
#pragma once

#include "compiler/flatten/Flatten.h"
#include "compiler/flatten/Value.h"

#include "compiler/ast/Walk.h"

#include <deque>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace mocc::flattening {

using inst::Instance;
using inst::Scope;

/// The variables of a function being lowered and their current values:
/// expressions of the caller's pool when a call is inlined, the function's
/// slots when it is compiled.
struct FunctionFrame {
  Instance *function = nullptr;
  bool compiled = false;
  std::unordered_map<Instance *, Value> values;
  /// Compiled: protected arrays declared with `:` and sized by their first
  /// assignment as a whole (FunctionLowering::sizeByAssignment), until it.
  std::unordered_set<Instance *> sizedByAssignment;
};

class ConnectionGraph;

/// The name of a called operator as written, with `.Connections.x` (the
/// built-in package named globally) as `Connections.x`.
inline std::string operatorName(const ast::RefExpr &callee) {
  std::string name = callee.str();
  if (name.rfind(".Connections.", 0) == 0)
    name.erase(0, 1);
  return name;
}

/// Whether x is a value of Integer, which has 32 bits (as C receives it,
/// MLS 12.9.1; the MSL's Integer_inf is 2^31 - 1); NaN is none.
inline bool fitsInteger(double x) { return x >= -2147483648.0 && x <= 2147483647.0; }
inline const char *integerRange() { return "-2147483648 to 2147483647"; }

/// The scalar variables of one component of a built-in type.
struct VarRange {
  uint32_t first = 0;
  std::vector<int64_t> dims;
  flat::TypeKind type = flat::TypeKind::Real;
};

class Flattener {
public:
  Flattener(inst::Instantiator &instantiator, Diagnostics &diags, flat::FlatModel &model)
      : inst_(instantiator), diags_(diags), model_(model), pool_(&model.pool) {}

  /// Flattens the whole model; false if any error was reported.
  bool run(Instance *root);

  // --- Expressions (Lowering.cpp) ------------------------------------------
  std::optional<Value> lower(const ast::Expr &expr, Scope scope);
  /// Whether an expression of the model depends on neither time nor a
  /// variable that is not a parameter or constant.
  bool isTimeInvariant(sym::ExprId expr);
  /// The destructor of an external object class, specialized (an index in
  /// the model's functions).
  std::optional<uint32_t> destructorOf(inst::ClassNode *cls, SourceRange loc);
  /// The elements that subscripts known only at run time select from an
  /// array of sizes `dims`: for each, in row-major order, its 0-based
  /// linear index (an expression) and the 1-based indices per dimension;
  /// `resultDims` gets the sizes of the selection (ranges and `:` keep
  /// their dimension). Nothing after an error.
  struct DynamicSelection {
    std::vector<sym::ExprId> linear;
    std::vector<std::vector<sym::ExprId>> indices;
    std::vector<int64_t> resultDims;
  };
  std::optional<DynamicSelection> dynamicSelection(const std::vector<int64_t> &dims,
                                                   const ast::RefPart &part, Scope scope);
  /// The value of a subscript out of bounds (see Lowering.cpp): a call
  /// that fails with the message when it is evaluated.
  sym::ExprId subscriptError(const std::vector<sym::ExprId> &indices,
                             const std::vector<int64_t> &dims, const std::string &name,
                             SourceRange loc);
  /// Lowers and folds to constants, using parameter and constant values;
  /// reports `what` must be a parameter expression if it is not.
  std::optional<Value> evaluate(const ast::Expr &expr, Scope scope, const char *what);
  std::optional<int64_t> evaluateInteger(const ast::Expr &expr, Scope scope, const char *what);
  std::optional<bool> evaluateBoolean(const ast::Expr &expr, Scope scope, const char *what);
  /// The value of a scalar expression from parameter and constant values.
  std::optional<double> evaluate(sym::ExprId expr);
  std::optional<double> evaluateWithCalls(sym::ExprId expr,
                                          const std::function<std::optional<double>(sym::VarId)> &valueOf);

  /// The range of a for-index written without one (`for i loop`, MLS
  /// 10.4.1.2 and 11.2.2.2): the indices of the array dimension that every
  /// subscript `i` in the body (given by `walkBody`) stands for; reports
  /// at `at` if there is none or they differ.
  std::optional<Value> deduceRange(const std::string &name,
                                   const std::function<void(const ast::ExprVisitor &)> &walkBody,
                                   Scope scope, SourceRange at);

  // --- Functional arguments (Calls.cpp) --------------------------------------
  /// `function f(a = 1, ...)`: a function value with bound inputs.
  std::optional<Value> lowerPartialApplication(const ast::PartialAppExpr &e, Scope scope);
  /// A call of a functional input `g(x)` whose value is `function` (MLS
  /// 12.4.2): the function with the call's arguments and the bound ones.
  std::optional<std::vector<Value>> callFunctionValue(const Value &function,
                                                      const ast::CallExpr &call, Scope scope);
  /// The function value a callee names in the innermost frame, or null.
  const Value *functionValueOf(const ast::RefExpr &callee, Scope scope);
  const Value *functionValueNamed(const std::string &name, Scope scope);

  // --- Overloaded operators (Overloading.cpp) --------------------------------
  using NamedValue = std::pair<std::string, Value>;
  /// The operator record class of a record value, or null.
  inst::ClassNode *operatorRecordOf(const Value &v);
  /// The functions of the operator `op` ("'+'") of an operator record.
  std::vector<inst::ClassNode *> operatorFunctions(inst::ClassNode *record, const std::string &op);
  /// Calls the function of `op` whose inputs fit the arguments; nothing
  /// (unreported) if none does.
  std::optional<Value> callOverloaded(inst::ClassNode *record, const std::string &op,
                                      const std::vector<Value> &args,
                                      const std::vector<NamedValue> &named, SourceRange loc);
  /// A value of the operator record: itself, or made by its constructor.
  std::optional<Value> construct(inst::ClassNode *record, const Value &arg, SourceRange loc);
  std::optional<Value> lowerOverloadedBinary(const ast::BinaryExpr &e, const Value &a,
                                             const Value &b);
  std::optional<Value> lowerOverloadedUnary(const ast::UnaryExpr &e, const Value &a);
  /// `R(args)` with an overloaded 'constructor' whose function fits.
  std::optional<Value> lowerOverloadedConstructor(inst::ClassNode *record,
                                                  const ast::CallExpr &call, Scope scope);

  // --- Strings known while translating (Strings.cpp) -----------------------
  /// Whether a call is the built-in String() conversion.
  bool isStringConversion(const ast::CallExpr &call, Scope scope);
  std::optional<Value> lowerStringConversion(const ast::CallExpr &call, Scope scope);
  /// `String(x) == "text"` for an enumeration, Boolean or Integer x known
  /// only at run time: `x == value of text`; nothing if it is not that.
  std::optional<Value> compareStringConversion(const ast::BinaryExpr &e, Scope scope);
  /// The literal of a Boolean or enumeration value.
  std::optional<std::string> literalName(const Value &v, double index);
  /// Gives String variables (not parameters) texts known while
  /// translating; false after an error.
  bool defineStrings(const Value &variables, const Value &texts, SourceRange loc);
  void lowerStringEquation(const Value &lhs, const Value &rhs, SourceRange loc);
  /// Set while the body of a when-equation is lowered.

  // --- Calls (Builtins.cpp, Calls.cpp) -----------------------------------------
  std::optional<Value> lowerCall(const ast::CallExpr &call, Scope scope);
  std::optional<Value> lowerConnectionOperator(const ast::CallExpr &call, Scope scope);
  std::optional<Value> lowerStreamOperator(const ast::CallExpr &call, Scope scope);
  std::optional<Value> lowerEventOperator(const ast::CallExpr &call, Scope scope);
  std::optional<Value> lowerDelay(const ast::CallExpr &call, Scope scope);

  // --- Clocked synchronous partitions (Clocks.cpp, MLS 16) -----------------------------
  /// What a clocked operator computes; each call gets a variable of its own
  /// (`result`), defined when the partitions are resolved.
  enum class ClockedOpKind {
    Clock,       ///< Clock(...): result is a clock variable
    Sample,      ///< sample(u, c), sample(u): arg u, clock c (invalid: inferred)
    Hold,        ///< hold(u)
    SubSample,   ///< subSample(u, n): factor n
    SuperSample, ///< superSample(u, n)
    ShiftSample, ///< shiftSample(u, k, r): shift k/r
    BackSample,  ///< backSample(u, k, r)
    NoClock,     ///< noClock(u)
    Interval,    ///< interval(u), interval()
    FirstTick,   ///< firstTick(u), firstTick()
    Previous,    ///< previous(x): result is x, whose pre() the call became
  };
  size_t queryCalls_[2] = {0, 0}; ///< calls of interval() and of firstTick() without argument
  struct ClockedOp {
    ClockedOpKind kind = ClockedOpKind::Clock;
    sym::VarId result;
    sym::ExprId arg;   ///< the operand (invalid for Clock, interval() and firstTick())
    sym::ExprId clock; ///< Sample: the clock variable
    /// Clock: a periodic clock of interval num / den seconds (exact when
    /// `exact`, else `interval`); none for an inferred Clock().
    bool periodic = false, exact = false;
    int64_t num = 0, den = 1;
    double interval = 0;
    /// Clock: an event clock Clock(condition, startInterval) (MLS 16.3),
    /// which ticks where `condition` becomes true.
    bool event = false;
    sym::ExprId condition;
    double startInterval = 0;
    SourceRange loc;
  };
  /// The clocked operators: Clock(...), sample(u[, c]), hold, previous,
  /// subSample, superSample, shiftSample, backSample, noClock, interval,
  /// firstTick; nothing (after a diagnostic) for an unsupported form.
  std::optional<Value> lowerClockedOperator(const ast::CallExpr &call, Scope scope,
                                            std::optional<Value> first = std::nullopt,
                                            std::optional<Value> second = std::nullopt);
  /// Whether every element of `v` is a Clock variable.
  bool isClockValue(const Value &v) const;
  /// `when c then ... end when` with a clock c (MLS 16.6): the body's
  /// equations join the partition of the clock.
  void lowerClockedWhen(const ast::WhenEquation &eq, const Value &clock, Scope scope);
  /// Clock inference, partitioning and the lowering of each clocked
  /// partition to a when-clause at its ticks (MLS 16.7, 16.8).
  void resolveClocks();
  std::vector<ClockedOp> clockedOps_;
  std::vector<char> clockVar_; ///< by variable index: a Clock variable
  struct ClockedWhen {
    sym::ExprId clock;
    size_t first, end; ///< its equations in model_.equations
    SourceRange loc;
  };
  std::vector<ClockedWhen> clockedWhens_;
  /// The parts of an assert or terminate message: "text" + String(x) + ...
  std::vector<flat::MessagePart> messageParts(const ast::Expr &message, Scope scope);
  /// The class a call names: a function or record, looked up from the scope
  /// or through a component (`world.gravityAcceleration(r)`).
  inst::ClassNode *resolveCallee(const ast::RefExpr &callee, Scope scope,
                                 Instance **owner = nullptr);
  /// The name of the built-in a function maps to (`external "builtin"`), or "".
  std::string externalBuiltin(inst::ClassNode *function);
  std::optional<Value> lowerFunctionCall(inst::ClassNode *function, const ast::CallExpr &call,
                                         Scope scope);
  /// `calls`, if given, receives the Call node of each compiled call made.
  std::optional<std::vector<Value>> vectorizedCall(Instance *function,
                                                   std::vector<std::optional<Value>> &args,
                                                   SourceRange loc,
                                                   std::vector<sym::ExprId> *calls = nullptr);
  /// All outputs of a call of a user-defined function (for `(a, b) = f(x)`);
  /// `calls` as for vectorizedCall.
  std::optional<std::vector<Value>> lowerCallOutputs(const ast::CallExpr &call, Scope scope,
                                                     std::vector<sym::ExprId> *calls = nullptr);
  /// An assert of a function whose algorithm is nothing but asserts,
  /// expanded at its call (see lowerCallEffects).
  struct ExpandedAssert {
    sym::ExprId condition;
    std::vector<flat::MessagePart> message;
    int level = 1;
    SourceRange loc; ///< the assert in the function
  };
  /// What a call statement `f(x);` (or equation) runs for its effects.
  struct CallEffects {
    /// The Call nodes to execute, one per element of a vectorized call;
    /// none for a call without effects (a built-in function, a record
    /// constructor, a function inlined, which has neither asserts nor calls).
    std::vector<sym::ExprId> calls;
    /// A function whose algorithm is only asserts (the MSL's Streams.error)
    /// is not called but expanded: its asserts with the inputs bound to the
    /// arguments, so that a message built at run time ("x = " + String(x))
    /// can be its String input, which a compiled call cannot take (Strings
    /// are values known while translating).
    std::vector<ExpandedAssert> asserts;
    bool impure = false; ///< the function is declared impure (MLS 12.3)
  };
  /// Nothing after an error.
  std::optional<CallEffects> lowerCallEffects(const ast::CallExpr &call, Scope scope);
  /// The argument of each input of `function` in a call, in input order
  /// (null for an input left to its default); nothing after an error.
  std::optional<std::vector<const ast::Expr *>> matchCallArguments(Instance *function,
                                                                   const ast::CallExpr &call);
  /// The String inputs of an assert-only function being expanded, with
  /// their arguments: messageParts reads such an input as its argument.
  struct MessageArgument {
    Instance *input = nullptr;
    const ast::Expr *arg = nullptr;
    Scope scope;
    size_t frames = 0; ///< the caller's frames (the callee's come after)
  };
  std::vector<MessageArgument> messageArguments;
  /// Values reached from `base` by the subscripts and field names of
  /// ref.parts[part...] (for function variables and record constants).
  std::optional<Value> selectPath(const Value &base, const ast::RefExpr &ref, size_t part,
                                  Scope scope);
  /// Function variables in scope, innermost function last.
  std::vector<FunctionFrame *> frames;
  /// Switches the pool expressions are built in (returns the previous one).
  sym::ExprPool *setPool(sym::ExprPool *pool) { std::swap(pool, pool_); return pool; }
  /// The instance of a function class (members: inputs, outputs, ...);
  /// `owner` as in Instantiator::instantiateModel.
  Instance *functionInstance(inst::ClassNode *function, Instance *owner = nullptr);
  /// Cache of lowered function specializations: key -> index in functions.
  std::unordered_map<std::string, uint32_t> specializations;
  /// The shapes of the outputs of each compiled function (by index).
  std::unordered_map<uint32_t, std::vector<Value>> outputShapes;
  /// Whether calls of functions with annotation(Inline = true) are inlined
  /// (`mocc eval` compiles every function instead).
  bool inlineFunctions = true;
  /// The first use of `time` or of an event operator (`initial()`, ...)
  /// lowered, for `mocc eval`'s error when its expression is not constant.
  TimeDependence firstTimeDependence;
  /// The history buffers of delay() calls numbered so far (the payload of
  /// each Delay node; runtime/Delays.h keeps one per number).
  uint32_t delayBuffers = 0;
  /// The connections, collected before equations are lowered.
  ConnectionGraph *connections = nullptr;
  /// Function classes being inlined (to stop recursive inlining).
  std::vector<inst::ClassNode *> inlining;
  /// Specializations of each function class being compiled (nested when
  /// a function calls itself with sizes that depend on its inputs).
  std::unordered_map<inst::ClassNode *, int> specializing;
  /// Runs external functions while translating (see flatten()); may be null.
  flat::NativeEvaluator *native = nullptr;

  // --- Strings known only at run time (Strings.cpp) ----------------------------
  /// The operations on them, each an external function of the runtime
  /// (runtime/ModelicaUtilities.h) made once per model.
  enum class StringOp { Literal, Concat, Compare, Real, Integer, Boolean, Format };
  /// A call of operation `op` on `args` (in the current pool): its one
  /// output. `text`: the literal's text, the format of Format.
  sym::ExprId stringOperation(StringOp op, const std::vector<sym::ExprId> &args,
                              const std::string &text = "");
  /// Whether code is being lowered for a compiled function, where Strings
  /// may be known only at run time.
  bool inCompiledFunction() const { return pool_ != &model_.pool; }
  /// The elements of a String value as pointers known at run time (known
  /// texts become literals).
  std::vector<sym::ExprId> stringPointers(const Value &v);
  /// Makes the text of a String value known (calling the functions that
  /// compute it while translating); false, with an error about `what` at
  /// `loc` (none if `what` is empty), if it cannot.
  bool knowText(Value &v, SourceRange loc, const std::string &what);
  /// a + b on Strings; a relation on them (a Boolean); String(x, ...).
  std::optional<Value> concatStrings(const Value &a, const Value &b, SourceRange loc);
  std::optional<Value> compareStrings(sym::OpKind relation, const Value &a, const Value &b,
                                      SourceRange loc);
  std::optional<Value> stringOf(const ast::CallExpr &call, Scope scope);
  /// A `modelica://` or `file://` URI as a file name (see Strings.cpp).
  std::string resolveUri(const std::string &uri);

  // --- Equations (Equations.cpp) ---------------------------------------------
  void lowerEquation(const ast::Equation &eq, Scope scope, bool initial);
  void lowerSimpleEquation(const ast::SimpleEquation &e, Scope scope, bool initial);
  void unrollForEquation(const ast::ForEquation &e, size_t level, Scope scope, bool initial);
  /// A for-equation explicit in its iterators, lowered once as a template
  /// and run over its index box (ForTemplates.cpp, D10); false if it is not
  /// of that form and must be unrolled.
  bool lowerForTemplate(const ast::ForEquation &e, Scope scope, bool initial);
  friend class ForTemplate;
  void lowerIfEquation(const ast::IfEquation &e, Scope scope, bool initial);
  bool whenIfAssignments(const ast::IfEquation &e,
                         const std::vector<std::pair<sym::ExprId, const ast::EquationBranch *>> &varying,
                         const std::vector<flat::Equation> &otherwise,
                         const std::vector<std::vector<flat::Equation>> &branches,
                         std::vector<flat::Equation> &target);
  bool pairByAssignedVariable(const std::vector<flat::Equation> &otherwise,
                              const std::vector<std::vector<flat::Equation>> &branches,
                              const std::vector<std::pair<sym::ExprId, const ast::EquationBranch *>> &varying,
                              const ast::IfEquation &e, std::vector<flat::Equation> &target);
  void lowerVaryingIf(const ast::IfEquation &e,
                      const std::vector<std::pair<sym::ExprId, const ast::EquationBranch *>> &varying,
                      const ast::EquationBranch *chosen, Scope scope, bool initial);
  void lowerCallEquation(const ast::CallEquation &e, Scope scope, bool initial);
  /// `guard`, if valid: the assert runs only where it holds (an if-statement
  /// around it in an algorithm).
  void lowerAssert(const ast::CallExpr &call, Scope scope, SourceRange loc,
                   flat::WhenBranch *branch = nullptr, sym::ExprId guard = {});
  void lowerWhen(const ast::WhenEquation &eq, Scope scope);
  void checkWhenAssignments();
  void checkParameterValues();
  /// The condition of a when-branch: a Boolean or a vector of Booleans,
  /// one element per condition; nothing after an error. `what` names the
  /// construct ("when-equation", "when-statement").
  std::optional<std::vector<sym::ExprId>> whenConditions(const ast::Expr *condition, Scope scope,
                                                         const char *what);
  /// An algorithm section of a model (ModelAlgorithms.cpp): its equations, or
  /// when-clauses for its when-statements.
  void lowerAlgorithm(const ast::AlgorithmSection &section, Scope scope);
  bool independentOfGroup(const std::vector<sym::ExprId> &targets, sym::ExprId value);
  void lowerWhenBody(const std::vector<ast::EquationPtr> &body, Scope scope,
                     flat::WhenBranch &branch);
  void lowerWhenEquations(const std::vector<ast::EquationPtr> &body, Scope scope,
                          flat::WhenBranch &branch);
  /// Lowering the body of a when-equation (its calls may be impure).
  bool inWhenBody = false;
  /// The variables reinit() sets, with where: each must be a state, which
  /// is known once every equation is lowered (Flattener::run).
  std::vector<std::pair<sym::VarId, SourceRange>> reinitTargets;
  void lowerTupleEquation(const ast::TupleExpr &lhs, const ast::Expr &rhs, Scope scope,
                          bool initial, SourceRange loc);

  // --- Variables (Flattener.cpp) ----------------------------------------------
  /// The variables of a component of a built-in type, declared on first use.
  const VarRange *varsOf(Instance *instance);
  /// Whether the variables of a component were declared (components of an
  /// expandable connector exist only once something refers to them).
  bool hasVariables(Instance *instance) const { return instance->flatOwner == id_; }
  /// The evaluated dimensions of a component.
  std::optional<std::vector<int64_t>> dimsOf(Instance *instance);
  std::optional<std::vector<int64_t>> evaluateDims(Instance *instance);
  /// Whether a component exists (false for a conditional component whose
  /// condition is false).
  bool isEnabled(Instance *instance);
  /// The value of a whole component: its variables, or for a record (or any
  /// class) the values of its components as fields.
  std::optional<Value> instanceValue(Instance *instance, SourceRange loc);
  /// The value of a component of a class type (a record, or an array of
  /// them): its components' values as fields.
  std::optional<Value> compositeValue(Instance *instance, SourceRange loc);
  /// A record constructor call: the record class with positional and named
  /// field values, missing fields from their declaration bindings.
  std::optional<Value> constructRecord(inst::ClassNode *record, const ast::CallExpr &call,
                                       Scope scope);
  /// `ExtObj(args)` for a class that extends ExternalObject: the call of
  /// its constructor, an external object value of that class.
  std::optional<Value> constructExternalObject(inst::ClassNode *cls, const ast::CallExpr &call,
                                               Scope scope);

  // Helpers shared by the lowering files.
  Value elementwise(const Value &a, const std::function<sym::ExprId(sym::ExprId)> &f);
  std::optional<Value> elementwise2(const Value &a, const Value &b, SourceRange loc,
                                    const std::function<sym::ExprId(sym::ExprId, sym::ExprId)> &f,
                                    const char *opText);
  std::optional<Value> timeDerivative(const Value &v, SourceRange loc);
  /// The pool expressions are built in: the model's, or while a function
  /// is lowered, that function's.
  sym::ExprPool &pool() { return *pool_; }
  Diagnostics &diags() { return diags_; }
  flat::FlatModel &model() { return model_; }
  /// Forgets the array equations (flat::ArrayEquation) from the equation at
  /// `first` on, when the equations from there are taken out of the model
  /// (the records are in the order of their equations).
  void dropArrayEquationsFrom(size_t first) {
    while (!model_.arrayEquations.empty() && model_.arrayEquations.back().first >= first)
      model_.arrayEquations.pop_back();
  }
  inst::Instantiator &instantiator() { return inst_; }
  /// Iterators of enclosing for-equations and reductions, innermost last.
  std::vector<std::pair<std::string, Value>> iterators;
  /// Sizes for `end` in the subscripts being lowered, innermost last.
  std::vector<int64_t> endSizes;

private:
  std::optional<Value> lowerRef(const ast::RefExpr &ref, Scope scope);
  std::optional<Value> lowerInstance(Instance *x, const ast::RefExpr &ref, size_t part, Scope scope);
  std::optional<Value> lowerClassPath(inst::ClassNode *cls, const ast::RefExpr &ref, size_t part,
                                      Scope scope);
public:
  std::optional<Value> applySubscripts(const Value &v, const ast::RefPart &part, Scope scope);
  /// The 1-based indices each subscript of `part` selects in each dimension.
  /// `owner`, when given, is the component whose dimensions these are: a
  /// dimension given by Boolean or an enumeration takes subscripts of that
  /// type only (MLS 10.5).
  std::optional<std::vector<std::vector<int64_t>>>
  subscriptIndices(const ast::RefPart &part, const std::vector<int64_t> &dims,
                   std::vector<bool> &keep, Scope scope, Instance *owner = nullptr);
  /// The index type of each dimension of a component: Integer, Boolean or
  /// an enumeration (with its class name).
  const std::vector<std::pair<ElementType, std::string>> &dimensionTypes(Instance *x);
  /// The value of an Integer expression of literals, for-loop iterators
  /// bound to Integers, `end` (when endSize >= 0), unary minus and +, -, *,
  /// or nothing (see Lowering.cpp).
  std::optional<int64_t> quickInteger(const ast::Expr &e, int64_t endSize) const;
  /// The value of a condition of relations between such expressions,
  /// Boolean literals, and, or and not, or nothing.
  std::optional<bool> quickCondition(const ast::Expr &e) const;
private:
  std::optional<Value> subscriptVariables(Instance *x, const ast::RefPart &part, Scope scope);
  std::optional<Value> dynamicSubscript(const Value &v, const ast::RefPart &part, Scope scope);
  std::optional<Value> dynamicRecordSubscript(const Value &v, const ast::RefPart &part, Scope scope);
  std::optional<Value> lowerBinary(const ast::BinaryExpr &e, Scope scope);
  std::optional<Value> combineBinary(const ast::BinaryExpr &e, const Value &a, const Value &b);
  std::optional<Value> lowerUnary(const ast::UnaryExpr &e, Scope scope);
  std::optional<Value> lowerIf(const ast::IfExpr &e, Scope scope);
  std::optional<Value> lowerRange(const ast::RangeExpr &e, Scope scope);
  std::optional<Value> lowerArray(const ast::ArrayExpr &e, Scope scope);
  std::optional<Value> lowerMatrix(const ast::MatrixExpr &e, Scope scope);
  std::optional<Value> lowerComprehension(const ast::ComprehensionExpr &e, Scope scope);
  std::optional<Value> multiply(const Value &a, const Value &b, SourceRange loc);
  std::optional<Value> constantOf(Instance *x);

  void declare(Instance *instance);
  void define(Instance *instance);
  void defineVariables(Instance *instance, const VarRange &range);
  bool checkVariableCount(Instance *x, int64_t count);
  /// Whether `count` elements (a product of range sizes, in floating point)
  /// are at most kMaxArrayElements; if not, reports `kind` at `range` with
  /// the count and the limit as its arguments.
  bool checkElementCount(double count, diag::Kind kind, SourceRange range);
  std::optional<Value> bindingValue(Instance *instance, const VarRange &range);
  std::optional<Value> ownBinding(Instance *instance);
  /// The slice of `value`, the binding of `mod` on an element of an array
  /// of components, that the element takes; null after an error.
  const Value *bindingElement(const inst::Modifier &mod, const Value *value,
                              std::optional<Value> &own, Instance *x);
  /// Sets attribute `name` of the variables of `range` from a literal
  /// binding without lowering it; false (nothing set) for any other.
  bool setLiteralAttribute(const std::string &name, const ast::Expr &binding,
                           const VarRange &range, int64_t count);
  const Value *lowerShared(const ast::Expr &binding, Scope scope, bool perElement,
                           std::optional<Value> &own);
  std::optional<Value> inheritedBinding(Instance *instance);
  void defineRecordBinding(Instance *instance);
  void setAttributes(Instance *instance, const VarRange &range);
  void ensureParameterBinding(sym::VarId var);
  void resolveParameters(sym::ExprId expr);
  std::optional<double> knownValue(sym::VarId var);
  void readExperiment(inst::ClassNode *cls);
  uint32_t enumerationIndex(inst::ClassNode *cls);
  /// The external object class of a component (its destructor specialized
  /// on first use); nothing after an error.
  std::optional<uint32_t> externalObjectIndex(Instance *x);

  inst::Instantiator &inst_;
  Diagnostics &diags_;
  flat::FlatModel &model_;
  sym::ExprPool *pool_;
  /// The variables of each component of a built-in type, indexed by
  /// Instance::flatVars (a deque: varsOf's pointers stay valid).
  std::deque<VarRange> vars_;
  /// This flattener's id for Instance::flatOwner (never 0).
  uint64_t id_ = nextId();
  static uint64_t nextId();
  std::map<std::pair<Instance *, uint64_t>, std::optional<Value>> constants_; ///< by pool id
  std::set<std::pair<Instance *, uint64_t>> evaluatingConstants_; ///< being lowered (cycles)
  std::map<std::pair<inst::ClassNode *, Instance *>, Instance *> functionInstances_;
  std::unordered_map<inst::ClassNode *, uint32_t> enumerations_;
  std::unordered_map<inst::ClassNode *, uint32_t> externalObjects_;
  std::set<Instance *> failedObjects_; ///< external objects reported as misdeclared
  std::vector<Instance *> owner_;         ///< the instance of each variable
  std::vector<uint8_t> bindingState_;     ///< 0 not lowered, 1 lowering, 2 done
  std::vector<uint8_t> valueState_;       ///< 0 unknown, 1 evaluating, 2 known, 3 not constant
  std::vector<double> values_;
  /// Why the interpreter could not evaluate a function call (a limit
  /// reached, a failed assert), since evaluate(const ast::Expr &, ...) began.
  std::string evaluationFailure_;
  SourceRange evaluationFailureLoc_; ///< the binding it failed in, if known
  std::vector<Instance *> declaring_;     ///< for cycle detection in dims
  bool containsItself_ = false;           ///< components nested too deeply
  bool tooManyVariables_ = false;         ///< reported once
  /// While a for-equation is unrolled: how many times the body runs for
  /// one value of the indices outside the current level (a product of
  /// range sizes, in floating point so that it cannot overflow).
  double forIterations_ = 1;
  std::unordered_map<Instance *, bool> enabled_;
  std::unordered_set<Instance *> stringBindings_; ///< String bindings being lowered (cycles)
  std::unordered_set<Instance *> failedDims_;     ///< dimensions reported as wrong
  std::unordered_set<Instance *> sizing_;         ///< dimensions being evaluated (cycles)
  std::unordered_set<Instance *> sizingFromBinding_;
  std::unordered_map<Instance *, std::vector<std::pair<ElementType, std::string>>> dimTypes_;
  /// The function that reports a subscript out of bounds, per reference.
  std::map<std::string, uint32_t> subscriptErrors_;
  /// Bindings that the elements of an array of components share, lowered once.
  std::map<std::tuple<const ast::Expr *, Instance *, inst::ClassNode *, sym::ExprPool *>, Value>
      shared_;
  /// The bindings of arrays of components whose size mismatch was reported
  /// (once, not once per element).
  std::unordered_set<const ast::Expr *> splitReported_;
};

} // namespace mocc::flattening
