// Tangent rules as expressions: the chain rule per operation, with the same
// guards as the JVP code generator (see ExprTangents.h). A node is visited
// after its operands in an iterative post-order (expressions can be deeper
// than the call stack allows).
#include "compiler/functions/ExprTangents.h"

#include <numbers>
#include <utility>

namespace mocc::functions {

using sym::ExprId;
using sym::OpKind;

ExprId ExprTangents::known(ExprId id) const {
  return id.index < memo_.size() ? memo_[id.index] : ExprId{};
}

/// Whether the tangent of a node is built from its operands' tangents (so
/// they are computed first). A condition only selects; the tangent of an
/// Output node comes from the callee's derivative.
bool ExprTangents::needsOperandTangents(ExprId id) const {
  OpKind op = pool_.op(id);
  return !sym::isPiecewiseConstant(op) && op != OpKind::Variable && op != OpKind::Output &&
         op != OpKind::Call && op != OpKind::Load;
}

ExprId ExprTangents::tangentOf(ExprId root) {
  if (ExprId done = known(root); done.valid())
    return done;
  std::vector<std::pair<ExprId, uint32_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto [id, next] = stack.back();
    auto operands = needsOperandTangents(id) ? pool_.operands(id) : std::span<const ExprId>{};
    if (pool_.op(id) == OpKind::IfElse)
      operands = operands.subspan(1);
    if (next < operands.size()) {
      ++stack.back().second;
      if (!known(operands[next]).valid())
        stack.push_back({operands[next], 0});
      continue;
    }
    stack.pop_back();
    if (known(id).valid())
      continue;
    ExprId tangent = tangentOfNode(id);
    if (!tangent.valid())
      return {};
    if (memo_.size() <= id.index)
      memo_.resize(pool_.size(), ExprId{});
    memo_[id.index] = tangent;
  }
  return known(root);
}

/// The tangent of a node whose operands' tangents are known.
ExprId ExprTangents::tangentOfNode(ExprId id) {
  OpKind op = pool_.op(id);
  if (sym::isPiecewiseConstant(op) || op == OpKind::Call)
    return pool_.zero();
  auto span = pool_.operands(id);
  std::vector<ExprId> operands(span.begin(), span.end()); // the pool grows below
  switch (op) {
  case OpKind::Variable: return variable_(pool_.variableOf(id));
  case OpKind::Output: return output_(id);
  case OpKind::Load: {
    // The tangent of a run-time indexed read is the same read of the
    // tangent slots, which follow the value slots in the same order.
    ExprId first = variable_(sym::VarId{pool_.node(id).payload.index});
    sym::VarId tangentFirst = pool_.variableOf(first);
    if (!tangentFirst.valid())
      return pool_.zero(); // an Integer or Boolean array
    return pool_.load(tangentFirst.index, primal_(operands[0]), operands[1]);
  }
  case OpKind::IfElse:
    if (ExprId guarded = guardTangent(operands); guarded.valid())
      return guarded;
    return pool_.ifElse(primal_(operands[0]), known(operands[1]), known(operands[2]));
  case OpKind::NoEvent:
  case OpKind::Smooth:
    return known(operands[0]);
  default:
    break;
  }
  ExprId self = primal_(id), a = primal_(operands[0]);
  if (operands.size() == 1)
    return unaryTangent(op, self, a, known(operands[0]));
  return binaryTangent(op, self, a, primal_(operands[1]), known(operands[0]),
                       known(operands[1]));
}

ExprId ExprTangents::unaryTangent(OpKind op, ExprId self, ExprId a, ExprId da) {
  auto u = [&](OpKind f, ExprId x) { return pool_.unary(f, x); };
  ExprId one = pool_.one();
  switch (op) {
  case OpKind::Neg: return pool_.neg(da);
  case OpKind::Sin: return pool_.mul(da, u(OpKind::Cos, a));
  case OpKind::Cos: return pool_.mul(da, pool_.neg(u(OpKind::Sin, a)));
  case OpKind::Tan: return pool_.mul(da, pool_.add(one, pool_.mul(self, self)));
  case OpKind::Asin:
  case OpKind::Acos: {
    ExprId d = guardedDiv(da, u(OpKind::Sqrt, pool_.sub(one, pool_.mul(a, a))));
    return op == OpKind::Asin ? d : pool_.neg(d);
  }
  case OpKind::Atan: return pool_.div(da, pool_.add(one, pool_.mul(a, a)));
  case OpKind::Sinh: return pool_.mul(da, u(OpKind::Cosh, a));
  case OpKind::Cosh: return pool_.mul(da, u(OpKind::Sinh, a));
  case OpKind::Tanh: return pool_.mul(da, pool_.sub(one, pool_.mul(self, self)));
  case OpKind::Exp: return pool_.mul(da, self);
  case OpKind::Log: return guardedDiv(da, a);
  case OpKind::Log10:
    return guardedDiv(da, pool_.mul(a, pool_.constant(std::numbers::ln10)));
  case OpKind::Sqrt: return guardedDiv(da, pool_.mul(pool_.constant(2.0), self));
  case OpKind::Abs: // the right derivative at 0, as the JVP code generator takes it
    return pool_.mul(da, pool_.ifElse(pool_.binary(OpKind::Less, a, pool_.zero()),
                                      pool_.constant(-1.0), one));
  default:
    return {};
  }
}

