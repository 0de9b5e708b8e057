// Forward derivatives of lowered functions (functions::differentiateFunction
// through DerivativeTable), compiled and run: the derivative gives the
// function's own outputs exactly and tangents that match central finite
// differences, through recursion, loops, indexed reads and stores, branches,
// break, return and calls; derivatives of derivatives; zero tangents stay
// zero at singular points.
#include "tests/unit/codegen/SampleFunctions.h"

#include "compiler/functions/Derivative.h"
#include "compiler/jit/FunctionLibrary.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <random>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;

namespace {

/// The sample table with the derivatives of every function, and the second
/// derivatives of Polar and Caller.
struct Compiled {
  std::vector<flat::Function> table = sampleFunctions();
  std::unique_ptr<jit::FunctionLibrary> library;

  Compiled() {
    functions::DerivativeTable derivatives(table);
    diag::Message error;
    for (uint32_t f = 0; f < NumSamples; ++f)
      REQUIRE_MESSAGE(derivatives.derivativeOf(f, &error), error.text());
    for (uint32_t f : {Polar, Caller})
      REQUIRE_MESSAGE(derivatives.derivativeOf(table[f].forwardDerivative, &error), error.text());
    library = jit::FunctionLibrary::compile(table, error);
    REQUIRE_MESSAGE(library, error.text());
  }

  std::vector<double> call(uint32_t index, const std::vector<double> &args) {
    diag::Message error;
    auto outputs = library->call(index, args, error);
    REQUIRE_MESSAGE(outputs, error.text());
    return *outputs;
  }

  /// Checks the derivative of function f at x in direction dx.
  void check(uint32_t f, const std::vector<double> &x, const std::vector<double> &dx) {
    std::vector<double> y = call(f, x);
    std::vector<double> args = x;
    args.insert(args.end(), dx.begin(), dx.end());
    std::vector<double> out = call(table[f].forwardDerivative, args);
    size_t m = y.size();
    REQUIRE(out.size() == 2 * m);
    const double h = 1e-6;
    std::vector<double> plus = x, minus = x;
    for (size_t i = 0; i < x.size(); ++i) {
      plus[i] += h * dx[i];
      minus[i] -= h * dx[i];
    }
    std::vector<double> yPlus = call(f, plus), yMinus = call(f, minus);
    for (size_t k = 0; k < m; ++k) {
      CAPTURE(k);
      CHECK(out[k] == y[k]);
      CHECK(out[m + k] == doctest::Approx((yPlus[k] - yMinus[k]) / (2 * h)).epsilon(1e-6));
    }
  }
};

Compiled &compiled() {
  static Compiled instance;
  return instance;
}

using Rng = std::mt19937_64;

double uniform(Rng &rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

std::vector<double> uniforms(Rng &rng, size_t n, double lo, double hi) {
  std::vector<double> values(n);
  for (double &value : values)
    value = uniform(rng, lo, hi);
  return values;
}

} // namespace

TEST_CASE("derivatives through recursion, with Integer inputs and outputs") {
  Rng rng(1);
  for (int n = 0; n <= 5; ++n)
    compiled().check(Power, {uniform(rng, 0.5, 2), double(n)}, {uniform(rng, -1, 1), 0});
  // The tangent of an Integer input is ignored: an Integer function has none.
  uint32_t factorial = compiled().table[Factorial].forwardDerivative;
  CHECK(compiled().call(factorial, {6, 1}) == std::vector<double>{720, 0});
  CHECK(compiled().call(compiled().table[Power].forwardDerivative, {1.5, 4, 1, 0})[1] ==
        doctest::Approx(4 * 1.5 * 1.5 * 1.5));
}

TEST_CASE("derivatives through a while loop, for loops and indexed reads and stores") {
  Rng rng(2);
  for (int trial = 0; trial < 10; ++trial) {
    compiled().check(NewtonSqrt, {uniform(rng, 0.1, 100)}, {1});
    compiled().check(Dot, uniforms(rng, 6, -2, 2), uniforms(rng, 6, -1, 1));
  }
  compiled().check(Ranges, {}, {});
}

TEST_CASE("derivatives through branches, break and return") {
  Rng rng(3);
  for (double x : {-2.5, -1.2, -0.9, 0.0, 0.4, 0.99, 1.01, 2.0})
    compiled().check(Piecewise, {x}, {1});
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<double> x = uniforms(rng, 5, 0, 1);
    bool tie = false;
    for (int k = 0; k < 4; ++k)
      tie = tie || std::abs(x[k] - x[4]) < 1e-3;
    if (!tie)
      compiled().check(FirstAbove, x, uniforms(rng, 5, -1, 1));
  }
  compiled().check(FirstAbove, {1, 2, 3, 4, -0.5}, {1, 1, 1, 1, 1}); // returns early
}

TEST_CASE("derivatives of several outputs and of calls; derivatives of derivatives") {
  Rng rng(4);
  for (int trial = 0; trial < 10; ++trial) {
    std::vector<double> point = uniforms(rng, 2, -2, 2), direction = uniforms(rng, 2, -1, 1);
    compiled().check(Polar, point, direction);
    compiled().check(Caller, {uniform(rng, 0.2, 2)}, {uniform(rng, -1, 1)});
    point.insert(point.end(), direction.begin(), direction.end());
    compiled().check(compiled().table[Polar].forwardDerivative, point, uniforms(rng, 4, -1, 1));
  }
  compiled().check(compiled().table[Caller].forwardDerivative, {0.8, 1.0}, {0.3, -0.5});
}

TEST_CASE("a zero tangent stays zero where the derivative is infinite") {
  // sqrt(x^2 + y^2) and atan2 at the origin, in the zero direction.
  std::vector<double> out =
      compiled().call(compiled().table[Polar].forwardDerivative, {0, 0, 0, 0});
  CHECK(out[2] == 0.0);
  CHECK(out[3] == 0.0);
}
