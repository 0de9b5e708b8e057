// Scalar symbolic expressions: a hash-consed DAG of nodes stored in an
// ExprPool and addressed by integer ExprIds. Structurally equal expressions
// get the same id, so common subexpressions are shared automatically, a
// derivative can be memoized per node, and code generation can evaluate each
// distinct node once.
//
// Every value is a double at run time: Integer and Boolean values are stored
// as doubles (false = 0, true = 1). Arrays and records do not exist at this
// level: flattening scalarizes them, and a function call with array or
// record arguments or results takes and returns the flattened scalars.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace mocc::sym {

/// Index of an expression node in its ExprPool.
struct ExprId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  friend bool operator==(ExprId, ExprId) = default;
  friend auto operator<=>(ExprId, ExprId) = default;
};

/// A scalar variable: also the index of its slot in the runtime's value array.
struct VarId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  friend bool operator==(VarId, VarId) = default;
  friend auto operator<=>(VarId, VarId) = default;
};

/// The operation of a node. The comment gives its operands and payload.
enum class OpKind : uint8_t {
  // Leaves.
  Constant, ///< payload: value
  Variable, ///< payload: VarId (a der(x) is a variable of its own)
  Time,     ///< the independent variable `time`
  // Arithmetic.
  Neg, ///< -a
  Add, ///< a + b
  Sub, ///< a - b
  Mul, ///< a * b
  Div, ///< a / b
  Pow, ///< a ^ b
  // Elementary functions of one argument.
  Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh,
  Exp, Log, Log10, Sqrt, Abs, Sign,
  Floor,   ///< floor(a), also integer(a)
  Ceil,    ///< ceil(a)
  // Functions of two arguments.
  Atan2,  ///< atan2(a, b)
  Min,    ///< min(a, b)
  Max,    ///< max(a, b)
  IntDiv, ///< div(a, b): a / b truncated toward zero
  Mod,    ///< mod(a, b) = a - floor(a / b) * b
  Rem,    ///< rem(a, b) = a - div(a, b) * b
  // Relations and logic (results 0 or 1).
  Less, LessEq, Greater, GreaterEq, Equal, NotEqual,
  And, Or, Not,
  // Control.
  IfElse,  ///< if a then b else c (c, b evaluated only when selected)
  NoEvent, ///< noEvent(a): relations inside generate no events
  Smooth,  ///< smooth(payload order, a)
  // Functions.
  Call,    ///< payload: function index; operands: the flattened arguments
  Output,  ///< payload: output index; operand: a Call node
  /// Only in the bodies of lowered functions: the slot `payload + a` where
  /// a (0-based) is computed at run time; operand b is the array's size (a
  /// Constant) for the bounds check: load(a, b).
  Load,
  /// delay(a, b, c) of MLS 3.7.4.1: a at time - b, b <= c (the delay time
  /// and its maximum); payload: the buffer's number. The runtime keeps a
  /// history of a per buffer (runtime/Delays.h); at a point of the solver
  /// the value is known, like pre(), and its tangent is zero.
  Delay,
};

/// Number of fixed operands of an operation, or -1 for Call (variable).
int operandCount(OpKind op);
/// Spelling of an operation: "+", "sin", "atan2", ...
const char *opName(OpKind op);
/// True for the relations Less ... NotEqual.
bool isRelation(OpKind op);
/// True where the result is piecewise constant in the unknowns (constants,
/// time, sign, floor, ceil, div, logic, relations): its tangent is zero.
bool isPiecewiseConstant(OpKind op);

/// One node of the DAG.
struct Node {
  OpKind op = OpKind::Constant;
  uint32_t numOperands = 0;
  uint32_t firstOperand = 0; ///< index into the pool's operand array
  union {
    double value;   ///< Constant
    uint32_t index; ///< Variable (VarId), Call (function), Output (output), Smooth (order), Load (first slot), Delay (buffer)
  } payload{0.0};
};

/// Owns all nodes; builds them through factory functions that fold constants
/// and apply local identities (x + 0 = x, x * 1 = x, --x = x, ...), then
/// return the unique id of the resulting node.
class ExprPool {
public:
  ExprPool();

