// Implementation of the expression pool: hash-consing by open addressing,
// local simplification in the factory functions, evaluation, traversal,
// substitution and printing.
#include "compiler/symbolic/Expr.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mocc::sym {

int operandCount(OpKind op) {
  switch (op) {
  case OpKind::Constant:
  case OpKind::Variable:
  case OpKind::Time:
    return 0;
  case OpKind::Neg: case OpKind::Sin: case OpKind::Cos: case OpKind::Tan:
  case OpKind::Asin: case OpKind::Acos: case OpKind::Atan: case OpKind::Sinh:
  case OpKind::Cosh: case OpKind::Tanh: case OpKind::Exp: case OpKind::Log:
  case OpKind::Log10: case OpKind::Sqrt: case OpKind::Abs: case OpKind::Sign:
  case OpKind::Floor: case OpKind::Ceil: case OpKind::Not: case OpKind::NoEvent:
  case OpKind::Smooth: case OpKind::Output:
    return 1;
  case OpKind::IfElse:
  case OpKind::Delay:
    return 3;
  case OpKind::Call:
    return -1;
  default:
    return 2;
  }
}

const char *opName(OpKind op) {
  switch (op) {
  case OpKind::Constant: return "constant";
  case OpKind::Variable: return "variable";
  case OpKind::Time: return "time";
  case OpKind::Neg: return "-";
  case OpKind::Add: return "+";
  case OpKind::Sub: return "-";
  case OpKind::Mul: return "*";
  case OpKind::Div: return "/";
  case OpKind::Pow: return "^";
  case OpKind::Sin: return "sin";
  case OpKind::Cos: return "cos";
  case OpKind::Tan: return "tan";
  case OpKind::Asin: return "asin";
  case OpKind::Acos: return "acos";
  case OpKind::Atan: return "atan";
  case OpKind::Sinh: return "sinh";
  case OpKind::Cosh: return "cosh";
  case OpKind::Tanh: return "tanh";
  case OpKind::Exp: return "exp";
  case OpKind::Log: return "log";
  case OpKind::Log10: return "log10";
  case OpKind::Sqrt: return "sqrt";
  case OpKind::Abs: return "abs";
  case OpKind::Sign: return "sign";
  case OpKind::Floor: return "floor";
  case OpKind::Ceil: return "ceil";
  case OpKind::Atan2: return "atan2";
  case OpKind::Min: return "min";
  case OpKind::Max: return "max";
  case OpKind::IntDiv: return "div";
  case OpKind::Mod: return "mod";
  case OpKind::Rem: return "rem";
  case OpKind::Less: return "<";
  case OpKind::LessEq: return "<=";
  case OpKind::Greater: return ">";
  case OpKind::GreaterEq: return ">=";
  case OpKind::Equal: return "==";
  case OpKind::NotEqual: return "<>";
  case OpKind::And: return "and";
  case OpKind::Or: return "or";
  case OpKind::Not: return "not";
  case OpKind::IfElse: return "if";
  case OpKind::NoEvent: return "noEvent";
  case OpKind::Smooth: return "smooth";
  case OpKind::Call: return "call";
  case OpKind::Output: return "output";
  case OpKind::Load: return "load";
  case OpKind::Delay: return "delay";
  }
  return "?";
}

bool isRelation(OpKind op) {
  return op >= OpKind::Less && op <= OpKind::NotEqual;
}

bool isPiecewiseConstant(OpKind op) {
  switch (op) {
  case OpKind::Constant: case OpKind::Time: case OpKind::Sign:
  case OpKind::Floor: case OpKind::Ceil: case OpKind::IntDiv:
  case OpKind::And: case OpKind::Or: case OpKind::Not:
  case OpKind::Delay: // known at each point of the solver, like pre()
    return true;
  default:
    return isRelation(op);
  }
}

// --- Hash-consing ------------------------------------------------------------

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

