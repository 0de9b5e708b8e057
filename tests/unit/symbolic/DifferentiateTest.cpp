// Unit tests of symbolic differentiation: each rule against central finite
// differences, and time derivatives through the chain rule.
#include "compiler/symbolic/Differentiate.h"

#include <cmath>
#include <doctest/doctest.h>

using namespace mocc::sym;

namespace {

double at(const ExprPool &pool, ExprId e, double x) {
  return *evaluate(pool, e, [&](VarId) { return std::optional<double>(x); });
}

/// Checks d e/dx against a central difference at x.
void checkDerivative(ExprPool &pool, ExprId e, double x) {
  ExprId d = partialDerivative(pool, e, VarId{0});
  REQUIRE(d.valid());
  double h = 1e-6 * std::max(1.0, std::fabs(x));
  double numeric = (at(pool, e, x + h) - at(pool, e, x - h)) / (2 * h);
  CHECK(at(pool, d, x) == doctest::Approx(numeric).epsilon(1e-6));
}

} // namespace

TEST_CASE("partial derivatives of every differentiable operation") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  ExprId c = pool.constant(0.7);
  const OpKind unary[] = {OpKind::Sin, OpKind::Cos, OpKind::Tan, OpKind::Asin, OpKind::Acos,
                          OpKind::Atan, OpKind::Sinh, OpKind::Cosh, OpKind::Tanh, OpKind::Exp,
                          OpKind::Log, OpKind::Log10, OpKind::Sqrt, OpKind::Abs};
  for (OpKind op : unary) {
    CAPTURE(opName(op));
    checkDerivative(pool, pool.unary(op, pool.mul(x, c)), 0.6);
  }
  const OpKind binary[] = {OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div, OpKind::Pow,
                           OpKind::Atan2, OpKind::Min, OpKind::Max};
  for (OpKind op : binary) {
    CAPTURE(opName(op));
    checkDerivative(pool, pool.binary(op, x, pool.unary(OpKind::Sin, x)), 1.3);
    checkDerivative(pool, pool.binary(op, pool.constant(2.5), x), 1.3);
  }
  checkDerivative(pool, pool.pow(x, pool.constant(3)), -1.7);
  checkDerivative(pool, pool.ifElse(pool.binary(OpKind::Greater, x, c), pool.mul(x, x), x), 1.0);
  checkDerivative(pool, pool.ifElse(pool.binary(OpKind::Greater, x, c), pool.mul(x, x), x), 0.1);
}

TEST_CASE("piecewise constant operations have derivative zero") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  CHECK(partialDerivative(pool, pool.unary(OpKind::Floor, x), VarId{0}) == pool.zero());
  CHECK(partialDerivative(pool, pool.binary(OpKind::Less, x, pool.one()), VarId{0}) == pool.zero());
  CHECK(partialDerivative(pool, pool.variable(VarId{1}), VarId{0}) == pool.zero());
}

TEST_CASE("time derivative by the chain rule") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), dx = pool.variable(VarId{1});
  // d/dt (x^2 + time) = 2 x der(x) + 1
  ExprId e = pool.add(pool.pow(x, pool.constant(2)), pool.time());
  ExprId d = differentiate(pool, e, [&](ExprId leaf) {
    return pool.op(leaf) == OpKind::Time ? pool.one() : dx;
  });
  auto value = evaluate(pool, d, [](VarId v) { return std::optional<double>(v.index == 0 ? 3.0 : 0.5); });
  CHECK(value == doctest::Approx(2 * 3.0 * 0.5 + 1));
}

TEST_CASE("a call without a derivative cannot be differentiated") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  ExprId args[] = {x};
  ExprId f = pool.output(pool.call(0, args), 0);
  CHECK_FALSE(partialDerivative(pool, pool.add(f, x), VarId{0}).valid());
}

TEST_CASE("smooth loses one order per differentiation; noEvent and if-branches are kept") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), dx = pool.variable(VarId{1});
  auto leaf = [&](ExprId l) { return pool.op(l) == OpKind::Time ? pool.one() : dx; };
  // d/dt smooth(2, x^3) = smooth(1, 3 x^2 der(x)); d/dt smooth(0, e) is no
  // longer smooth.
  ExprId cube = pool.pow(x, pool.constant(3));
  ExprId d2 = differentiate(pool, pool.smooth(2, cube), leaf);
  REQUIRE(pool.op(d2) == OpKind::Smooth);
  CHECK(pool.node(d2).payload.index == 1);
  ExprId d0 = differentiate(pool, pool.smooth(0, cube), leaf);
  CHECK(pool.op(d0) != OpKind::Smooth);
  CHECK(d0 == differentiate(pool, cube, leaf));
  // if noEvent(x > 0) then x^2 else -x: the condition stays as it is.
  ExprId cond = pool.unary(OpKind::NoEvent, pool.binary(OpKind::Greater, x, pool.zero()));
  ExprId d = differentiate(pool, pool.ifElse(cond, pool.mul(x, x), pool.neg(x)), leaf);
  REQUIRE(pool.op(d) == OpKind::IfElse);
  CHECK(pool.operand(d, 0) == cond);
  CHECK(pool.operand(d, 2) == pool.neg(dx));
}

TEST_CASE("a derivative shares the nodes of its expression") {
  // d/dt sin(x)^2 = 2 sin(x) cos(x) der(x): sin(x) is the same node.
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), dx = pool.variable(VarId{1});
  ExprId s = pool.unary(OpKind::Sin, x);
  ExprId d = differentiate(pool, pool.pow(s, pool.constant(2)), [&](ExprId) { return dx; });
  bool sharesSin = false;
  ExprId roots[] = {d};
  forEachNode(pool, roots, [&](ExprId id) { sharesSin |= id == s; });
  CHECK(sharesSin);
  auto value = evaluate(pool, d, [](VarId v) { return std::optional<double>(v.index == 0 ? 0.7 : 2.0); });
  CHECK(value == doctest::Approx(2 * std::sin(0.7) * std::cos(0.7) * 2.0));
}