  /// Unique among all pools of the process, and new for a copy: caches of
  /// ExprIds key on it, never on a pool's address (which a later pool may
  /// reuse).
  uint64_t uniqueId() const { return id_.value; }

  ExprId constant(double value);
  ExprId variable(VarId var);
  /// The Variable node of `var` if the pool has one, else an invalid id.
  ExprId variableNode(VarId var) const {
    return var.index < variableNodes_.size() ? variableNodes_[var.index] : ExprId{};
  }
  ExprId time();
  ExprId zero() const { return zero_; }
  ExprId one() const { return one_; }

  ExprId unary(OpKind op, ExprId a);
  ExprId binary(OpKind op, ExprId a, ExprId b);
  /// A binary node as given, not folded (homotopy's blend keeps the shape
  /// that prints as `homotopy(actual, simplified)` with constant operands).
  ExprId unfolded(OpKind op, ExprId a, ExprId b);
  ExprId ifElse(ExprId condition, ExprId then, ExprId otherwise);
  ExprId smooth(uint32_t order, ExprId a);
  ExprId call(uint32_t function, std::span<const ExprId> args);
  ExprId output(ExprId call, uint32_t index);
  ExprId load(uint32_t firstSlot, ExprId index, ExprId size);
  /// delay(a, delayTime, delayMax) with the history buffer `buffer`.
  ExprId delay(uint32_t buffer, ExprId a, ExprId delayTime, ExprId delayMax);

  ExprId neg(ExprId a) { return unary(OpKind::Neg, a); }
  ExprId add(ExprId a, ExprId b) { return binary(OpKind::Add, a, b); }
  ExprId sub(ExprId a, ExprId b) { return binary(OpKind::Sub, a, b); }
  ExprId mul(ExprId a, ExprId b) { return binary(OpKind::Mul, a, b); }
  ExprId div(ExprId a, ExprId b) { return binary(OpKind::Div, a, b); }
  ExprId pow(ExprId a, ExprId b) { return binary(OpKind::Pow, a, b); }

  const Node &node(ExprId id) const { return nodes_[id.index]; }
  OpKind op(ExprId id) const { return nodes_[id.index].op; }
  std::span<const ExprId> operands(ExprId id) const {
    const Node &n = nodes_[id.index];
    return {operands_.data() + n.firstOperand, n.numOperands};
  }
  ExprId operand(ExprId id, unsigned i) const { return operands(id)[i]; }
  /// The value of a Constant node, or nothing for any other node.
  std::optional<double> constantValue(ExprId id) const;
  bool isConstant(ExprId id, double value) const;
  /// The variable of a Variable node, or an invalid id.
  VarId variableOf(ExprId id) const;

  size_t size() const { return nodes_.size(); }
  /// Operand entries of all nodes (a measure of the pool's size, with size()).
  size_t operandCount() const { return operands_.size(); }
  /// Makes room for `nodes` more nodes with `operands` more operands in
  /// all: one rehash of the table to its final size, where growing by
  /// doubling rehashes every node again at each step (for a million
  /// equations of 40 nodes, a second of cache misses) and copies the arrays.
  /// At most 2^25 nodes at a time: the rest, if any, grows as it is used.
  void reserve(size_t nodes, size_t operands);

private:
  ExprId intern(OpKind op, std::span<const ExprId> operands, uint64_t payloadBits);
  ExprId foldUnary(OpKind op, ExprId a);
  ExprId foldBinary(OpKind op, ExprId a, ExprId b);
  uint64_t hashNode(OpKind op, std::span<const ExprId> operands, uint64_t payloadBits) const;
  void grow();
  void grow(size_t tableSize);

  std::vector<Node> nodes_;
  std::vector<ExprId> operands_;
  std::vector<uint64_t> hashes_;   ///< hash of each node
  /// Open-addressing table: node index + 1 in the low 32 bits, the high 32
  /// bits of the node's hash above, so that a probe rejects other nodes
  /// without touching them (on big models each touch is a cache miss).
  std::vector<uint64_t> table_;
  ExprId zero_, one_;
  /// The node of each variable once made (variable() is the most frequent
  /// factory: an index here spares a probe of the table).
  std::vector<ExprId> variableNodes_;

