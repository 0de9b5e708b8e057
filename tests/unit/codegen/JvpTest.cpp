// Forward-mode derivatives (JVP functions) against central finite
// differences of the reference semantics, for every differentiable operation
// on random points of its domain, through assignments and `if`; exact zeros
// for piecewise-constant operations; and the guards that keep a zero tangent
// zero where a derivative is infinite.
#include "tests/unit/codegen/KernelHarness.h"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using namespace mocc::codegen::test::steps;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

using Rng = std::mt19937_64;

double uniform(Rng &rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// A magnitude in [lo, hi] with a random sign.
double signedUniform(Rng &rng, double lo, double hi) {
  return (rng() & 1 ? 1.0 : -1.0) * uniform(rng, lo, hi);
}

/// An expression of v0, v1 and a sampler of points (v0, v1) where it is
/// smooth.
struct DifferentiableCase {
  const char *name;
  std::function<ExprId(sym::ExprPool &, ExprId, ExprId)> build;
  std::function<std::pair<double, double>(Rng &)> sample;
};

std::pair<double, double> anywhere(Rng &rng) { return {uniform(rng, -3, 3), uniform(rng, -3, 3)}; }

/// Away from the discontinuities of mod / rem (a / b near an integer).
std::pair<double, double> awayFromJumps(Rng &rng) {
  for (;;) {
    double a = uniform(rng, -5, 5), b = signedUniform(rng, 0.7, 3);
    double q = a / b;
    if (std::abs(q - std::round(q)) > 1e-3)
      return {a, b};
  }
}

std::vector<DifferentiableCase> differentiableCases() {
  auto unary = [](OpKind op, double lo, double hi) {
    return DifferentiableCase{
        sym::opName(op), [op](sym::ExprPool &p, ExprId x, ExprId) { return p.unary(op, x); },
        [lo, hi](Rng &rng) { return std::pair(uniform(rng, lo, hi), 0.0); }};
  };
  auto binary = [](OpKind op, std::function<std::pair<double, double>(Rng &)> sample) {
    return DifferentiableCase{
        sym::opName(op), [op](sym::ExprPool &p, ExprId x, ExprId y) { return p.binary(op, x, y); },
        std::move(sample)};
  };
  auto constantPower = [](double exponent, double lo, double hi) {
    return DifferentiableCase{
        "pow with a constant exponent",
        [exponent](sym::ExprPool &p, ExprId x, ExprId) { return p.pow(x, p.constant(exponent)); },
        [lo, hi](Rng &rng) { return std::pair(uniform(rng, lo, hi), 0.0); }};
  };
  return {
      unary(OpKind::Neg, -3, 3), unary(OpKind::Sin, -3, 3), unary(OpKind::Cos, -3, 3),
      unary(OpKind::Tan, -1.2, 1.2), unary(OpKind::Asin, -0.9, 0.9),
      unary(OpKind::Acos, -0.9, 0.9), unary(OpKind::Atan, -3, 3), unary(OpKind::Sinh, -3, 3),
      unary(OpKind::Cosh, -3, 3), unary(OpKind::Tanh, -3, 3), unary(OpKind::Exp, -3, 3),
      unary(OpKind::Log, 0.1, 5), unary(OpKind::Log10, 0.1, 5), unary(OpKind::Sqrt, 0.1, 5),
      unary(OpKind::Abs, 0.1, 3), unary(OpKind::Abs, -3, -0.1), unary(OpKind::NoEvent, -3, 3),
      binary(OpKind::Add, anywhere), binary(OpKind::Sub, anywhere),
      binary(OpKind::Mul, anywhere),
      binary(OpKind::Div, [](Rng &r) { return std::pair(uniform(r, -3, 3), signedUniform(r, 0.5, 3)); }),
      binary(OpKind::Pow, [](Rng &r) { return std::pair(uniform(r, 0.2, 3), uniform(r, -2, 2)); }),
      binary(OpKind::Atan2, [](Rng &r) { return std::pair(signedUniform(r, 0.2, 3), signedUniform(r, 0.2, 3)); }),
      binary(OpKind::Min, anywhere), binary(OpKind::Max, anywhere),
      binary(OpKind::Mod, awayFromJumps), binary(OpKind::Rem, awayFromJumps),
      constantPower(2.0, -3, 3), constantPower(3.0, -3, 3), constantPower(-2.0, 0.3, 3),
      constantPower(0.5, 0.1, 3), constantPower(2.5, 0.0, 3),
      {"smooth", [](sym::ExprPool &p, ExprId x, ExprId y) { return p.smooth(1, p.mul(x, y)); },
       anywhere},
      {"if", [](sym::ExprPool &p, ExprId x, ExprId y) {
         return p.ifElse(p.binary(OpKind::Greater, x, y), p.mul(x, p.unary(OpKind::Exp, y)),
                         p.unary(OpKind::Sin, p.sub(x, y)));
       }, anywhere},
  };
}

/// Central difference of a kernel's residual 0 at v in direction dv.
double centralDifference(rt::KernelFn fn, std::span<const double> v, std::span<const double> dv,
                         double h) {
  std::vector<double> plus(v.begin(), v.end()), minus(v.begin(), v.end());
  for (size_t i = 0; i < v.size(); ++i) {
    plus[i] += h * dv[i];
    minus[i] -= h * dv[i];
  }
  double rPlus = 0, rMinus = 0;
  fn(0.0, plus.data(), &rPlus);
  fn(0.0, minus.data(), &rMinus);
  return (rPlus - rMinus) / (2 * h);
}

} // namespace