uint64_t ExprPool::hashNode(OpKind op, std::span<const ExprId> ops,
                            uint64_t payloadBits) const {
  uint64_t h = mix(static_cast<uint64_t>(op) + 1, payloadBits);
  for (ExprId id : ops)
    h = mix(h, id.index);
  // The table indexes by the low bits, and `mix` only carries entropy upwards
  // (a product's low bits depend on the factors' low bits alone): constants
  // such as 1.0, 2.0, 3.0 differ only in their high bits and all fell into one
  // probe cluster, making interning quadratic. The finalizer of MurmurHash3
  // (Appleby 2008, `fmix64`) brings every input bit down to the low ones.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}

ExprPool::ExprPool() {
  table_.assign(1024, 0);
  zero_ = constant(0.0);
  one_ = constant(1.0);
}

/// Room for `more` elements beyond the size, growing at least
/// geometrically: reserving the exact size each time a small loop asks
/// would copy the whole array at every call.
template <typename T> static void reserveMore(std::vector<T> &v, size_t more) {
  if (v.size() + more > v.capacity())
    v.reserve(std::max(v.size() + more, 2 * v.capacity()));
}

void ExprPool::reserve(size_t nodes, size_t operands) {
  // An estimate (a for-equation's first element times its box) may be
  // far too large: beyond 2^25 nodes the arrays grow as they are used.
  constexpr size_t kMostNodes = size_t(1) << 25;
  if (nodes > kMostNodes) {
    operands = operands / (nodes / kMostNodes);
    nodes = kMostNodes;
  }
  reserveMore(nodes_, nodes);
  reserveMore(hashes_, nodes);
  reserveMore(operands_, operands);
  size_t target = table_.size();
  while ((nodes_.size() + nodes) * 2 > target)
    target *= 2;
  if (target > table_.size())
    grow(target);
}

void ExprPool::grow() { grow(table_.size() * 2); }

void ExprPool::grow(size_t size) {
  std::vector<uint64_t> table(size, 0);
  size_t mask = table.size() - 1;
  for (uint64_t entry : table_) {
    if (entry == 0)
      continue;
    size_t i = hashes_[static_cast<uint32_t>(entry) - 1] & mask;
    while (table[i] != 0)
      i = (i + 1) & mask;
    table[i] = entry;
  }
  table_ = std::move(table);
}

static uint64_t payloadBitsOf(const Node &n) {
  if (n.op == OpKind::Constant)
    return std::bit_cast<uint64_t>(n.payload.value);
  return n.payload.index;
}

ExprId ExprPool::intern(OpKind op, std::span<const ExprId> ops, uint64_t payloadBits) {
  uint64_t h = hashNode(op, ops, payloadBits);
  size_t mask = table_.size() - 1;
  uint64_t tag = h & 0xffffffff00000000ULL;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    uint64_t entry = table_[i];
    if (entry == 0)
      break;
    if ((entry & 0xffffffff00000000ULL) != tag)
      continue;
    uint32_t slot = static_cast<uint32_t>(entry);
    const Node &n = nodes_[slot - 1];
    if (hashes_[slot - 1] != h || n.op != op || n.numOperands != ops.size() ||
        payloadBitsOf(n) != payloadBits)
      continue;
    if (std::equal(ops.begin(), ops.end(), operands_.begin() + n.firstOperand))
      return ExprId{slot - 1};
  }
  Node n;
  n.op = op;
  n.numOperands = static_cast<uint32_t>(ops.size());
  n.firstOperand = static_cast<uint32_t>(operands_.size());
  if (op == OpKind::Constant)
    n.payload.value = std::bit_cast<double>(payloadBits);
  else
    n.payload.index = static_cast<uint32_t>(payloadBits);
  operands_.insert(operands_.end(), ops.begin(), ops.end());
  nodes_.push_back(n);
  hashes_.push_back(h);
  uint32_t id = static_cast<uint32_t>(nodes_.size() - 1);
  if (nodes_.size() * 2 > table_.size())
    grow();
  mask = table_.size() - 1;
  size_t i = h & mask;
  while (table_[i] != 0)
    i = (i + 1) & mask;
  table_[i] = tag | (id + 1);
  return ExprId{id};
}

// --- Factories -----------------------------------------------------------------

ExprId ExprPool::constant(double value) {
  if (value == 0.0)
    value = 0.0; // one zero: -0.0 and 0.0 share a node
  return intern(OpKind::Constant, {}, std::bit_cast<uint64_t>(value));
}

ExprId ExprPool::variable(VarId var) {
  if (var.index < variableNodes_.size() && variableNodes_[var.index].valid())
    return variableNodes_[var.index];
  ExprId node = intern(OpKind::Variable, {}, var.index);
  if (var.index >= variableNodes_.size())
    variableNodes_.resize(std::max<size_t>(var.index + 1, variableNodes_.size() * 2));
  variableNodes_[var.index] = node;
  return node;
}

ExprId ExprPool::time() { return intern(OpKind::Time, {}, 0); }

std::optional<double> ExprPool::constantValue(ExprId id) const {
  const Node &n = nodes_[id.index];
  if (n.op != OpKind::Constant)
    return std::nullopt;
  return n.payload.value;
}

bool ExprPool::isConstant(ExprId id, double value) const {
  auto v = constantValue(id);
  return v && *v == value;
}

VarId ExprPool::variableOf(ExprId id) const {
  const Node &n = nodes_[id.index];
  return n.op == OpKind::Variable ? VarId{n.payload.index} : VarId{};
}

ExprId ExprPool::foldUnary(OpKind op, ExprId a) {
  if (auto c = constantValue(a)) {
    // A value that is not finite stays an operation (sqrt(-1), log(0)):
    // the error that reports it can then say what made it.
    double arg = *c, result = evaluateOp(op, {&arg, 1}, 0);
    if (std::isfinite(result) || !std::isfinite(arg))
      return constant(result);
  }
  if (op == OpKind::Neg && this->op(a) == OpKind::Neg)
    return operand(a, 0);
  if (op == OpKind::Not && this->op(a) == OpKind::Not)
    return operand(a, 0);
  return {};
}

ExprId ExprPool::unary(OpKind op, ExprId a) {
  if (ExprId folded = foldUnary(op, a); folded.valid())
    return folded;
  ExprId ops[] = {a};
  return intern(op, ops, 0);
}