  struct UniqueId {
    static uint64_t next() {
      static std::atomic<uint64_t> counter{0};
      return ++counter;
    }
    uint64_t value = next();
    UniqueId() = default;
    UniqueId(const UniqueId &) : value(next()) {}
    UniqueId &operator=(const UniqueId &) {
      value = next();
      return *this;
    }
  } id_;
};

/// Evaluates a constant expression, asking `valueOf` for the values of
/// variables (it returns nothing for a variable without a known value).
/// Returns nothing if any needed value is unknown, or the expression calls
/// a function or uses time.
std::optional<double>
evaluate(const ExprPool &pool, ExprId expr,
         const std::function<std::optional<double>(VarId)> &valueOf);

/// Evaluates a node whose operands are given as values (no Call/Output).
double evaluateOp(OpKind op, std::span<const double> args, uint32_t payload);

/// The distinct variables that occur in `expr`, in increasing id order.
std::vector<VarId> variablesOf(const ExprPool &pool, ExprId expr);

/// Whether node `target` is reachable from `root` (is `root` or one of its
/// operands, at any depth). A node's operands are made before it, so only
/// nodes of larger indices than `target` are walked, and the walk stops at
/// the first hit.
bool reaches(const ExprPool &pool, ExprId root, ExprId target);

/// Calls `visit` once for every distinct node reachable from `roots`, each
/// after all its operands (a post-order over the DAG).
void forEachNode(const ExprPool &pool, std::span<const ExprId> roots,
                 const std::function<void(ExprId)> &visit);

/// Replaces variables by expressions (returns nothing to keep the variable).
ExprId substitute(ExprPool &pool, ExprId expr,
                  const std::function<std::optional<ExprId>(VarId)> &replacement);

/// The same substitution of every expression of `exprs`, in place: one walk
/// of the nodes they reach, each node once however many of them share it
/// (the equations of a model after alias elimination: one walk, not two
/// per equation). `replacement` is asked once per variable node.
void substituteAll(ExprPool &pool, std::span<ExprId> exprs,
                   const std::function<std::optional<ExprId>(VarId)> &replacement);

/// Replaces nodes: each node reachable from `expr`, operands first, is
/// asked for (`replacement` returns nothing to keep it, rebuilt on its
/// operands' images).
ExprId replaceNodes(ExprPool &pool, ExprId expr,
                    const std::function<std::optional<ExprId>(ExprId)> &replacement);

/// The expression with every relation (a < b, ..., a <> b) put inside
/// noEvent(): the body of an inlined function, whose relations generate no
/// events (MLS 8.5: only relations outside functions do).
ExprId withoutEvents(ExprPool &pool, ExprId expr);

/// The text of calls printed before, by node, for printing many
/// expressions of one pool with the same names: a call that many equations
/// read (a function's outputs taken one by one) is printed once. Valid as
/// long as the names do not change.
struct PrintCache {
  std::unordered_map<uint32_t, std::string> calls;
};

/// The number of scalars of each input of function `f`, in order (what a
/// call's arguments are grouped by); empty if unknown.
using InputSizes = std::function<std::vector<uint32_t>(uint32_t f)>;

/// Modelica text of an expression; `nameOf` gives each variable's name (a
/// der() variable prints as "der(x)"), `functionName` each function's name.
/// With `inputSizes`, a run of three or more consecutive elements of one
/// array among the scalars of one array input of a call (x[2], x[3], x[4])
/// prints as a slice (x[2:4]).
std::string print(const ExprPool &pool, ExprId expr,
                  const std::function<std::string(VarId)> &nameOf,
                  const std::function<std::string(uint32_t)> &functionName = {},
                  PrintCache *cache = nullptr, const InputSizes &inputSizes = {});

} // namespace mocc::sym
