// explainNonFinite: where a NaN or an infinity starts in an expression.
#include "compiler/symbolic/NonFinite.h"

#include <cmath>
#include <doctest/doctest.h>

using namespace mocc::sym;

namespace {

struct Fixture {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  double values[2] = {0, 0};
  ValueSource source() {
    ValueSource s;
    s.variable = [this](VarId v) -> std::optional<double> { return values[v.index]; };
    return s;
  }
  NonFinite explain(ExprId e) {
    return explainNonFinite(
        pool, e, source(), [](VarId v) { return v.index == 0 ? "x" : "y"; },
        [](uint32_t) { return std::string("f"); });
  }
};

} // namespace

TEST_CASE("the operation where a NaN starts is named with its operands") {
  Fixture f;
  f.values[0] = -1;
  // 2 * sqrt(x) + y: the square root is where it starts.
  NonFinite r =
      f.explain(f.pool.add(f.pool.mul(f.pool.constant(2), f.pool.unary(OpKind::Sqrt, f.x)), f.y));
  REQUIRE(r.value);
  CHECK(std::isnan(*r.value));
  CHECK(r.why == "square root of a negative number: `sqrt(x)` with `x` = -1");
}

TEST_CASE("a branch not taken is not blamed; one taken is followed") {
  Fixture f;
  f.values[0] = -1;
  f.values[1] = 0;
  ExprId root = f.pool.unary(OpKind::Sqrt, f.x);
  ExprId quotient = f.pool.div(f.pool.one(), f.y);
  ExprId e = f.pool.ifElse(f.pool.binary(OpKind::Greater, f.x, f.pool.zero()), root, quotient);
  NonFinite r = f.explain(e);
  CHECK(r.why == "division by zero: `1 / y` with `y` = 0");
  f.values[1] = 2;
  CHECK(f.explain(e).why.empty()); // 1 / 2
  CHECK(f.explain(e).value == 0.5);
}

TEST_CASE("a value taken on from a variable names the variable") {
  Fixture f;
  f.values[0] = NAN;
  NonFinite r = f.explain(f.pool.add(f.x, f.pool.one()));
  CHECK(r.why.empty());
  CHECK(r.source == VarId{0});
}

TEST_CASE("constant operations that are not finite are not folded away") {
  ExprPool pool;
  ExprId e = pool.binary(OpKind::IntDiv, pool.one(), pool.zero());
  CHECK_FALSE(pool.constantValue(e));
  CHECK(pool.constantValue(pool.binary(OpKind::IntDiv, pool.constant(7), pool.constant(2))) == 3);
}