// Identities that hold for every finite operand; they keep derivatives and
// generated code small.
ExprId ExprPool::foldBinary(OpKind op, ExprId a, ExprId b) {
  auto ca = constantValue(a), cb = constantValue(b);
  if (ca && cb) {
    double args[] = {*ca, *cb}, result = evaluateOp(op, args, 0);
    if (std::isfinite(result) || !std::isfinite(*ca) || !std::isfinite(*cb))
      return constant(result); // else kept, as in foldUnary (1 / 0, div(1, 0))
  }
  switch (op) {
  case OpKind::Add:
    if (ca == 0.0) return b;
    if (cb == 0.0) return a;
    if (this->op(b) == OpKind::Neg) return sub(a, operand(b, 0));
    break;
  case OpKind::Sub:
    if (cb == 0.0) return a;
    if (ca == 0.0) return neg(b);
    if (a == b) return zero_;
    if (this->op(b) == OpKind::Neg) return add(a, operand(b, 0));
    break;
  case OpKind::Mul:
    if (ca == 0.0 || cb == 0.0) return zero_;
    if (ca == 1.0) return b;
    if (cb == 1.0) return a;
    if (ca == -1.0) return neg(b);
    if (cb == -1.0) return neg(a);
    if (this->op(a) == OpKind::Neg && this->op(b) == OpKind::Neg)
      return mul(operand(a, 0), operand(b, 0));
    break;
  case OpKind::Div:
    if (cb == 1.0) return a;
    if (ca == 0.0) return zero_;
    if (cb == -1.0) return neg(a);
    break;
  case OpKind::Pow:
    if (cb == 1.0) return a;
    if (cb == 0.0) return one_;
    break;
  case OpKind::And:
    if (ca) return *ca != 0.0 ? b : zero_;
    if (cb) return *cb != 0.0 ? a : zero_;
    if (a == b) return a;
    break;
  case OpKind::Or:
    if (ca) return *ca != 0.0 ? one_ : b;
    if (cb) return *cb != 0.0 ? one_ : a;
    if (a == b) return a;
    // c or not c (the two branches of an if-statement joined again)
    if ((this->op(b) == OpKind::Not && operand(b, 0) == a) ||
        (this->op(a) == OpKind::Not && operand(a, 0) == b))
      return one_;
    // (e and x) or (e and y) = e and (x or y)
    if (this->op(a) == OpKind::And && this->op(b) == OpKind::And && operand(a, 0) == operand(b, 0))
      return binary(OpKind::And, operand(a, 0), binary(OpKind::Or, operand(a, 1), operand(b, 1)));
    break;
  // x compared with itself (a NaN aside)
  case OpKind::Less:
  case OpKind::Greater:
    if (a == b) return zero_;
    break;
  case OpKind::LessEq:
  case OpKind::GreaterEq:
    if (a == b) return one_;
    break;
  default:
    break;
  }
  return {};
}

ExprId ExprPool::binary(OpKind op, ExprId a, ExprId b) {
  if (ExprId folded = foldBinary(op, a, b); folded.valid())
    return folded;
  ExprId ops[] = {a, b};
  return intern(op, ops, 0);
}

ExprId ExprPool::unfolded(OpKind op, ExprId a, ExprId b) {
  ExprId ops[] = {a, b};
  return intern(op, ops, 0);
}

ExprId ExprPool::ifElse(ExprId condition, ExprId then, ExprId otherwise) {
  if (auto c = constantValue(condition))
    return *c != 0.0 ? then : otherwise;
  if (then == otherwise)
    return then;
  ExprId ops[] = {condition, then, otherwise};
  return intern(OpKind::IfElse, ops, 0);
}

ExprId ExprPool::smooth(uint32_t order, ExprId a) {
  if (constantValue(a))
    return a;
  ExprId ops[] = {a};
  return intern(OpKind::Smooth, ops, order);
}

ExprId ExprPool::call(uint32_t function, std::span<const ExprId> args) {
  return intern(OpKind::Call, args, function);
}

ExprId ExprPool::load(uint32_t firstSlot, ExprId index, ExprId size) {
  ExprId ops[] = {index, size};
  return intern(OpKind::Load, ops, firstSlot);
}

ExprId ExprPool::delay(uint32_t buffer, ExprId a, ExprId delayTime, ExprId delayMax) {
  ExprId ops[] = {a, delayTime, delayMax};
  return intern(OpKind::Delay, ops, buffer);
}

ExprId ExprPool::output(ExprId call, uint32_t index) {
  ExprId ops[] = {call};
  return intern(OpKind::Output, ops, index);
}

// --- Evaluation ------------------------------------------------------------------

