// Lowered functions compiled to native code (codegen::generateFunctions
// through jit::FunctionLibrary): each sample function against the same
// computation in C++, and the errors of malformed functions.
#include "tests/unit/codegen/SampleFunctions.h"

#include "compiler/jit/FunctionLibrary.h"
#include "compiler/jit/Jit.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::OpKind;

namespace {

/// The sample table, compiled once for all tests of this file.
jit::FunctionLibrary &samples() {
  static std::unique_ptr<jit::FunctionLibrary> library = [] {
    diag::Message error;
    auto compiled = jit::FunctionLibrary::compile(sampleFunctions(), error);
    REQUIRE_MESSAGE(compiled, error.text());
    return compiled;
  }();
  return *library;
}

/// Calls a sample function; fails the test on an error.
std::vector<double> run(uint32_t index, std::vector<double> args) {
  diag::Message error;
  auto outputs = samples().call(index, args, error);
  REQUIRE_MESSAGE(outputs, error.text());
  return *outputs;
}

std::string compileError(std::vector<flat::Function> table) {
  diag::Message error;
  auto library = jit::FunctionLibrary::compile(table, error);
  CHECK(!library);
  return error.text();
}

} // namespace

TEST_CASE("recursion: factorial and power") {
  double expected = 1;
  for (int n = 0; n <= 20; ++n) {
    expected *= std::max(n, 1);
    CHECK(run(Factorial, {double(n)})[0] == expected);
  }
  CHECK(run(Power, {1.5, 0})[0] == 1.0);
  CHECK(run(Power, {1.5, 3})[0] == 1.5 * (1.5 * (1.5 * 1.0)));
  CHECK(run(Power, {-2.0, 11})[0] == -2048.0);
}

TEST_CASE("a while loop: Newton's square root") {
  for (double a : {1e-6, 0.25, 1.0, 2.0, 10.0, 12345.678, 1e12}) {
    double x = run(NewtonSqrt, {a})[0];
    CHECK(std::abs(x - std::sqrt(a)) <= 4e-16 * std::sqrt(a));
  }
}

TEST_CASE("for loops over arrays with indexed reads and stores") {
  std::vector<double> out = run(Dot, {1, 2, 3, 4, -5, 0.5});
  CHECK(out == std::vector<double>{1 * 4 - 2 * 5 + 3 * 0.5, 4, -10, 1.5});
}

TEST_CASE("if, elseif and else with an Integer output") {
  auto expected = [](double x) -> std::vector<double> {
    if (x < -1)
      return {-(x * x), 1};
    if (x < 1)
      return {std::pow(x, 3) + x, 2};
    return {2 * x - 1 + std::exp(-x), 3};
  };
  for (double x : {-3.0, -1.0, -0.5, 0.0, 0.999, 1.0, 4.0})
    CHECK(run(Piecewise, {x}) == expected(x));
}

TEST_CASE("break leaves the loop and return the function") {
  CHECK(run(FirstAbove, {1, 5, 7, 9, 4}) == std::vector<double>{2, 20});
  CHECK(run(FirstAbove, {1, 2, 3, 4, 10}) == std::vector<double>{0, 0});
  CHECK(run(FirstAbove, {1, 2, 3, 4, -1}) == std::vector<double>{0, -1});
  CHECK(run(FirstAbove, {9, 2, 3, 4, 0.5}) == std::vector<double>{1, 4.5});
}

TEST_CASE("several outputs, and calls of other functions") {
  CHECK(run(Polar, {3, 4}) == std::vector<double>{5, std::atan2(4.0, 3.0)});
  double x = 0.7;
  double z = std::sqrt(x * x + 4 * x * x) * std::atan2(2 * x, x);
  std::vector<double> out = run(Caller, {x});
  CHECK(out[0] == z);
  CHECK(out[1] == z * (z * (z * 1.0)) + x);
}

TEST_CASE("for ranges: negative and Real steps, empty ranges, nested loops with break") {
  CHECK(run(Ranges, {}) == std::vector<double>{9, 0, 5, 0, 6});
}

TEST_CASE("calls with the wrong number of arguments are refused") {
  diag::Message error;
  CHECK(!samples().call(Polar, std::vector<double>{1.0}, error));
  CHECK(error.text() == "function `polar` takes 2 input(s), not 1");
  CHECK(!samples().call(NumSamples, {}, error));
  CHECK(error.text() == "no function 9 in the table");
}

