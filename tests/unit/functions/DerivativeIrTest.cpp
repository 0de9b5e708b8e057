// The forward derivative of a lowered function as IR: the calling
// convention (inputs and their tangents, outputs and their tangents), the
// statements made for assignments with and without calls, and how the
// derivative table adds the derivatives of callees and of recursive
// functions once.
#include "compiler/functions/Derivative.h"
#include "tests/unit/codegen/SampleFunctions.h"

#include <doctest/doctest.h>

using namespace mocc;
using namespace mocc::codegen::test;
using flat::StatementKind;
using sym::OpKind;

namespace {

void collectRoots(const std::vector<flat::Statement> &body, std::vector<sym::ExprId> &roots) {
  for (const flat::Statement &s : body) {
    for (sym::ExprId id : {s.value, s.index, s.condition, s.start, s.step, s.stop}) {
      if (id.valid())
        roots.push_back(id);
    }
    collectRoots(s.body, roots);
    collectRoots(s.elseBody, roots);
  }
}

/// The functions that a function's statements call, in the order met.
std::vector<uint32_t> calleesOf(const flat::Function &f) {
  std::vector<sym::ExprId> roots;
  collectRoots(f.body, roots);
  std::vector<uint32_t> callees;
  sym::forEachNode(f.pool, roots, [&](sym::ExprId id) {
    if (f.pool.op(id) == OpKind::Call)
      callees.push_back(f.pool.node(id).payload.index);
  });
  return callees;
}

} // namespace

TEST_CASE("the derivative takes inputs and tangents and returns outputs and tangents") {
  flat::Function polar = sampleFunctions()[Polar]; // x, y -> r, phi in slots 0 .. 3
  auto derivative = functions::differentiateFunction(polar);
  REQUIRE(derivative);
  const flat::Function &d = *derivative;
  CHECK(d.symbol == "polar$der");
  CHECK(d.numSlots == 8);
  CHECK(d.inputSlots == std::vector<uint32_t>{0, 1, 4, 5});
  CHECK(d.outputSlots == std::vector<uint32_t>{2, 3, 6, 7});
  REQUIRE(d.variables.size() == 8);
  CHECK(d.variables[4].name == "der(x)");
  CHECK(d.variables[4].firstSlot == 4);
  CHECK(d.variables[4].kind == flat::FunctionVariable::Kind::Input);
  // r := sqrt(x^2 + y^2) gives dr := ...; r := ... (the tangent first).
  REQUIRE(d.body.size() == 4);
  CHECK(d.body[0].target.index == 6);
  CHECK(d.body[1].target.index == 2);
  CHECK(d.body[1].value == polar.body[0].value);
  CHECK(d.body[2].target.index == 7);
  CHECK(d.body[3].target.index == 3);
}

TEST_CASE("control flow is copied; Integer slots get no tangent statements") {
  flat::Function dot = sampleFunctions()[Dot];
  auto derivative = functions::differentiateFunction(dot);
  REQUIRE(derivative);
  const flat::Function &d = *derivative;
  REQUIRE(d.body.size() == 4); // for, ds := 0, s := 0, for
  CHECK(d.body[0].kind == StatementKind::For);
  CHECK(d.body[0].target == dot.body[0].target);
  // ai := a[i]; bi := b[i]; p[i] := ai bi, each preceded by its tangent.
  const auto &loop = d.body[0].body;
  REQUIRE(loop.size() == 6);
  CHECK(loop[0].kind == StatementKind::LoadIndexed);
  CHECK(loop[0].firstSlot == d.numSlots / 2 + dot.body[0].body[0].firstSlot);
  CHECK(loop[4].kind == StatementKind::AssignIndexed);
  CHECK(loop[4].firstSlot == d.numSlots / 2 + dot.body[0].body[2].firstSlot);
  CHECK(loop[5].firstSlot == dot.body[0].body[2].firstSlot);

  flat::Function ranges = sampleFunctions()[Ranges]; // Integer counters only
  auto rangesDerivative = functions::differentiateFunction(ranges);
  REQUIRE(rangesDerivative);
  CHECK(rangesDerivative->body[0].body.size() == 2); // ds1 := di + ds1; s1 := s1 + i
}