double evaluateOp(OpKind op, std::span<const double> x, uint32_t payload) {
  switch (op) {
  case OpKind::Neg: return -x[0];
  case OpKind::Add: return x[0] + x[1];
  case OpKind::Sub: return x[0] - x[1];
  case OpKind::Mul: return x[0] * x[1];
  case OpKind::Div: return x[0] / x[1];
  case OpKind::Pow: return std::pow(x[0], x[1]);
  case OpKind::Sin: return std::sin(x[0]);
  case OpKind::Cos: return std::cos(x[0]);
  case OpKind::Tan: return std::tan(x[0]);
  case OpKind::Asin: return std::asin(x[0]);
  case OpKind::Acos: return std::acos(x[0]);
  case OpKind::Atan: return std::atan(x[0]);
  case OpKind::Sinh: return std::sinh(x[0]);
  case OpKind::Cosh: return std::cosh(x[0]);
  case OpKind::Tanh: return std::tanh(x[0]);
  case OpKind::Exp: return std::exp(x[0]);
  case OpKind::Log: return std::log(x[0]);
  case OpKind::Log10: return std::log10(x[0]);
  case OpKind::Sqrt: return std::sqrt(x[0]);
  case OpKind::Abs: return std::fabs(x[0]);
  case OpKind::Sign: return x[0] > 0 ? 1.0 : (x[0] < 0 ? -1.0 : 0.0);
  case OpKind::Floor: return std::floor(x[0]);
  case OpKind::Ceil: return std::ceil(x[0]);
  case OpKind::Atan2: return std::atan2(x[0], x[1]);
  case OpKind::Min: return std::fmin(x[0], x[1]);
  case OpKind::Max: return std::fmax(x[0], x[1]);
  case OpKind::IntDiv: return std::trunc(x[0] / x[1]);
  case OpKind::Mod: return x[0] - std::floor(x[0] / x[1]) * x[1];
  case OpKind::Rem: return x[0] - std::trunc(x[0] / x[1]) * x[1];
  case OpKind::Less: return x[0] < x[1];
  case OpKind::LessEq: return x[0] <= x[1];
  case OpKind::Greater: return x[0] > x[1];
  case OpKind::GreaterEq: return x[0] >= x[1];
  case OpKind::Equal: return x[0] == x[1];
  case OpKind::NotEqual: return x[0] != x[1];
  case OpKind::And: return x[0] != 0 && x[1] != 0;
  case OpKind::Or: return x[0] != 0 || x[1] != 0;
  case OpKind::Not: return x[0] == 0;
  case OpKind::IfElse: return x[0] != 0 ? x[1] : x[2];
  case OpKind::Delay: return x[0]; // at the start time (MLS 3.7.4.1)
  case OpKind::NoEvent:
  case OpKind::Smooth:
    return x[0];
  default:
    return std::nan("");
  }
}

namespace {

/// The values of the nodes one evaluation met, by node index: an
/// open-addressing table that lives on the stack up to 32 entries (most
/// parameter expressions), so that evaluating one allocates nothing.
class NodeValues {
public:
  NodeValues() { std::fill(inlineKeys_, inlineKeys_ + inlineCapacity, empty); }
  NodeValues(const NodeValues &) = delete;
  NodeValues &operator=(const NodeValues &) = delete;

  /// The entry of `node`, 0 when new.
  double &operator[](uint32_t node) {
    if (2 * (size_ + 1) > capacity_)
      grow();
    size_t i = slot(node);
    if (keys_[i] != node) {
      keys_[i] = node;
      values_[i] = 0.0;
      ++size_;
    }
    return values_[i];
  }

private:
  static constexpr size_t inlineCapacity = 64;
  static constexpr uint32_t empty = UINT32_MAX;

  size_t slot(uint32_t node) const {
    size_t i = (node * 0x9E3779B1u) & (capacity_ - 1);
    while (keys_[i] != empty && keys_[i] != node)
      i = (i + 1) & (capacity_ - 1);
    return i;
  }
  void grow() {
    std::vector<uint32_t> oldKeys(keys_, keys_ + capacity_);
    std::vector<double> oldValues(values_, values_ + capacity_);
    capacity_ *= 2;
    heapKeys_.assign(capacity_, empty);
    heapValues_.assign(capacity_, 0.0);
    keys_ = heapKeys_.data();
    values_ = heapValues_.data();
    for (size_t i = 0; i < oldKeys.size(); ++i)
      if (oldKeys[i] != empty) {
        size_t j = slot(oldKeys[i]);
        keys_[j] = oldKeys[i];
        values_[j] = oldValues[i];
      }
  }

  uint32_t inlineKeys_[inlineCapacity];
  double inlineValues_[inlineCapacity];
  uint32_t *keys_ = inlineKeys_;
  double *values_ = inlineValues_;
  size_t capacity_ = inlineCapacity, size_ = 0;
  std::vector<uint32_t> heapKeys_;
  std::vector<double> heapValues_;
};

} // namespace

std::optional<double>
evaluate(const ExprPool &pool, ExprId root,
         const std::function<std::optional<double>(VarId)> &valueOf) {
  if (pool.op(root) == OpKind::Constant) // most calls: a folded subscript or condition
    return pool.node(root).payload.value;
  NodeValues values;
  bool ok = true;
  ExprId roots[] = {root};
  forEachNode(pool, roots, [&](ExprId id) {
    if (!ok)
      return;
    const Node &n = pool.node(id);
    switch (n.op) {
    case OpKind::Constant:
      values[id.index] = n.payload.value;
      return;
    case OpKind::Variable: {
      auto v = valueOf(VarId{n.payload.index});
      ok = v.has_value();
      if (ok)
        values[id.index] = *v;
      return;
    }
    case OpKind::Time:
    case OpKind::Call:
    case OpKind::Output:
    case OpKind::Load:
    case OpKind::Delay:
      ok = false;
      return;
    default:
      break;
    }
    double args[3];
    auto ops = pool.operands(id);
    for (size_t i = 0; i < ops.size(); ++i)
      args[i] = values[ops[i].index];
    values[id.index] = evaluateOp(n.op, {args, ops.size()}, n.payload.index);
  });
  if (!ok)
    return std::nullopt;
  return values[root.index];
}

