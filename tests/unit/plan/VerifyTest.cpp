// The verifiers of the plan and of the flat model (plan/Verify.h,
// flat/Verify.h) on small hand-made IRs: a plan that keeps the contract has
// no problem, and each breach is found with its message.
#include "compiler/flat/Verify.h"
#include "compiler/plan/Verify.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace mocc;
using plan::KernelSpec;
using plan::KernelStep;

namespace {

/// x' = -y, y = 2 x: slots x (0), der(x) (1), y (2).
struct SmallPlan {
  flat::FlatModel model;
  sym::ExprPool &pool = model.pool;
  plan::SimulationPlan plan;
  sym::ExprId x, dx, y;

  SmallPlan() {
    for (const char *name : {"x", "der(x)", "y"}) {
      flat::Variable v;
      v.name = name;
      model.addVariable(v);
    }
    x = pool.variable(sym::VarId{0});
    dx = pool.variable(sym::VarId{1});
    y = pool.variable(sym::VarId{2});
    plan.numSlots = 3;
    plan.kernels.push_back({"params", {}});
    plan.kernels.push_back({"start", {{KernelStep::Kind::Assign, sym::VarId{0}, pool.one()}}});
    KernelSpec residual{"residual", {}};
    residual.withJvp = true;
    residual.steps.push_back({KernelStep::Kind::Assign, sym::VarId{2}, pool.mul(pool.constant(2), x)});
    residual.steps.push_back({KernelStep::Kind::Residual, {}, pool.add(dx, y)});
    plan.kernels.push_back(residual);
    plan.setParameters = "params";
    plan.setStartValues = "start";
    plan.residual = "residual";
    plan.ySlot = {0};
    plan.ypSlot = {1};
    plan.yNominal = {1.0};
    plan.jacobian = {1, {0, 1}, {0}, {0}, 1};
  }
  KernelSpec &residual() { return plan.kernels[2]; }
};

bool mentions(const std::vector<std::string> &problems, const std::string &text) {
  for (const std::string &p : problems)
    if (p.find(text) != std::string::npos)
      return true;
  return false;
}

} // namespace

TEST_CASE("plan::verify accepts a plan that keeps the contract") {
  SmallPlan p;
  CHECK(plan::verify(p.plan, p.model).empty());
  // A step may read the slot it assigns (the event update keeps a value).
  p.residual().steps[0].expr = p.pool.add(p.y, p.x);
  CHECK(plan::verify(p.plan, p.model).empty());
}

TEST_CASE("plan::verify finds a slot read before the step that assigns it") {
  SmallPlan p;
  std::swap(p.residual().steps[0], p.residual().steps[1]);
  auto problems = plan::verify(p.plan, p.model);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "kernel `residual`: step 0 reads slot 2 before step 1 assigns it");
}

TEST_CASE("plan::verify lets a held relation read what later steps assign") {
  SmallPlan p;
  flat::Variable relation;
  relation.name = "$rel0(y > 1)";
  relation.special = flat::SpecialKind::Relation;
  sym::VarId r = p.model.addVariable(relation);
  p.plan.numSlots = 4;
  auto &steps = p.residual().steps;
  steps.insert(steps.begin(), {KernelStep::Kind::Assign, r,
                               p.pool.binary(sym::OpKind::Greater, p.y, p.pool.one())});
  CHECK(plan::verify(p.plan, p.model).empty());
  // Any other variable may not.
  p.model.variables[r.index].special = flat::SpecialKind::None;
  CHECK(mentions(plan::verify(p.plan, p.model), "step 0 reads slot 2 before step 1 assigns it"));
}

TEST_CASE("plan::verify finds a slot assigned twice, per case of a batch") {
  SmallPlan p;
  p.residual().steps.insert(p.residual().steps.begin(),
                            {KernelStep::Kind::Assign, sym::VarId{2}, p.x});
  CHECK(mentions(plan::verify(p.plan, p.model), "slot 2 is assigned by steps 0 and 1"));
  // Two cases of a batch may assign the same slot.
  KernelSpec batch{"batch", {}};
  batch.steps.push_back({KernelStep::Kind::Assign, sym::VarId{2}, p.x});
  batch.steps.push_back({KernelStep::Kind::Assign, sym::VarId{2}, p.dx});
  batch.caseStart = {0, 1, 2};
  SmallPlan q;
  q.plan.kernels.push_back(batch);
  q.plan.init.push_back({plan::InitStepPlan::Kind::Assign, "batch", {}, {}, {}, "", 1});
  CHECK(plan::verify(q.plan, q.model).empty());
  q.plan.init.back().kernelCase = 2;
  CHECK(mentions(plan::verify(q.plan, q.model), "case 2 of kernel `batch` does not exist"));
}

