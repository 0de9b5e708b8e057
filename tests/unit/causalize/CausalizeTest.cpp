// Unit tests of causalization on flat models built by hand: which equations
// become assignments and which residuals, the solver's vector, the Jacobian
// pattern and the initialization sequence.
#include "compiler/causalize/Causalize.h"

#include <doctest/doctest.h>
#include <sstream>

using namespace mocc;
using sym::ExprId;
using sym::VarId;

namespace {

struct Builder {
  flat::FlatModel model;
  SourceManager sources;
  std::ostringstream messages;
  Diagnostics diags{sources, messages};

  VarId var(const std::string &name, flat::VariabilityKind v = flat::VariabilityKind::Continuous) {
    flat::Variable variable;
    variable.name = name;
    variable.variability = v;
    return model.addVariable(variable);
  }
  ExprId ref(VarId v) { return model.pool.variable(v); }
  ExprId der(VarId v) { return model.pool.variable(model.derivativeOf(v)); }
  void equation(ExprId lhs, ExprId rhs) { model.equations.push_back({lhs, rhs, {}, {}, 0}); }
};

} // namespace

TEST_CASE("explicit algebraic equations become assignments, state derivatives residuals") {
  Builder b;
  auto &p = b.model.pool;
  VarId k = b.var("k", flat::VariabilityKind::Parameter);
  b.model.var(k).binding = p.constant(2);
  VarId x = b.var("x"), y = b.var("y");
  b.model.var(x).attributes.start = p.one();
  b.model.var(x).attributes.fixed = true;
  b.equation(b.der(x), b.model.pool.neg(b.ref(y)));       // der(x) = -y
  b.equation(p.mul(b.ref(k), b.ref(y)), b.ref(x));         // k * y = x
  auto plan = causalize::causalize(b.model, b.diags);
  REQUIRE(plan);
  CHECK(plan->ySlot == std::vector<int32_t>{static_cast<int32_t>(x.index)});
  CHECK(plan->ypSlot == std::vector<int32_t>{static_cast<int32_t>(b.model.var(x).derivative.index)});
  const codegen::KernelSpec *residual = nullptr;
  for (const auto &kernel : plan->kernels)
    if (kernel.name == plan->residual)
      residual = &kernel;
  REQUIRE(residual);
  REQUIRE(residual->steps.size() == 2);
  CHECK(residual->steps[0].kind == codegen::KernelStep::Kind::Assign); // y := x / k
  CHECK(residual->steps[0].target == y);
  CHECK(residual->steps[1].kind == codegen::KernelStep::Kind::Residual);
  CHECK(plan->jacobian.size == 1);
  CHECK(plan->jacobian.rowIdx.size() == 1); // d(der(x) + x/k)/dx through the assignment
  CHECK(plan->statistics.assigned == 1);
}

TEST_CASE("a nonlinear algebraic equation puts its unknown into the solver's vector") {
  Builder b;
  auto &p = b.model.pool;
  VarId x = b.var("x"), y = b.var("y");
  b.equation(b.der(x), p.neg(b.ref(y)));
  b.equation(p.add(p.pow(b.ref(y), p.constant(3)), b.ref(y)), b.ref(x)); // y^3 + y = x
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->ySlot.size() == 2);
  CHECK(plan->ypSlot[1] == -1);
  // Rows der(x) + y and y^3 + y - x, each over the columns x and y.
  CHECK(plan->jacobian.rowIdx.size() == 4);
  // Initialization: x has no fixed start value, so it takes its start value
  // (with a warning), and y is found by a nonlinear system.
  CHECK(b.messages.str().find("initial conditions are not fully specified") != std::string::npos);
  bool solves = false;
  for (const auto &step : plan->init)
    solves |= step.kind == rt::InitStep::Kind::Solve &&
              step.unknowns == std::vector<int32_t>{static_cast<int32_t>(y.index)};
  CHECK(solves);
}

TEST_CASE("parameters are computed in dependency order, and a cycle is an error") {
  Builder b;
  auto &p = b.model.pool;
  VarId a = b.var("a", flat::VariabilityKind::Parameter);
  VarId c = b.var("c", flat::VariabilityKind::Parameter);
  b.model.var(a).binding = p.mul(b.ref(c), p.constant(2)); // a = 2c, declared first
  b.model.var(c).binding = p.constant(1);
  auto plan = causalize::causalize(b.model, b.diags);
  REQUIRE(plan);
  bool found = false;
  for (const auto &kernel : plan->kernels)
    if (kernel.name == plan->setParameters) {
      REQUIRE(kernel.steps.size() == 2);
      CHECK(kernel.steps[0].target == c);
      CHECK(kernel.steps[1].target == a);
      found = true;
    }
  CHECK(found);
  Builder cyclic;
  VarId u = cyclic.var("u", flat::VariabilityKind::Parameter);
  VarId w = cyclic.var("w", flat::VariabilityKind::Parameter);
  cyclic.model.var(u).binding = cyclic.ref(w);
  cyclic.model.var(w).binding = cyclic.ref(u);
  CHECK_FALSE(causalize::causalize(cyclic.model, cyclic.diags));
  CHECK(cyclic.messages.str().find("depends on itself") != std::string::npos);
}