// --- Traversal -------------------------------------------------------------------

namespace {

/// Visit marks reused from one traversal to the next: a node is seen when
/// its stamp equals the traversal's, so a traversal costs what it visits, not
/// the size of the pool. A visitor may start a traversal of its own, so there
/// is one set of marks per nesting level.
struct WalkMarks {
  std::vector<uint32_t> stamp;
  uint32_t current = 0;
  std::vector<std::pair<ExprId, uint32_t>> stack;
};

thread_local std::vector<std::unique_ptr<WalkMarks>> walkMarks;
thread_local size_t walkDepth = 0;

/// Takes the marks of the current nesting level for the duration of a walk.
class MarksLease {
public:
  explicit MarksLease(size_t poolSize) {
    if (walkMarks.size() <= walkDepth)
      walkMarks.push_back(std::make_unique<WalkMarks>());
    marks_ = walkMarks[walkDepth++].get();
    if (marks_->stamp.size() < poolSize)
      marks_->stamp.resize(poolSize, 0);
    if (++marks_->current == 0) { // wrapped around: clear the old stamps
      std::fill(marks_->stamp.begin(), marks_->stamp.end(), 0);
      marks_->current = 1;
    }
  }
  ~MarksLease() { --walkDepth; }
  MarksLease(const MarksLease &) = delete;
  MarksLease &operator=(const MarksLease &) = delete;

  /// Marks `id` seen; returns false if it already was.
  bool mark(ExprId id) {
    uint32_t &s = marks_->stamp[id.index];
    if (s == marks_->current)
      return false;
    s = marks_->current;
    return true;
  }
  std::vector<std::pair<ExprId, uint32_t>> &stack() { return marks_->stack; }

private:
  WalkMarks *marks_;
};

} // namespace

bool reaches(const ExprPool &pool, ExprId root, ExprId target) {
  if (root == target)
    return true;
  if (root.index < target.index || !target.valid())
    return false;
  MarksLease marks(pool.size());
  auto &stack = marks.stack();
  size_t base = stack.size();
  marks.mark(root);
  stack.push_back({root, 0});
  bool found = false;
  while (!found && stack.size() > base) {
    ExprId id = stack.back().first;
    stack.pop_back();
    for (ExprId operand : pool.operands(id)) {
      if (operand == target) {
        found = true;
        break;
      }
      if (operand.index > target.index && marks.mark(operand))
        stack.push_back({operand, 0});
    }
  }
  stack.resize(base);
  return found;
}

void forEachNode(const ExprPool &pool, std::span<const ExprId> roots,
                 const std::function<void(ExprId)> &visit) {
  // Children are pushed one at a time, so every node on the stack is an
  // ancestor of the top; in a DAG a seen child is therefore finished or
  // about to be, and "seen" is the only mark needed.
  MarksLease marks(pool.size());
  auto &stack = marks.stack();
  size_t base = stack.size();
  for (ExprId root : roots) {
    if (!marks.mark(root))
      continue;
    stack.push_back({root, 0});
    while (stack.size() > base) {
      auto &[id, next] = stack.back();
      auto ops = pool.operands(id);
      if (next < ops.size()) {
        ExprId child = ops[next++];
        if (marks.mark(child))
          stack.push_back({child, 0});
        continue;
      }
      ExprId done = id;
      stack.pop_back();
      visit(done);
    }
  }
}

std::vector<VarId> variablesOf(const ExprPool &pool, ExprId expr) {
  std::vector<VarId> vars;
  ExprId roots[] = {expr};
  forEachNode(pool, roots, [&](ExprId id) {
    if (pool.op(id) == OpKind::Variable)
      vars.push_back(pool.variableOf(id));
  });
  std::sort(vars.begin(), vars.end());
  return vars;
}

namespace {

/// The image of each node of a substitution, indexed by node, reused from
/// one substitution to the next: a substitution reads only the entries of
/// the nodes it visits, after writing them (in post-order), so stale ones
/// never need clearing. One per nesting level, as a replacement may
/// substitute too.
thread_local std::vector<std::unique_ptr<std::vector<ExprId>>> substituteImages;
thread_local size_t substituteDepth = 0;

} // namespace

namespace {

/// A node like `n` with new operands.
ExprId rebuild(ExprPool &pool, const Node &n, const std::vector<ExprId> &args) {
  if (n.op == OpKind::Call)
    return pool.call(n.payload.index, args);
  if (n.op == OpKind::Output)
    return pool.output(args[0], n.payload.index);
  if (n.op == OpKind::Smooth)
    return pool.smooth(n.payload.index, args[0]);
  if (n.op == OpKind::Load)
    return pool.load(n.payload.index, args[0], args[1]);
  if (n.op == OpKind::Delay)
    return pool.delay(n.payload.index, args[0], args[1], args[2]);
  if (n.op == OpKind::IfElse)
    return pool.ifElse(args[0], args[1], args[2]);
  if (n.numOperands == 1)
    return pool.unary(n.op, args[0]);
  return pool.binary(n.op, args[0], args[1]);
}

} // namespace