TEST_CASE("JVPs of differentiable operations match central differences") {
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  auto cases = differentiableCases();
  std::vector<KernelSpec> specs;
  for (size_t i = 0; i < cases.size(); ++i)
    specs.push_back({"case" + std::to_string(i), {residual(cases[i].build(pool, x, y))}, true});
  CompiledKernels compiled(pool, specs);
  REQUIRE_MESSAGE(compiled.error().empty(), compiled.error());
  Rng rng(42);
  for (size_t i = 0; i < cases.size(); ++i) {
    rt::KernelFn fn = compiled.kernel(specs[i].name);
    rt::KernelJvpFn jvp = compiled.jvp(specs[i].name);
    REQUIRE_MESSAGE((fn && jvp), compiled.error());
    for (int point = 0; point < 50; ++point) {
      auto [a, b] = cases[i].sample(rng);
      double v[2] = {a, b}, dv[2] = {uniform(rng, -1, 1), uniform(rng, -1, 1)};
      double res = 0, dres = 0;
      fn(0.0, v, &res);
      jvp(0.0, v, dv, &dres);
      double fd = centralDifference(fn, v, dv, 1e-6);
      INFO(cases[i].name, " at (", a, ", ", b, ") in direction (", dv[0], ", ", dv[1], ")");
      CHECK(dres == doctest::Approx(fd).epsilon(1e-6).scale(1.0));
    }
  }
}

TEST_CASE("JVPs of piecewise-constant operations are exactly zero") {
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  KernelSpec spec{"flat", {}, true};
  for (OpKind op : {OpKind::Sign, OpKind::Floor, OpKind::Ceil, OpKind::Not})
    spec.steps.push_back(residual(pool.unary(op, x)));
  for (OpKind op : {OpKind::IntDiv, OpKind::Less, OpKind::LessEq, OpKind::Greater,
                    OpKind::GreaterEq, OpKind::Equal, OpKind::NotEqual, OpKind::And, OpKind::Or})
    spec.steps.push_back(residual(pool.binary(op, x, y)));
  spec.steps.push_back(residual(pool.time()));
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelJvpFn jvp = compiled.jvp("flat");
  REQUIRE_MESSAGE((jvp != nullptr), compiled.error());
  std::vector<double> dres(spec.steps.size(), 7.0);
  double v[2] = {1.5, -0.5}, dv[2] = {1.0, 1.0};
  jvp(0.0, v, dv, dres.data());
  for (double d : dres)
    CHECK(d == 0.0);
}

