// Generated code against the reference semantics: every operation of the
// expression IR, compiled at each optimization level, is run on edge cases
// (signed zeros, infinities, NaN, poles, negative operands of mod and rem)
// and compared with sym::evaluateOp; random expression DAGs are compared
// with sym::evaluate.
#include "tests/unit/codegen/KernelHarness.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
const double nan = std::nan("");

const double edgeCases[] = {0.0,     -0.0,    1.0,     -1.0,    0.5,     -0.5,   2.0,
                            -2.0,    3.0,     -3.0,    2.5,     -7.5,    10.0,   0.3,
                            1e-300,  -1e-300, 1e300,   -1e300,  710.0,   inf,    -inf,
                            nan,     0.7853981633974483, 1.5707963267948966,
                            3.141592653589793, -4.0};

/// Collects mismatches and reports the first few.
struct Mismatches {
  std::vector<std::string> lines;
  void add(OpKind op, std::span<const double> args, double expected, double actual) {
    if (lines.size() >= 10)
      return;
    std::ostringstream out;
    out.precision(17);
    out << sym::opName(op) << "(";
    for (size_t i = 0; i < args.size(); ++i)
      out << (i ? ", " : "") << args[i];
    out << ") = " << actual << ", expected " << expected;
    lines.push_back(out.str());
  }
  void check() const {
    std::string all;
    for (const std::string &line : lines)
      all += line + "\n";
    CHECK_MESSAGE(lines.empty(), all);
  }
};

/// One kernel with a residual per operation: unary ops of v0, binary ops of
/// (v0, v1), then `if v0 then v1 else v2`.
KernelSpec allOpsKernel(sym::ExprPool &pool) {
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1}), z = pool.variable(VarId{2});
  KernelSpec spec{"ops", {}, false};
  auto residual = [&](ExprId e) { spec.steps.push_back({KernelStep::Kind::Residual, {}, e}); };
  for (OpKind op : unaryOps)
    residual(pool.unary(op, x));
  for (OpKind op : binaryOps)
    residual(pool.binary(op, x, y));
  residual(pool.ifElse(x, y, z));
  residual(pool.smooth(1, x));
  return spec;
}

void checkAllOps(jit::OptLevel level) {
  sym::ExprPool pool;
  KernelSpec spec = allOpsKernel(pool);
  CompiledKernels compiled(pool, {&spec, 1}, atLevel(level));
  rt::KernelFn fn = compiled.kernel("ops");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  Mismatches mismatches;
  std::vector<double> res(spec.steps.size());
  for (double x : edgeCases) {
    for (double y : edgeCases) {
      double v[3] = {x, y, -y};
      fn(0.0, v, res.data());
      size_t k = 0;
      for (OpKind op : unaryOps) {
        double expected = sym::evaluateOp(op, {&x, 1}, 0);
        if (!sameValue(expected, res[k++]))
          mismatches.add(op, {&x, 1}, expected, res[k - 1]);
      }
      for (OpKind op : binaryOps) {
        double expected = sym::evaluateOp(op, {v, 2}, 0);
        if (!sameValue(expected, res[k++]))
          mismatches.add(op, {v, 2}, expected, res[k - 1]);
      }
      double expected = sym::evaluateOp(OpKind::IfElse, {v, 3}, 0);
      if (!sameValue(expected, res[k++]) || !sameValue(x, res[k++]))
        mismatches.add(OpKind::IfElse, {v, 3}, expected, res[k - 2]);
    }
  }
  mismatches.check();
}

/// Random expressions over the variables v0..v3, built through the pool's
/// factories (so they are folded and shared like real ones).
struct RandomExprs {
  sym::ExprPool &pool;
  std::mt19937_64 rng{12345};

  ExprId leaf() {
    std::uniform_int_distribution<int> pick(0, 5);
    int choice = pick(rng);
    if (choice < 4)
      return pool.variable(VarId{static_cast<uint32_t>(choice)});
    const double constants[] = {0.5, -2.0, 3.0, 0.0, 1.0};
    return pool.constant(constants[std::uniform_int_distribution<int>(0, 4)(rng)]);
  }

  ExprId make(int depth) {
    std::uniform_int_distribution<int> kind(0, 9);
    int k = depth == 0 ? 0 : kind(rng);
    if (k == 0)
      return leaf();
    if (k <= 3)
      return pool.unary(unaryOps[std::uniform_int_distribution<size_t>(0, 19)(rng)],
                        make(depth - 1));
    if (k <= 8)
      return pool.binary(binaryOps[std::uniform_int_distribution<size_t>(0, 18)(rng)],
                         make(depth - 1), make(depth - 1));
    return pool.ifElse(make(depth - 1), make(depth - 1), make(depth - 1));
  }
};

} // namespace

TEST_CASE("every operation matches evaluateOp without optimization") {
  checkAllOps(jit::OptLevel::None);
}

TEST_CASE("every operation matches evaluateOp at O1") { checkAllOps(jit::OptLevel::Less); }