namespace {

/// The images under `replacement` of every node reachable from `roots`, in
/// `mapped` (indexed by node; see substituteImages).
void substituteImagesOf(ExprPool &pool, std::span<const ExprId> roots,
                        const std::function<std::optional<ExprId>(VarId)> &replacement,
                        std::vector<ExprId> &mapped) {
  if (mapped.size() < pool.size())
    mapped.resize(pool.size());
  std::vector<ExprId> order;
  forEachNode(pool, roots, [&](ExprId id) { order.push_back(id); });
  std::vector<ExprId> args;
  for (ExprId id : order) {
    const Node n = pool.node(id);
    if (n.op == OpKind::Variable) {
      auto r = replacement(VarId{n.payload.index});
      mapped[id.index] = r ? *r : id;
      continue;
    }
    if (n.numOperands == 0) {
      mapped[id.index] = id;
      continue;
    }
    args.clear();
    bool changed = false;
    for (ExprId op : pool.operands(id)) {
      args.push_back(mapped[op.index]);
      changed |= !(args.back() == op);
    }
    if (!changed) {
      mapped[id.index] = id;
      continue;
    }
    mapped[id.index] = rebuild(pool, n, args);
  }
}

/// The buffer of images of the current nesting level.
struct ImagesLease {
  ImagesLease() {
    if (substituteImages.size() <= substituteDepth)
      substituteImages.push_back(std::make_unique<std::vector<ExprId>>());
    mapped = substituteImages[substituteDepth].get();
    ++substituteDepth;
  }
  ~ImagesLease() { --substituteDepth; }
  std::vector<ExprId> *mapped;
};

} // namespace

ExprId substitute(ExprPool &pool, ExprId expr,
                  const std::function<std::optional<ExprId>(VarId)> &replacement) {
  ImagesLease lease;
  ExprId roots[] = {expr};
  substituteImagesOf(pool, roots, replacement, *lease.mapped);
  return (*lease.mapped)[expr.index];
}

void substituteAll(ExprPool &pool, std::span<ExprId> exprs,
                   const std::function<std::optional<ExprId>(VarId)> &replacement) {
  ImagesLease lease;
  substituteImagesOf(pool, exprs, replacement, *lease.mapped);
  for (ExprId &e : exprs)
    e = (*lease.mapped)[e.index];
}

namespace {

/// Rebuilds `expr` from its leaves up: `image(id, node, args, changed)`
/// gives each node's image from its operands' images (`changed`: one
/// differs from the operand).
template <class Image>
ExprId mapBottomUp(ExprPool &pool, ExprId expr, Image image) {
  ExprId roots[] = {expr};
  std::vector<ExprId> order;
  forEachNode(pool, roots, [&](ExprId id) { order.push_back(id); });
  std::unordered_map<uint32_t, ExprId> mapped;
  std::vector<ExprId> args;
  for (ExprId id : order) {
    const Node n = pool.node(id);
    args.clear();
    bool changed = false;
    for (ExprId op : pool.operands(id)) {
      args.push_back(mapped.at(op.index));
      changed |= !(args.back() == op);
    }
    mapped[id.index] = image(id, n, args, changed);
  }
  return mapped.at(expr.index);
}

} // namespace

ExprId replaceNodes(ExprPool &pool, ExprId expr,
                    const std::function<std::optional<ExprId>(ExprId)> &replacement) {
  return mapBottomUp(pool, expr,
                     [&](ExprId id, const Node &n, const std::vector<ExprId> &args, bool changed) {
                       if (auto r = replacement(id))
                         return *r;
                       return changed ? rebuild(pool, n, args) : id;
                     });
}

ExprId withoutEvents(ExprPool &pool, ExprId expr) {
  return mapBottomUp(pool, expr,
                     [&](ExprId id, const Node &n, const std::vector<ExprId> &args, bool changed) {
                       if (n.numOperands == 0)
                         return id;
                       ExprId result = id;
                       if (n.op == OpKind::NoEvent && pool.op(args[0]) == OpKind::NoEvent)
                         result = args[0]; // noEvent(noEvent(r))
                       else if (changed)
                         result = rebuild(pool, n, args);
                       if (isRelation(n.op))
                         result = pool.unary(OpKind::NoEvent, result);
                       return result;
                     });
}

// --- Printing --------------------------------------------------------------------

namespace {

/// Binding strength of each operator in Modelica's grammar.
enum Precedence { PrecIf = 0, PrecOr, PrecAnd, PrecNot, PrecRel, PrecAdd, PrecMul, PrecPow, PrecPrimary };

struct Printer {
  const ExprPool &pool;
  const std::function<std::string(VarId)> &nameOf;
  const std::function<std::string(uint32_t)> &functionName;
  PrintCache *cache = nullptr;
  const InputSizes *inputSizes = nullptr;

  static std::string number(double value) {
    if (std::isnan(value))
      return "0.0/0.0";
    if (std::isinf(value))
      return value > 0 ? "1.0/0.0" : "-1.0/0.0";
    char buffer[32];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
  }

  int precedence(ExprId id) const {
    const Node &n = pool.node(id);
    switch (n.op) {
    case OpKind::Constant:
      return n.payload.value < 0 ? PrecAdd : PrecPrimary;
    case OpKind::Neg: case OpKind::Add: case OpKind::Sub: return PrecAdd;
    case OpKind::Mul: case OpKind::Div: return PrecMul;
    case OpKind::Pow: return PrecPow;
    case OpKind::And: return PrecAnd;
    case OpKind::Or: return PrecOr;
    case OpKind::Not: return PrecNot;
    case OpKind::IfElse: return PrecIf;
    default:
      return isRelation(n.op) ? PrecRel : PrecPrimary;
    }
  }