TEST_CASE("plan::verify checks names, residual counts, patterns and slots") {
  SmallPlan p;
  p.plan.kernels.push_back({"start", {}});
  p.plan.residual = "nothing";
  p.plan.ypSlot = {7};
  p.plan.jacobian.colPtr = {0, 2};
  auto problems = plan::verify(p.plan, p.model);
  CHECK(mentions(problems, "two kernels are named `start`"));
  CHECK(mentions(problems, "the DAE names kernel `nothing`, which the plan does not have"));
  CHECK(mentions(problems, "the DAE's y' holds slot 7 of 3"));
  CHECK(mentions(problems, "its sparsity pattern is not a well-formed 1 x 1 pattern"));
  SmallPlan q;
  q.plan.ySlot = {0, 2};
  q.plan.ypSlot = {1, -1};
  q.plan.yNominal = {1, 1};
  q.plan.jacobian = {2, {0, 1, 2}, {0, 1}, {0, 0}, 1};
  CHECK(mentions(plan::verify(q.plan, q.model),
                 "kernel `residual` has not one residual per component of y"));
  // Two columns of one color that share a row: a compressed product would
  // add their entries.
  SmallPlan r;
  r.plan.ySlot = {0, 2};
  r.plan.ypSlot = {1, -1};
  r.plan.yNominal = {1, 1};
  r.plan.jacobian = {2, {0, 1, 2}, {0, 0}, {0, 0}, 1};
  CHECK(mentions(plan::verify(r.plan, r.model), "two columns of color 0 share row 0"));
  r.plan.jacobian.colors = {0, 1};
  r.plan.jacobian.numColors = 2;
  CHECK(!mentions(plan::verify(r.plan, r.model), "share row"));
}

TEST_CASE("flat::verify checks names, links, bindings and expressions") {
  flat::FlatModel model;
  flat::Variable x;
  x.name = "x";
  sym::VarId xId = model.addVariable(x);
  sym::VarId dx = model.derivativeOf(xId);
  model.equations.push_back({model.pool.variable(dx), model.pool.neg(model.pool.variable(xId))});
  CHECK(flat::verify(model, true).empty());

  model.variables[dx.index].derivativeOf = sym::VarId{};
  flat::Variable again;
  again.name = "x";
  again.binding = model.pool.one();
  model.addVariable(again);
  model.equations.push_back({model.pool.variable(sym::VarId{9}), model.pool.zero()});
  auto problems = flat::verify(model, true);
  CHECK(mentions(problems, "variable `x`: its der() does not link back to it"));
  CHECK(mentions(problems, "variable 2 `x`: its name is not unique"));
  CHECK(mentions(problems, "variable `x` has a binding but is no parameter or constant"));
  CHECK(mentions(problems, "equation 1: a variable out of range"));

  // An array equation over x[1:1] whose equation is not der(x)'s, then
  // one whose box leaves x.
  model.arrayEquations.push_back({{1}, {1}, {1}, 1, 1, xId, {}});
  CHECK(mentions(flat::verify(model, true), "array equation 0: equation 1 is not the der() of its element of x"));
  model.arrayEquations[0].first = 0;
  CHECK(!mentions(flat::verify(model, true), "array equation 0"));
  model.arrayEquations[0].hi = {2};
  CHECK(mentions(flat::verify(model, true), "array equation 0: its box is not a block of x's indices"));

  flat::FlatModel causalized;
  flat::Variable hidden;
  hidden.name = "$der(x)";
  causalized.addVariable(hidden);
  CHECK(flat::verify(causalized, false).empty());
  CHECK(mentions(flat::verify(causalized, true), "flattening made a `$` name"));
}