ExprId ExprTangents::binaryTangent(OpKind op, ExprId self, ExprId a, ExprId b, ExprId da,
                                   ExprId db) {
  switch (op) {
  case OpKind::Add: return pool_.add(da, db);
  case OpKind::Sub: return pool_.sub(da, db);
  case OpKind::Mul: return pool_.add(pool_.mul(da, b), pool_.mul(a, db));
  case OpKind::Div: // (da - (a/b) db) / b
    return guardedDiv(pool_.sub(da, guardedScale(db, self)), b);
  case OpKind::Pow: return powTangent(self, a, b, da, db);
  case OpKind::Atan2: // (b da - a db) / (a^2 + b^2)
    return guardedDiv(pool_.sub(pool_.mul(da, b), pool_.mul(db, a)),
                      pool_.add(pool_.mul(a, a), pool_.mul(b, b)));
  case OpKind::Min:
  case OpKind::Max: { // the operand selected, chosen as the value is (a NaN b loses)
    ExprId wins = pool_.binary(op == OpKind::Min ? OpKind::LessEq : OpKind::GreaterEq, a, b);
    ExprId first = pool_.binary(OpKind::Or, pool_.binary(OpKind::NotEqual, b, b), wins);
    return pool_.ifElse(first, da, db);
  }
  case OpKind::Mod: // da - floor(a/b) db
    return pool_.sub(da, pool_.mul(db, pool_.unary(OpKind::Floor, pool_.div(a, b))));
  case OpKind::Rem: // da - div(a, b) db
    return pool_.sub(da, pool_.mul(db, pool_.binary(OpKind::IntDiv, a, b)));
  default:
    return {};
  }
}

/// d(a^b) = b a^(b-1) da + a^b log(a) db; the second term is zero where a^b
/// is (as in the code generator).
ExprId ExprTangents::powTangent(ExprId self, ExprId a, ExprId b, ExprId da, ExprId db) {
  ExprId factor = pool_.isConstant(b, 2.0)
                      ? pool_.mul(pool_.constant(2.0), a)
                      : pool_.mul(b, pool_.pow(a, pool_.sub(b, pool_.one())));
  ExprId result = guardedScale(da, factor);
  if (pool_.isConstant(db, 0.0))
    return result;
  ExprId isZero = pool_.binary(OpKind::Equal, self, pool_.zero());
  ExprId logFactor =
      pool_.ifElse(isZero, pool_.zero(), pool_.mul(self, pool_.unary(OpKind::Log, a)));
  return pool_.add(result, guardedScale(db, logFactor));
}

/// The tangent of a guard made by guardedScale or guardedDiv (a tangent of
/// the function being differentiated again): `if x == 0 then 0 else x * f`
/// is x * f where f is finite, and `x == 0` holds at an instant, not on an
/// interval, so the tangent is that of x * f, which at x = 0 is dx * f
/// (guarded again: f may be infinite where dx is 0). Nothing for any other
/// if-expression.
ExprId ExprTangents::guardTangent(std::span<const ExprId> operands) {
  ExprId condition = operands[0], then = operands[1], otherwise = operands[2];
  if (pool_.op(condition) != OpKind::Equal || !pool_.isConstant(pool_.operand(condition, 1), 0.0) ||
      !pool_.isConstant(then, 0.0))
    return {};
  ExprId x = pool_.operand(condition, 0);
  OpKind op = pool_.op(otherwise);
  if (op != OpKind::Mul && op != OpKind::Div)
    return {};
  ExprId a = pool_.operand(otherwise, 0), b = pool_.operand(otherwise, 1);
  ExprId factor = a == x ? b : op == OpKind::Mul && b == x ? a : ExprId{};
  if (!factor.valid())
    return {};
  ExprId dx = known(x);
  if (!dx.valid() || !known(otherwise).valid())
    return {};
  ExprId atZero = op == OpKind::Mul ? guardedScale(dx, primal_(factor))
                                    : guardedDiv(dx, primal_(factor));
  return pool_.ifElse(primal_(condition), atZero, known(otherwise));
}

/// tangent * factor, but exactly 0 when the tangent is 0 (factor may be inf).
ExprId ExprTangents::guardedScale(ExprId tangent, ExprId factor) {
  if (pool_.isConstant(tangent, 0.0))
    return tangent;
  ExprId isZero = pool_.binary(OpKind::Equal, tangent, pool_.zero());
  return pool_.ifElse(isZero, pool_.zero(), pool_.mul(tangent, factor));
}

/// tangent / divisor, but exactly 0 when the tangent is 0 (divisor may be 0).
ExprId ExprTangents::guardedDiv(ExprId tangent, ExprId divisor) {
  if (pool_.isConstant(tangent, 0.0))
    return tangent;
  ExprId isZero = pool_.binary(OpKind::Equal, tangent, pool_.zero());
  return pool_.ifElse(isZero, pool_.zero(), pool_.div(tangent, divisor));
}

} // namespace mocc::functions