  bool isSigned(ExprId id) const {
    const Node &n = pool.node(id);
    return n.op == OpKind::Neg || (n.op == OpKind::Constant && n.payload.value < 0);
  }

    /// What remains to print: text, or a node where an operand of strength
  /// `needed` is expected (-1: anywhere, as the whole or an argument); a
  /// signed operand is only allowed first in a sum (`-a + b`, never
  /// `a * -b`), elsewhere it gets parentheses.
  struct Item {
    ExprId id;
    int needed = -1;
    bool signAllowed = true;
    std::string text; ///< when id is invalid
  };

  /// Prints on a stack of its own: an expression is as deep as its longest
  /// chain of operators, which may be long.
  std::string print(ExprId root) const { return printParts({whole(root)}); }

  /// The text of `items`, in order.
  std::string printParts(std::vector<Item> items) const {
    std::string out;
    std::vector<Item> stack(std::make_move_iterator(items.rbegin()), std::make_move_iterator(items.rend()));
    std::vector<Item> parts;
    while (!stack.empty()) {
      Item item = std::move(stack.back());
      stack.pop_back();
      if (!item.id.valid()) {
        out += item.text;
        continue;
      }
      bool paren = precedence(item.id) < item.needed || (isSigned(item.id) && !item.signAllowed);
      parts.clear();
      if (paren)
        parts.push_back(text("("));
      expand(item.id, parts);
      if (paren)
        parts.push_back(text(")"));
      for (size_t i = parts.size(); i-- > 0;)
        stack.push_back(std::move(parts[i]));
    }
    return out;
  }

  static Item text(std::string t) { return {ExprId{}, -1, true, std::move(t)}; }
  static Item operand(ExprId id, int needed, bool signAllowed = false) {
    return {id, needed, signAllowed, {}};
  }
  static Item whole(ExprId id) { return {id, -1, true, {}}; }

  void args(ExprId id, std::vector<Item> &parts) const {
    bool first = true;
    for (ExprId op : pool.operands(id)) {
      if (!first)
        parts.push_back(text(", "));
      first = false;
      parts.push_back(whole(op));
    }
  }

  /// A variable's name split as prefix[index] (the last subscript; the
  /// prefix ends with "[" or ","), or no index.
  struct Indexed {
    std::string_view prefix;
    long index = -1;
  };
  static Indexed lastIndex(std::string_view name) {
    if (name.size() < 3 || name.back() != ']')
      return {};
    size_t start = name.size() - 1;
    while (start > 0 && name[start - 1] >= '0' && name[start - 1] <= '9')
      --start;
    if (start == name.size() - 1 || start == 0 || (name[start - 1] != '[' && name[start - 1] != ',') ||
        name.size() - 1 - start > 9)
      return {};
    long index = 0;
    for (size_t i = start; i + 1 < name.size(); ++i)
      index = index * 10 + (name[i] - '0');
    return {name.substr(0, start), index};
  }

  /// A call's arguments, where within one array input a run of three or
  /// more consecutive elements of one array (a[2], a[3], a[4]: the
  /// scalarized array argument) prints as the slice a[2:4]: the text of a
  /// call stays as long as its source's, not as long as its arrays (an
  /// argument of 4,000 elements read by 800 outputs printed 35 MB).
  void callArgs(const Node &n, ExprId id, std::vector<Item> &parts) const {
    std::span<const ExprId> ops = pool.operands(id);
    std::vector<uint32_t> sizes;
    if (inputSizes && *inputSizes)
      sizes = (*inputSizes)(n.payload.index);
    size_t total = 0;
    for (uint32_t size : sizes)
      total += size;
    if (total != ops.size()) {
      args(id, parts);
      return;
    }
    std::vector<std::string> names(ops.size());
    for (size_t i = 0; i < ops.size(); ++i)
      if (pool.op(ops[i]) == OpKind::Variable)
        names[i] = nameOf(VarId{pool.node(ops[i]).payload.index});
    size_t limit = 0; // the end of the current input's scalars
    for (size_t i = 0, input = 0; i < ops.size();) {
      while (i >= limit)
        limit += sizes[input++];
      if (i)
        parts.push_back(text(", "));
      size_t end = i + 1;
      Indexed head = names[i].empty() ? Indexed{} : lastIndex(names[i]);
      if (head.index >= 0) {
        while (end < limit && !names[end].empty()) {
          Indexed next = lastIndex(names[end]);
          if (next.index != head.index + long(end - i) || next.prefix != head.prefix)
            break;
          ++end;
        }
      }
      if (end - i >= 3) {
        parts.push_back(text(std::string(head.prefix) + std::to_string(head.index) + ":" +
                             std::to_string(head.index + long(end - i) - 1) + "]"));
      } else {
        end = i + 1;
        parts.push_back(whole(ops[i]));
      }
      i = end;
    }
  }

