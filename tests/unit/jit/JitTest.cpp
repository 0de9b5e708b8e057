// Unit tests of the JIT (compiler/jit/). The functions compiled come from
// Modelica source through the flattener, as the driver makes them: a
// function table is compiled into a FunctionLibrary and called on numbers;
// a JIT reports symbols it cannot resolve; the C code of external
// functions (an Include annotation compiled by mocc's own C compiler) is
// linked and called, and a C function found nowhere is reported.
#include "compiler/flatten/Flatten.h"
#include "tests/unit/SourceFixture.h"
#include "compiler/jit/FunctionLibrary.h"
#include "compiler/jit/Jit.h"
#include "compiler/jit/NativeCalls.h"

#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

using namespace mocc;

namespace {

/// The lowered functions of a model flattened from one source text.
struct Functions : test::SourceFixture {
  std::vector<flat::Function> table;

  explicit Functions(const std::string &text) {
    auto model = flattenLast(text);
    REQUIRE_MESSAGE(model.has_value(), messages.str());
    table = std::move(model->functions);
  }
  /// The index of the (first) specialization of function `name`.
  uint32_t index(const std::string &name) const {
    for (uint32_t i = 0; i < table.size(); ++i)
      if (table[i].name == name)
        return i;
    FAIL("no function " << name);
    return 0;
  }
};

} // namespace

TEST_CASE("a lowered function with a run-time loop is compiled once and called") {
  // n is an input: the while loop runs at run time (Collatz steps).
  Functions f(R"(
    model M
      function steps input Integer n; output Integer k = 0;
      protected Integer m = n;
      algorithm
        while m <> 1 loop
          m := if mod(m, 2) == 0 then div(m, 2) else 3 * m + 1;
          k := k + 1;
        end while;
      end steps;
      function hyp input Real a; input Real b; output Real c;
      algorithm c := sqrt(a ^ 2 + b ^ 2); end hyp;
      Integer s = steps(integer(time) + 27);
      Real h = hyp(time, 4);
    end M;)");
  diag::Message error;
  auto library = jit::FunctionLibrary::compile(f.table, error);
  REQUIRE_MESSAGE(library, error.text());
  auto steps = library->call(f.index("M.steps"), std::vector<double>{27}, error);
  REQUIRE_MESSAGE(steps, error.text());
  CHECK(*steps == std::vector<double>{111});
  steps = library->call(f.index("M.steps"), std::vector<double>{1}, error);
  REQUIRE(steps);
  CHECK(*steps == std::vector<double>{0});
  auto hyp = library->call(f.index("M.hyp"), std::vector<double>{3, 4}, error);
  REQUIRE_MESSAGE(hyp, error.text());
  REQUIRE(hyp->size() == 1);
  CHECK((*hyp)[0] == doctest::Approx(5.0));
}