TEST_CASE("every operation matches evaluateOp at O2") { checkAllOps(jit::OptLevel::Default); }

namespace {

std::string variableName(VarId var) { return std::string("v").append(std::to_string(var.index)); }

/// Compares the residuals computed at v with sym::evaluate; returns the
/// number of mismatches, each reported with its expression.
size_t compareWithEvaluate(const sym::ExprPool &pool, const KernelSpec &spec,
                           std::span<const double> v, std::span<const double> res) {
  size_t mismatches = 0;
  for (size_t k = 0; k < spec.steps.size(); ++k) {
    auto expected = sym::evaluate(pool, spec.steps[k].expr,
                                  [&](VarId var) { return std::optional(v[var.index]); });
    REQUIRE(expected);
    if (sameValue(*expected, res[k]))
      continue;
    ++mismatches;
    INFO("residual ", k, " = ", res[k], ", expected ", *expected, " for ",
         sym::print(pool, spec.steps[k].expr, variableName));
    CHECK(sameValue(*expected, res[k]));
  }
  return mismatches;
}

/// Compiles 400 random expressions and compares them with sym::evaluate at
/// edge-case and random points.
void checkRandomDags(jit::OptLevel level) {
  sym::ExprPool pool;
  RandomExprs random{pool};
  KernelSpec spec{"random", {}, false};
  for (int i = 0; i < 400; ++i)
    spec.steps.push_back({KernelStep::Kind::Residual, {}, random.make(6)});
  CompiledKernels compiled(pool, {&spec, 1}, atLevel(level));
  rt::KernelFn fn = compiled.kernel("random");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  std::uniform_real_distribution<double> uniform(-3.0, 3.0);
  std::vector<double> res(spec.steps.size());
  size_t mismatches = 0;
  for (int point = 0; point < 50; ++point) {
    double v[4];
    for (double &x : v)
      x = point < 5 ? edgeCases[point * 4 % std::size(edgeCases)] : uniform(random.rng);
    fn(0.0, v, res.data());
    INFO("at v = (", v[0], ", ", v[1], ", ", v[2], ", ", v[3], ")");
    mismatches += compareWithEvaluate(pool, spec, v, res);
  }
  CHECK(mismatches == 0);
}

} // namespace

TEST_CASE("random expression DAGs match sym::evaluate without optimization") {
  checkRandomDags(jit::OptLevel::None);
}

TEST_CASE("random expression DAGs match sym::evaluate at O2") {
  checkRandomDags(jit::OptLevel::Default);
}

TEST_CASE("pow with a constant exponent 2, 0.5 or -1 is within an ulp of evaluateOp") {
  // LLVM rewrites these into x * x, sqrt(x) and 1 / x, which are correctly
  // rounded; glibc's pow is not always, so the two differ in the last bit
  // for about 0.1% of arguments. Other exponents call pow itself.
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  const double exponents[] = {2.0, 0.5, -1.0, 3.0, -0.5};
  KernelSpec spec{"powers", {}, false};
  for (double e : exponents)
    spec.steps.push_back({KernelStep::Kind::Residual, {}, pool.pow(x, pool.constant(e))});
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelFn fn = compiled.kernel("powers");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> uniform(-10.0, 10.0);
  for (int i = 0; i < 2000; ++i) {
    double v = i % 2 ? uniform(rng) : std::exp(5 * uniform(rng)), res[5];
    fn(0.0, &v, res);
    for (size_t k = 0; k < std::size(exponents); ++k) {
      double args[] = {v, exponents[k]};
      double expected = sym::evaluateOp(OpKind::Pow, args, 0);
      bool close = sameValue(expected, res[k]) ||
                   std::nextafter(expected, res[k]) == res[k];
      CHECK_MESSAGE(close, v, "^", exponents[k], " = ", res[k], ", expected ", expected);
    }
  }
}

TEST_CASE("x^2 is x * x at every level, without a call of pow") {
  // The unoptimized level of huge models does not run LLVM's rewrite of
  // pow(x, 2.0), so codegen makes it: a call costs the JIT and the run.
  sym::ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  KernelSpec spec{"square", {}, false};
  spec.steps.push_back({KernelStep::Kind::Residual, {}, pool.pow(x, pool.constant(2.0))});
  spec.steps.push_back({KernelStep::Kind::Residual, {}, pool.pow(x, pool.constant(3.0))});
  CompiledKernels compiled(pool, {&spec, 1}, atLevel(jit::OptLevel::None, true));
  rt::KernelFn fn = compiled.kernel("square");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  size_t calls = 0;
  const std::string call = "call double @llvm.pow.f64(";
  for (size_t at = compiled.ir.find(call); at != std::string::npos;
       at = compiled.ir.find(call, at + 1))
    ++calls;
  CHECK(calls == 1); // x^3 only
  for (double v : {3.0, -1.5, 1e-170, 1e200, 0.1}) {
    double res[2];
    fn(0.0, &v, res);
    CHECK(res[0] == v * v);
    CHECK(res[1] == std::pow(v, 3.0));
  }
}
