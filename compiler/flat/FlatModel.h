// The flat model: the output of flattening and the input of every back-end
// phase. It holds scalar variables only (an array `x[3]` is three variables
// named `x[1]`, `x[2]`, `x[3]`; a record component's fields are variables of
// their own) and scalar equations `lhs = rhs` over symbolic expressions of
// one shared ExprPool. Every variable and equation keeps the source range of
// the declaration or equation it came from. See docs/ir-contracts.md.
#pragma once

#include "compiler/flat/Function.h"
#include "compiler/flat/Types.h"
#include "compiler/support/SourceManager.h"
#include "compiler/symbolic/Expr.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace mocc::flat {

/// The attributes of a built-in type that matter to the back end. An
/// expression attribute is an invalid ExprId when not given.
struct Attributes {
  sym::ExprId start;
  sym::ExprId nominal;
  sym::ExprId min;
  sym::ExprId max;
  std::optional<bool> fixed;
  StateSelectKind stateSelect = StateSelectKind::Default;
  std::string unit;
  std::string displayUnit;
  std::string quantity;
};

/// Variables that the compiler adds for the discrete part of a model; the
/// runtime sets or updates them, equations only read them.
enum class SpecialKind : uint8_t {
  None,
  Pre,       ///< pre(x) of variable preOf
  Initial,   ///< initial()
  Terminal,  ///< terminal()
  Sample,    ///< the flag of one sample(start, interval)
  /// a relation held between events, or the instant of a time event that
  /// moves (added by causalization)
  Relation,
  Condition, ///< a when-condition, for its rising edge (added by causalization)
  /// An entry of a selection matrix of dynamic state selection (added by
  /// index reduction; the run time sets it, 0 or 1)
  Selection,
  /// 1 while the runtime repeats the event update within a round of the
  /// event iteration (added by causalization): an assignment that calls an
  /// impure function keeps its value then, so the call runs once per round
  Repeat,
  /// The homotopy parameter lambda of homotopy(actual, simplified) (MLS
  /// 3.7.4.4), a Real: the runtime sets it from 0 to 1 while it solves the
  /// initialization problem by continuation, and 1 after.
  Homotopy,
};

/// One scalar variable; its VarId is its index in FlatModel::variables and
/// its slot in the runtime's value array.
struct Variable {
  std::string name; ///< "a.b[2].c"; "der(x)" for a derivative
  TypeKind type = TypeKind::Real;
  VariabilityKind variability = VariabilityKind::Continuous;
  CausalityKind causality = CausalityKind::None;
  /// Parameters and constants: the binding (declaration equation); invalid
  /// when there is none. Other variables never have one here: flattening
  /// turns their bindings into equations.
  sym::ExprId binding;
  /// String parameters and constants: their text, known while translating
  /// (expressions hold no strings); unset if they have none.
  std::optional<std::string> text;
  SourceRange bindingLoc; ///< where the binding was written (a modifier or the declaration)
  Attributes attributes;
  SourceRange loc;
  std::string description;
  bool isProtected = false;
  /// An input of the model itself: declared at the top level or inside
  /// top-level public connectors (MLS 4.7); its value comes from outside.
  bool topLevelInput = false;
  sym::VarId derivativeOf; ///< set on a der(x) variable: x
  sym::VarId derivative;   ///< set on x once der(x) exists
  /// Enumeration variables: index into FlatModel::enumerations.
  uint32_t enumeration = UINT32_MAX;
  /// ExternalObject variables: index into FlatModel::externalObjects.
  uint32_t externalObject = UINT32_MAX;
  SpecialKind special = SpecialKind::None;
  sym::VarId preOf; ///< Pre: the variable it is the pre() of
  sym::VarId pre;   ///< set on x once pre(x) exists
  /// A parameter or constant whose value flattening used (an array size, a
  /// condition of an if-equation or of a conditional component, a for
  /// range, an assert it checked, an attribute that must be a parameter
  /// expression, the value of another such parameter): its value is part of
  /// the model's structure, and a different one needs a new translation.
  bool structural = false;
  /// Declared `final`, or given a `final` modification: no modification
  /// (and no override) may change its value.
  bool final = false;
};

/// An enumeration type; values are the 1-based index of a literal.
struct EnumerationType {
  std::string name;
  std::vector<std::string> literals;
};

/// A class that extends ExternalObject (MLS 12.9.7). A parameter or
/// constant of it is bound to a call of its constructor (or to another
/// external object, which it then shares); the runtime calls the
/// destructor on each object a constructor made, once, after the last use.
struct ExternalObjectType {
  std::string name;                 ///< the class, "Modelica.Blocks.Types.ExternalCombiTimeTable"
  uint32_t destructor = UINT32_MAX; ///< the destructor's specialization in FlatModel::functions
};

/// Why an equation exists (for messages that point at the user's source).
enum class EquationOriginKind {
  Equation,      ///< written in an equation section
  Binding,       ///< the declaration equation of a variable (`Real x = e`)
  Connect,       ///< potential equality of a connect()
  FlowSum,       ///< sum-to-zero of the flows of a connection set
  UnconnectedFlow, ///< a flow variable of an unconnected connector is zero
  Initial,       ///< written in an initial equation section
  FixedStart,    ///< `x = start` for a variable with fixed = true
  Differentiated,///< the time derivative of another equation (index reduction)
};

/// A scalar equation lhs = rhs.
struct Equation {
  sym::ExprId lhs;
  sym::ExprId rhs;
  SourceRange loc;
  EquationOriginKind origin = EquationOriginKind::Equation;
  uint32_t originIndex = 0; ///< Differentiated: the equation it came from
};