TEST_CASE("malformed functions are reported, not compiled") {
  std::vector<flat::Function> table = sampleFunctions();
  table[Polar].body.push_back(breakLoop());
  CHECK(compileError(table) == "function `polar`: `break` outside a loop");

  table = sampleFunctions();
  table[Dot].body.push_back(assign(99, table[Dot].pool.zero()));
  CHECK(compileError(table) == "function `dot`: a statement has an invalid slot or expression");

  table = sampleFunctions();
  table.resize(Caller + 1); // Caller calls Power and Polar, which exist
  table.erase(table.begin(), table.begin() + 2); // but now at other indices
  CHECK(compileError(table).find("is not in the table") != std::string::npos);

  table = sampleFunctions();
  table[Piecewise].symbol = "polar";
  CHECK(compileError(table) == "two functions have the symbol `polar`");

  table = sampleFunctions();
  sym::ExprPool &pool = table[Polar].pool;
  table[Polar].body.push_back(assign(2, pool.time()));
  CHECK(compileError(table) == "function `polar`: an expression uses `time`");
}

TEST_CASE("a large function compiles in a module of its own and calls across modules") {
  // small(x) = large(x) + 1; large(x) runs x through 1,500 statements and
  // calls tiny(); tiny(x) = 2 x. Large and small functions are compiled at
  // different levels, in different modules (jit::kLargeFunctionStatements).
  constexpr uint32_t steps = 1500;
  static_assert(steps > jit::kLargeFunctionStatements);
  enum : uint32_t { Small, Large, Tiny };
  std::vector<flat::Function> table;
  {
    FunctionBuilder b("small");
    auto &p = b.pool();
    uint32_t x = b.input("x"), y = b.output("y");
    sym::ExprId args[] = {b.v(x)};
    table.push_back(b.build({assign(y, p.add(p.output(p.call(Large, args), 0), b.c(1)))}));
  }
  {
    FunctionBuilder b("large");
    auto &p = b.pool();
    uint32_t x = b.input("x"), y = b.output("y");
    std::vector<Statement> body = {assign(y, b.v(x))};
    for (uint32_t k = 0; k < steps; ++k)
      body.push_back(assign(y, p.add(p.mul(b.v(y), b.c(0.999)), b.c(0.001 * (k % 7)))));
    sym::ExprId args[] = {b.v(y)};
    body.push_back(assign(y, p.output(p.call(Tiny, args), 0)));
    table.push_back(b.build(std::move(body)));
  }
  {
    FunctionBuilder b("tiny");
    auto &p = b.pool();
    uint32_t x = b.input("x"), y = b.output("y");
    table.push_back(b.build({assign(y, p.mul(b.c(2), b.v(x)))}));
  }
  diag::Message error;
  auto library = jit::FunctionLibrary::compile(table, error);
  REQUIRE_MESSAGE(library, error.text());
  for (double x : {0.0, 1.5, -3.0}) {
    double y = x;
    for (uint32_t k = 0; k < steps; ++k)
      y = y * 0.999 + 0.001 * (k % 7);
    y = 2 * y;
    auto large = library->call(Large, std::vector<double>{x}, error);
    auto small = library->call(Small, std::vector<double>{x}, error);
    REQUIRE_MESSAGE((large && small), error.text());
    CHECK((*large)[0] == y);
    CHECK((*small)[0] == y + 1);
  }
}

TEST_CASE("a function table started in several modules compiles on the JIT's threads") {
  // f_k(x) = f_{k+1}(g(x)) for k < 5, f_5(x) = x, where g runs x through
  // 600 statements: 3,000 statements in all, more than one module's worth
  // (jit::kFunctionChunkStatements), so calls cross modules.
  constexpr uint32_t count = 6, steps = 600;
  static_assert(steps * (count - 1) > jit::kFunctionChunkStatements);
  std::vector<flat::Function> table;
  for (uint32_t k = 0; k < count; ++k) {
    FunctionBuilder b("f" + std::to_string(k));
    auto &p = b.pool();
    uint32_t x = b.input("x"), y = b.output("y");
    std::vector<Statement> body = {assign(y, b.v(x))};
    if (k + 1 < count) {
      for (uint32_t s = 0; s < steps; ++s)
        body.push_back(assign(y, p.add(p.mul(b.v(y), b.c(0.998)), b.c(0.002 * (s % 5 + k)))));
      sym::ExprId args[] = {b.v(y)};
      body.push_back(assign(y, p.output(p.call(k + 1, args), 0)));
    }
    table.push_back(b.build(std::move(body)));
  }
  diag::Message error;
  auto jit = jit::Jit::create(error);
  REQUIRE_MESSAGE(jit, error.text());
  REQUIRE_MESSAGE(jit::startFunctions(*jit, table, error), error.text());
  REQUIRE_MESSAGE(jit->finishModules(error), error.text());
  auto f0 = jit::lookupFunction(*jit, table[0], error);
  bool found = f0 != nullptr;
  REQUIRE_MESSAGE(found, error.text());
  for (double x : {0.0, 2.5}) {
    double expected = x;
    for (uint32_t k = 0; k + 1 < count; ++k)
      for (uint32_t s = 0; s < steps; ++s)
        expected = expected * 0.998 + 0.002 * (s % 5 + k);
    double in[] = {x}, out[] = {0.0};
    CHECK(f0(in, out) == 0);
    CHECK(out[0] == expected);
  }
}
