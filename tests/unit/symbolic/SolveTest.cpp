// Unit tests of solving an equation for one variable.
#include "compiler/symbolic/Solve.h"

#include <doctest/doctest.h>

using namespace mocc::sym;

namespace {

std::string name(VarId v) { return "x" + std::to_string(v.index); }

} // namespace

TEST_CASE("linear equations are solved explicitly") {
  ExprPool pool;
  ExprId m = pool.variable(VarId{0}), a = pool.variable(VarId{1}), f = pool.variable(VarId{2});
  // m * a = f  ->  a = f / m
  auto solution = solveLinear(pool, pool.mul(m, a), f, VarId{1});
  REQUIRE(solution);
  CHECK(print(pool, *solution, name) == "x2 / x0");
  // f = -(a - 2) * 3  ->  a = (f - 6) / (-3) in some form; check by evaluation
  ExprId rhs = pool.mul(pool.neg(pool.sub(a, pool.constant(2))), pool.constant(3));
  auto s2 = solveLinear(pool, f, rhs, VarId{1});
  REQUIRE(s2);
  auto value = evaluate(pool, *s2, [](VarId v) { return std::optional<double>(v.index == 2 ? 9.0 : 1.0); });
  CHECK(value == doctest::Approx(-1.0));
}

TEST_CASE("nonlinear occurrences are not solved") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  CHECK_FALSE(solveLinear(pool, pool.mul(x, x), y, VarId{0}));
  CHECK_FALSE(solveLinear(pool, pool.unary(OpKind::Sin, x), y, VarId{0}));
  CHECK_FALSE(solveLinear(pool, pool.div(y, x), y, VarId{0}));
  // x appears on both sides with cancelling coefficients: no solution
  CHECK_FALSE(solveLinear(pool, pool.add(x, y), pool.add(x, pool.one()), VarId{0}));
  CHECK(contains(pool, pool.mul(y, pool.unary(OpKind::Exp, x)), VarId{0}));
  CHECK_FALSE(contains(pool, y, VarId{0}));
}