/// assert(condition, message, level) checked while the model runs.
struct Assertion {
  sym::ExprId condition;
  std::vector<MessagePart> message;
  int level = 1; ///< 1: AssertionLevel.error, 2: AssertionLevel.warning
  SourceRange loc;
};

/// A function called for its effects, not its outputs (MLS 8.3.7, 11.2.6):
/// the statement `f(x);` of an algorithm, or the equation `f(x);`. The
/// function's asserts, its external C code and the functions it calls run
/// where the call is executed; its outputs, if any, are dropped.
struct CallEffect {
  /// A Call node, or if-expressions whose branches are such effects or the
  /// constant 0 (nothing): `if c then f(x) else 0` calls f only where c
  /// holds (an effect inside an if-statement of an algorithm).
  sym::ExprId call;
  SourceRange loc;
};

/// One branch of a when-clause (`when` or `elsewhen`): it fires when one of
/// its conditions rises (becomes true at an event), and then performs its
/// assignments (lhs is a discrete variable), reinit()s, calls, asserts and
/// terminate().
struct WhenBranch {
  std::vector<sym::ExprId> conditions;
  std::vector<Equation> assignments;
  std::vector<std::pair<sym::VarId, sym::ExprId>> reinits;
  std::vector<CallEffect> calls; ///< in the order of the source
  std::vector<Assertion> asserts;
  std::vector<std::vector<MessagePart>> terminates;
  SourceRange loc;
};

/// A when-equation (MLS 8.3.5): the first branch that fires wins.
struct WhenClause {
  std::vector<WhenBranch> branches;
  SourceRange loc;
};

/// A time event source sample(start, interval) and its flag variable.
struct Sample {
  sym::ExprId start;
  sym::ExprId interval;
  sym::VarId flag;
  SourceRange loc;
};

/// Values of the `experiment` annotation, where given.
struct Experiment {
  std::optional<double> startTime;
  std::optional<double> stopTime;
  std::optional<double> interval;
  std::optional<double> tolerance;
};

/// An explicit-ODE for-equation recognized as one array equation (design-log
/// D10, the array-preserving path): `for i in box loop c * der(x[i]) = f;`
/// with one equation in its body, whose der() reads the state array x at the
/// identity map of the box, the box a block lo[d]:hi[d] (step 1) of x's
/// indices. Its scalar equations are still in `equations`, element by
/// element in row-major order of the box (the first iterator outermost)
/// from `first`: they are the reference and what every later pass reads
/// today; this record says which of them form one array equation, so that a
/// pass may treat them as one (each element a block solving der(x[i])
/// alone). A pass that removes or reorders equations drops the records it
/// invalidates.
struct ArrayEquation {
  std::vector<int64_t> dims;   ///< the sizes of x
  std::vector<int64_t> lo, hi; ///< the box, per dimension (1-based, inclusive)
  size_t first = 0;            ///< index in `equations` of the box's first element
  size_t count = 0;            ///< the box's size: one scalar equation per element
  sym::VarId state;            ///< x[1, ..., 1]; x's elements are consecutive variables
  SourceRange loc;
};

/// A flattened model.
class FlatModel {
public:
  std::string name;
  SourceRange loc;
  /// The model has public connectors of its own with variables: it is a
  /// component, whose flows and bus signals other models would connect.
  bool hasConnectors = false;
  sym::ExprPool pool;
  std::vector<Variable> variables;
  std::vector<Equation> equations;
  std::vector<Equation> initialEquations;
  /// Explicit-ODE for-equations among `equations` (see ArrayEquation).
  std::vector<ArrayEquation> arrayEquations;
  /// The functions that Call nodes refer to (by index); see Function.h.
  std::vector<Function> functions;
  std::vector<EnumerationType> enumerations;
  std::vector<ExternalObjectType> externalObjects;
  std::vector<WhenClause> whenClauses;
  std::vector<Assertion> assertions; ///< checked at run time
  /// Calls outside when-clauses (continuous-time algorithms and equation
  /// sections), executed where the assertions are checked: at every output
  /// point and before and after every event; those of initial algorithms
  /// and initial equations (guarded by initial()) once, at the end of
  /// initialization.
  std::vector<CallEffect> calls;
  std::vector<Sample> samples;
  Experiment experiment;

  sym::VarId addVariable(Variable variable);
  /// The der(x) variable of x, created on first use.
  sym::VarId derivativeOf(sym::VarId x);
  /// The pre(x) variable of x, created on first use.
  sym::VarId preOf(sym::VarId x);
  /// The variable of initial() or terminal() (kind Initial or Terminal).
  sym::VarId specialVariable(SpecialKind kind);
  /// The variables assigned by when-clauses (discrete; known between events).
  std::vector<char> assignedInWhen() const;

  const Variable &var(sym::VarId id) const { return variables[id.index]; }
  Variable &var(sym::VarId id) { return variables[id.index]; }
  const std::string &nameOf(sym::VarId id) const { return variables[id.index].name; }
  size_t size() const { return variables.size(); }

  /// Modelica text of an expression of this model; `cache` keeps the text
  /// of calls for the next expressions (sym::PrintCache).
  std::string print(sym::ExprId expr, sym::PrintCache *cache = nullptr) const;
};

/// Options of the flat model printer.
struct PrintOptions {
  /// When set, each equation is followed by a comment naming its origin and
  /// source location.
  const SourceManager *origins = nullptr;
};

/// Prints the model as flat Modelica text: `class Name`, the variables with
/// types, prefixes, attributes and bindings, then the equations.
void printFlatModel(const FlatModel &model, std::ostream &out, const PrintOptions &options = {});

const char *typeName(TypeKind type);

} // namespace mocc::flat