  /// `actual * lambda + simplified * (1 - lambda)` with lambda the variable
  /// that flattening makes for homotopy() (flat::SpecialKind::Homotopy).
  bool homotopyParts(ExprId a, ExprId b, ExprId &actual, ExprId &simplified) const {
    if (pool.op(a) != OpKind::Mul || pool.op(b) != OpKind::Mul)
      return false;
    ExprId lambda = pool.operand(a, 1), rest = pool.operand(b, 1);
    if (pool.op(lambda) != OpKind::Variable || pool.op(rest) != OpKind::Sub ||
        pool.operand(rest, 1) != lambda || !pool.isConstant(pool.operand(rest, 0), 1.0) ||
        nameOf(VarId{pool.node(lambda).payload.index}) != "$homotopyLambda")
      return false;
    actual = pool.operand(a, 0);
    simplified = pool.operand(b, 0);
    return true;
  }

  void binaryParts(const Node &n, ExprId id, std::vector<Item> &parts) const {
    ExprId a = pool.operand(id, 0), b = pool.operand(id, 1);
    std::string op = opName(n.op);
    int prec = precedence(id);
    if (ExprId actual, simplified; n.op == OpKind::Add && homotopyParts(a, b, actual, simplified)) {
      parts.insert(parts.end(), {text("homotopy("), whole(actual), text(", "), whole(simplified),
                                 text(")")});
      return;
    }
    switch (n.op) {
    case OpKind::Add:
    case OpKind::Sub:
      parts.insert(parts.end(), {operand(a, PrecAdd, true), text(" " + op + " "), operand(b, PrecMul)});
      return;
    case OpKind::Mul:
    case OpKind::Div:
      parts.insert(parts.end(), {operand(a, PrecMul), text(" " + op + " "), operand(b, PrecPow)});
      return;
    case OpKind::Pow:
      parts.insert(parts.end(), {operand(a, PrecPrimary), text("^"), operand(b, PrecPrimary)});
      return;
    case OpKind::And:
    case OpKind::Or:
      parts.insert(parts.end(),
                   {operand(a, prec, true), text(" " + op + " "), operand(b, prec + 1, true)});
      return;
    default:
      if (isRelation(n.op)) {
        parts.insert(parts.end(), {operand(a, PrecAdd, true), text(" " + op + " "),
                                   operand(b, PrecAdd, true)});
        return;
      }
      parts.push_back(text(op + "("));
      args(id, parts);
      parts.push_back(text(")"));
    }
  }

  void expandCall(const Node &n, ExprId id, std::vector<Item> &parts) const {
    parts.push_back(text((functionName ? functionName(n.payload.index)
                                       : "f" + std::to_string(n.payload.index)) +
                         "("));
    callArgs(n, id, parts);
    parts.push_back(text(")"));
  }

  /// The parts of node `id` in order.
  void expand(ExprId id, std::vector<Item> &parts) const {
    const Node &n = pool.node(id);
    switch (n.op) {
    case OpKind::Constant:
      parts.push_back(text(number(n.payload.value)));
      return;
    case OpKind::Variable:
      parts.push_back(text(nameOf(VarId{n.payload.index})));
      return;
    case OpKind::Time:
      parts.push_back(text("time"));
      return;
    case OpKind::Neg:
      parts.insert(parts.end(), {text("-"), operand(pool.operand(id, 0), PrecMul)});
      return;
    case OpKind::Not:
      parts.insert(parts.end(), {text("not "), operand(pool.operand(id, 0), PrecRel, true)});
      return;
    case OpKind::IfElse:
      parts.insert(parts.end(), {text("if "), whole(pool.operand(id, 0)), text(" then "),
                                 whole(pool.operand(id, 1)), text(" else "),
                                 whole(pool.operand(id, 2))});
      return;
    case OpKind::Smooth:
      parts.push_back(text("smooth(" + std::to_string(n.payload.index) + ", "));
      args(id, parts);
      parts.push_back(text(")"));
      return;
    case OpKind::Call:
      if (cache) {
        auto found = cache->calls.find(id.index);
        if (found == cache->calls.end()) {
          std::vector<Item> own;
          expandCall(n, id, own);
          found = cache->calls.emplace(id.index, printParts(std::move(own))).first;
        }
        parts.push_back(text(found->second));
        return;
      }
      expandCall(n, id, parts);
      return;
    case OpKind::Load:
      parts.push_back(text("load(" + std::to_string(n.payload.index) + ", "));
      args(id, parts);
      parts.push_back(text(")"));
      return;
    case OpKind::Output:
      if (n.payload.index == 0) {
        parts.push_back(whole(pool.operand(id, 0)));
        return;
      }
      parts.insert(parts.end(), {text("("), whole(pool.operand(id, 0)),
                                 text(")[" + std::to_string(n.payload.index + 1) + "]")});
      return;
    default:
      if (operandCount(n.op) == 1) {
        parts.push_back(text(std::string(opName(n.op)) + "("));
        args(id, parts);
        parts.push_back(text(")"));
        return;
      }
      binaryParts(n, id, parts);
    }
  }
};

} // namespace

std::string print(const ExprPool &pool, ExprId expr,
                  const std::function<std::string(VarId)> &nameOf,
                  const std::function<std::string(uint32_t)> &functionName, PrintCache *cache,
                  const InputSizes &inputSizes) {
  Printer printer{pool, nameOf, functionName, cache, &inputSizes};
  return printer.print(expr);
}

} // namespace mocc::sym