TEST_CASE("JVPs flow through assignments and branches") {
  // v4 = 3; v2 = v0 v1; v3 = exp(v2) - v0;
  // res0 = v3 v2; res1 = if v3 > 0 then log(v3 + 1) else v3^3 + time
  sym::ExprPool pool;
  ExprId v0 = pool.variable(VarId{0}), v1 = pool.variable(VarId{1});
  ExprId v2 = pool.variable(VarId{2}), v3 = pool.variable(VarId{3});
  KernelSpec spec{"flow", {}, true};
  spec.steps = {
      assign(4, pool.constant(3.0)), // a tangent of zero, written all the same
      assign(2, pool.mul(v0, v1)), assign(3, pool.sub(pool.unary(OpKind::Exp, v2), v0)),
      residual(pool.mul(v3, v2)),
      residual(pool.ifElse(pool.binary(OpKind::Greater, v3, pool.zero()),
                           pool.unary(OpKind::Log, pool.add(v3, pool.one())),
                           pool.add(pool.pow(v3, pool.constant(3.0)), pool.time())))};
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelFn fn = compiled.kernel("flow");
  rt::KernelJvpFn jvp = compiled.jvp("flow");
  REQUIRE_MESSAGE((fn && jvp), compiled.error());
  Rng rng(7);
  for (int point = 0; point < 40; ++point) {
    double v[5] = {uniform(rng, -2, 2), uniform(rng, -2, 2), 0, 0, 0};
    double dv[5] = {uniform(rng, -1, 1), uniform(rng, -1, 1), 0, 0, 7.0};
    double res[2], dres[2];
    fn(0.25, v, res);
    jvp(0.25, v, dv, dres);
    // Finite differences of the whole kernel: perturb the inputs, rerun it.
    const double h = 1e-6;
    double plus[5] = {v[0] + h * dv[0], v[1] + h * dv[1], 0, 0, 0};
    double minus[5] = {v[0] - h * dv[0], v[1] - h * dv[1], 0, 0, 0};
    double resPlus[2], resMinus[2];
    fn(0.25, plus, resPlus);
    fn(0.25, minus, resMinus);
    for (int slot : {2, 3})
      CHECK(dv[slot] == doctest::Approx((plus[slot] - minus[slot]) / (2 * h)).epsilon(1e-6));
    CHECK(dv[4] == 0.0);
    for (int k : {0, 1})
      CHECK(dres[k] == doctest::Approx((resPlus[k] - resMinus[k]) / (2 * h)).epsilon(1e-6));
  }
}

TEST_CASE("a zero tangent stays zero where the derivative is infinite") {
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  KernelSpec spec{"poles", {}, true};
  spec.steps = {residual(pool.add(pool.unary(OpKind::Sqrt, x), y)),
                residual(pool.add(pool.unary(OpKind::Log, x), y)),
                residual(pool.add(pool.unary(OpKind::Asin, pool.add(x, pool.one())), y)),
                residual(pool.add(pool.div(y, x), y)),
                residual(pool.add(pool.pow(x, y), y)),
                residual(pool.add(pool.pow(x, pool.constant(0.5)), y)),
                residual(pool.add(pool.pow(x, pool.constant(2.5)), y))};
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelJvpFn jvp = compiled.jvp("poles");
  REQUIRE_MESSAGE((jvp != nullptr), compiled.error());
  double v[2] = {0.0, 2.5}, dres[7];

  SUBCASE("no tangent in x: the poles do not leak NaN") {
    double dv[2] = {0.0, 1.0};
    jvp(0.0, v, dv, dres);
    for (int k : {0, 1, 2, 4, 5, 6})
      CHECK(dres[k] == 1.0);
    CHECK(dres[3] == inf); // d(y / x) / dy = 1 / x
  }
  SUBCASE("a tangent in x: infinite like the math") {
    double dv[2] = {1.0, 0.0};
    jvp(0.0, v, dv, dres);
    CHECK(dres[0] == inf);
    CHECK(dres[1] == inf);
    CHECK(dres[2] == inf);
    CHECK(dres[3] == -inf); // d(y / x) / dx = -y / x^2
    CHECK(dres[4] == 0.0); // d(x^2.5) = 2.5 x^1.5 = 0
    CHECK(dres[5] == inf);
    CHECK(dres[6] == 0.0);
  }
}

TEST_CASE("pow with a negative base and an integral exponent") {
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  KernelSpec spec{"negpow", {residual(pool.pow(x, y))}, true};
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelFn fn = compiled.kernel("negpow");
  rt::KernelJvpFn jvp = compiled.jvp("negpow");
  REQUIRE_MESSAGE((fn && jvp), compiled.error());
  double v[2] = {-2.0, 3.0}, dv[2] = {1.0, 0.0}, res, dres;
  fn(0.0, v, &res);
  jvp(0.0, v, dv, &dres);
  CHECK(res == -8.0);
  CHECK(dres == 12.0);
}