TEST_CASE("a call with the wrong number of arguments or index is an error, not a crash") {
  Functions f(R"(
    model M
      function hyp input Real a; input Real b; output Real c;
      algorithm c := sqrt(a ^ 2 + b ^ 2); end hyp;
      Real h = hyp(time, 4);
    end M;)");
  diag::Message error;
  auto library = jit::FunctionLibrary::compile(f.table, error);
  REQUIRE_MESSAGE(library, error.text());
  CHECK_FALSE(library->call(0, std::vector<double>{3}, error));
  CHECK_FALSE(error.empty());
  error = {};
  CHECK_FALSE(library->call(7, std::vector<double>{3, 4}, error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("a failed assert in a compiled function comes back as the call's error") {
  Functions f(R"(
    model M
      function checked input Real x; output Real y;
      algorithm
        assert(x >= 0, "x must not be negative");
        y := sqrt(x);
      end checked;
      Real y = checked(time);
    end M;)");
  diag::Message error;
  auto library = jit::FunctionLibrary::compile(f.table, error);
  REQUIRE_MESSAGE(library, error.text());
  auto ok = library->call(0, std::vector<double>{16}, error);
  REQUIRE_MESSAGE(ok, error.text());
  CHECK((*ok)[0] == doctest::Approx(4.0));
  CHECK_FALSE(library->call(0, std::vector<double>{-1}, error));
  CHECK(error.text().find("x must not be negative") != std::string::npos);
}

TEST_CASE("a symbol that is defined nowhere is reported, not resolved") {
  diag::Message error;
  auto jit = jit::Jit::create(error);
  REQUIRE_MESSAGE(jit, error.text());
  CHECK(jit->lookup("mocc_no_such_symbol_anywhere", error) == nullptr);
  CHECK(error.text().find("mocc_no_such_symbol_anywhere") != std::string::npos);
  std::string why;
  CHECK_FALSE(jit->hasSymbol("mocc_no_such_symbol_anywhere", &why));
  CHECK_FALSE(why.empty());
  // A symbol of the process (the C library's) does resolve.
  CHECK(jit->hasSymbol("strlen"));
  error = {};
  CHECK_FALSE(jit->addLibrary("/nonexistent/libmocc_missing.so", error));
  CHECK_FALSE(error.empty());
  error = {};
  CHECK_FALSE(jit->runFunction("mocc_no_such_constructor", error));
  CHECK_FALSE(error.empty());
}

TEST_CASE("the C code of an Include annotation is compiled, linked and called") {
  Functions f(R"(
    model M
      function cube input Real x; output Real y;
      external "C" y = mocc_test_cube(x)
        annotation(Include = "double mocc_test_cube(double x) { return x * x * x; }");
      end cube;
      Real y = cube(time);
    end M;)");
  REQUIRE(f.table.size() == 1);
  REQUIRE(f.table[0].external);
  CHECK(f.table[0].external->function == "mocc_test_cube");
  diag::Message error;
  jit::ExternalReport report;
  auto library = jit::FunctionLibrary::compile(f.table, error, {}, &report);
  REQUIRE_MESSAGE(library, error.text());
  CHECK(report.problems.empty());
  CHECK(report.compiledUnits == 1);
  auto y = library->call(0, std::vector<double>{3}, error);
  REQUIRE_MESSAGE(y, error.text());
  CHECK((*y)[0] == doctest::Approx(27.0));
}

TEST_CASE("an external C function found nowhere is a problem of that function") {
  Functions f(R"(
    model M
      function missing input Real x; output Real y;
      external "C" y = mocc_test_not_defined_anywhere(x);
      end missing;
      Real y = missing(time);
    end M;)");
  diag::Message error;
  jit::ExternalReport report;
  auto library = jit::FunctionLibrary::compile(f.table, error, {}, &report);
  CHECK_FALSE(library);
  REQUIRE(report.problems.size() == 1);
  CHECK(report.problems[0].function == 0);
  CHECK(report.problems[0].message.kind() == diag::ExternalFunctionNotFound);
  CHECK(report.problems[0].message.text().find("mocc_test_not_defined_anywhere") !=
        std::string::npos);
  CHECK(error.text() == report.problems[0].message.text());
}

TEST_CASE("NativeCalls compiles a function when it is first called while translating") {
  Functions f(R"(
    model M
      function cube input Real x; output Real y;
      external "C" y = mocc_test_cube2(x)
        annotation(Include = "double mocc_test_cube2(double x) { return x * x * x; }");
      end cube;
      Real y = cube(time);
    end M;)");
  jit::NativeCalls native(jit::ExternalOptions{});
  diag::Message failure;
  auto y = native.call(f.table, 0, std::vector<double>{-2}, failure);
  REQUIRE_MESSAGE(y, failure.text());
  CHECK((*y)[0] == doctest::Approx(-8.0));
  // Again: the function is in the JIT already.
  y = native.call(f.table, 0, std::vector<double>{0.5}, failure);
  REQUIRE_MESSAGE(y, failure.text());
  CHECK((*y)[0] == doctest::Approx(0.125));
}