TEST_CASE("a call becomes one call of the callee's derivative, through a temporary") {
  std::vector<flat::Function> table = sampleFunctions();
  diag::Message error;
  CHECK(!functions::differentiateFunction(table[Caller], {}, &error));
  CHECK(error.text() == "function `caller` calls function 6, which has no derivative");

  auto callee = [](uint32_t f) -> std::optional<functions::CalleeDerivative> {
    return functions::CalleeDerivative{100 + f, f == Polar ? 2u : 1u};
  };
  auto derivative = functions::differentiateFunction(table[Caller], callee, &error);
  REQUIRE(derivative);
  flat::Function &d = *derivative;
  // z := r * phi of polar(x, 2x): tmp := ...; dz := ...; z := tmp.
  uint32_t n = table[Caller].numSlots;
  REQUIRE(d.body.size() == 6);
  CHECK(d.body[0].target.index == 2 * n);
  CHECK(d.body[1].target.index == n + table[Caller].body[0].target.index);
  CHECK(d.body[2].value == d.pool.variable(sym::VarId{2 * n}));
  CHECK(d.numSlots == 2 * n + 2);
  // Only derivatives are called (polar's once, for both outputs).
  CHECK(calleesOf(d) == std::vector<uint32_t>{100 + Polar, 100 + Power});
}

TEST_CASE("the derivative table adds callees' derivatives once, recursion included") {
  std::vector<flat::Function> table = sampleFunctions();
  functions::DerivativeTable derivatives(table);
  auto power = derivatives.derivativeOf(Power);
  REQUIRE(power);
  CHECK(*power == NumSamples);
  CHECK(table[Power].forwardDerivative == *power);
  CHECK(calleesOf(table[*power]) == std::vector<uint32_t>{*power}); // calls itself

  auto caller = derivatives.derivativeOf(Caller);
  REQUIRE(caller);
  CHECK(table.size() == NumSamples + 3); // power's (before), caller's, polar's
  CHECK(table[table[Polar].forwardDerivative].symbol == "polar$der");
  CHECK(derivatives.derivativeOf(Caller) == caller);
  CHECK(table.size() == NumSamples + 3);
  auto second = derivatives.derivativeOf(*caller); // calls the derivatives' derivatives
  REQUIRE(second);
  CHECK(table[*second].symbol == "caller$der$der");
  CHECK(table.size() == NumSamples + 6);
}

TEST_CASE("the derivative table refuses a call of a function it does not hold") {
  std::vector<flat::Function> table = sampleFunctions();
  table.resize(Caller + 1); // Caller calls Polar (6) and Power (1)
  table.erase(table.begin() + Polar); // now Caller is 6 and calls 6 and 1 ...
  table.erase(table.begin()); // ... and as 5 it calls 6, which is gone
  functions::DerivativeTable derivatives(table);
  diag::Message error;
  CHECK(!derivatives.derivativeOf(5, &error));
  CHECK(error.text() == "function `caller` calls function 6, which is not in the table");
  CHECK(table.size() == 6);
  CHECK(table[5].forwardDerivative == UINT32_MAX);
  CHECK(table[0].forwardDerivative == UINT32_MAX);
}

TEST_CASE("error asserts are kept in derivatives, warnings left to the function") {
  auto sqrtDerivative = functions::differentiateFunction(sampleFunctions()[NewtonSqrt]);
  REQUIRE(sqrtDerivative);
  CHECK(sqrtDerivative->body[0].kind == StatementKind::Assert);
  CHECK(sqrtDerivative->body[0].message.size() == 2);

  FunctionBuilder b("warns");
  uint32_t x = b.input("x"), y = b.output("y");
  flat::Function warns =
      b.build({assertThat(b.pool().binary(OpKind::Less, b.v(x), b.c(10)), {text("large")}, 2),
               assign(y, b.v(x))});
  auto derivative = functions::differentiateFunction(warns);
  REQUIRE(derivative);
  REQUIRE(derivative->body.size() == 2);
  CHECK(derivative->body[0].kind == StatementKind::Assign);
}
