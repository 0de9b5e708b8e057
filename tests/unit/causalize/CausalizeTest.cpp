// Unit tests of causalization on flat models built by hand: which equations
// become assignments and which residuals, the solver's vector, the Jacobian
// pattern and the initialization sequence.
#include "compiler/causalize/BlockCausalizer.h"
#include "compiler/causalize/Causalize.h"
#include "compiler/causalize/ParameterValues.h"
#include "compiler/symbolic/Solve.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <sstream>
#include <string>
#include <vector>

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
  const plan::KernelSpec *residual = nullptr;
  for (const auto &kernel : plan->kernels)
    if (kernel.name == plan->residual)
      residual = &kernel;
  REQUIRE(residual);
  REQUIRE(residual->steps.size() == 2);
  CHECK(residual->steps[0].kind == plan::KernelStep::Kind::Assign); // y := x / k
  CHECK(residual->steps[0].target == y);
  CHECK(residual->steps[1].kind == plan::KernelStep::Kind::Residual);
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
  // IDA's columns follow the residuals: y's block comes first.
  CHECK(plan->ySlot == std::vector<int32_t>{static_cast<int32_t>(y.index),
                                            static_cast<int32_t>(x.index)});
  CHECK(plan->ypSlot[0] == -1);
  // Rows y^3 + y - x and der(x) + y, each over the columns y and x.
  CHECK(plan->jacobian.rowIdx.size() == 4);
  // Initialization: x has no fixed start value, so it takes its start value
  // (with a warning), and y is found by a nonlinear system.
  CHECK(b.messages.str().find("initial conditions are not fully specified") != std::string::npos);
  bool solves = false;
  for (const auto &step : plan->init)
    solves |= step.kind == plan::InitStepPlan::Kind::Solve &&
              step.unknowns == std::vector<int32_t>{static_cast<int32_t>(y.index)};
  CHECK(solves);
}

TEST_CASE("small initialization systems are the cases of one batched kernel") {
  // der(x_i) = -y_i, y_i^3 + y_i = x_i with x_i fixed: five scalar systems.
  Builder b;
  auto &p = b.model.pool;
  std::vector<VarId> ys;
  for (int i = 0; i < 5; ++i) {
    VarId x = b.var("x" + std::to_string(i)), y = b.var("y" + std::to_string(i));
    b.model.var(x).attributes.start = p.constant(i + 1.0);
    b.model.var(x).attributes.fixed = true;
    b.equation(b.der(x), p.neg(b.ref(y)));
    b.equation(p.add(p.pow(b.ref(y), p.constant(3)), b.ref(y)), b.ref(x));
    ys.push_back(y);
  }
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  std::vector<const causalize::InitStepPlan *> solves;
  for (const auto &step : plan->init)
    if (step.kind == plan::InitStepPlan::Kind::Solve)
      solves.push_back(&step);
  REQUIRE(solves.size() == 5);
  const plan::KernelSpec *batch = nullptr;
  for (const auto &kernel : plan->kernels) {
    CHECK(kernel.name != "mocc_init_0"); // batched kernels are gone
    if (kernel.name == solves[0]->kernel)
      batch = &kernel;
  }
  REQUIRE(batch);
  CHECK(batch->isBatch());
  CHECK(batch->withJvp);
  CHECK(batch->numCases() == 5);
  std::vector<int32_t> unknowns;
  for (size_t k = 0; k < solves.size(); ++k) {
    CHECK(solves[k]->kernel == batch->name);
    CHECK(solves[k]->kernelCase == static_cast<int32_t>(k));
    unknowns.push_back(solves[k]->unknowns.at(0));
    // Each case has its system's residual, and assigns what `assigned` says.
    std::vector<int32_t> assigned;
    size_t residuals = 0;
    for (size_t i = batch->caseStart[k]; i < batch->caseStart[k + 1]; ++i) {
      const plan::KernelStep &step = batch->steps[i];
      residuals += step.kind == plan::KernelStep::Kind::Residual;
      if (step.kind == plan::KernelStep::Kind::Assign)
        assigned.push_back(static_cast<int32_t>(step.target.index));
    }
    CHECK(residuals == 1);
    CHECK(assigned == solves[k]->assigned);
  }
  std::sort(unknowns.begin(), unknowns.end());
  std::vector<int32_t> expected;
  for (VarId y : ys)
    expected.push_back(static_cast<int32_t>(y.index));
  CHECK(unknowns == expected);
}

TEST_CASE("aliases that only the results need are left to a kernel of their own") {
  // der(x) = 1, a = x, b = -x, and pre(a) read by a when-clause.
  Builder b;
  auto &p = b.model.pool;
  VarId x = b.var("x"), a = b.var("a"), minus = b.var("b");
  b.model.var(x).attributes.start = p.zero();
  b.model.var(x).attributes.fixed = true;
  b.equation(b.der(x), p.one());
  b.equation(b.ref(a), b.ref(x));
  b.equation(b.ref(minus), p.neg(b.ref(x)));
  flat::Variable pre;
  pre.name = "pre(a)";
  pre.variability = flat::VariabilityKind::Discrete;
  pre.special = flat::SpecialKind::Pre;
  pre.preOf = a;
  b.model.addVariable(pre);
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  auto assigned = [&](const std::string &kernel) {
    std::vector<std::string> names;
    for (const auto &k : plan->kernels)
      if (k.name == kernel)
        for (const auto &step : k.steps)
          if (step.kind == plan::KernelStep::Kind::Assign)
            names.push_back(b.model.nameOf(step.target));
    return names;
  };
  REQUIRE(!plan->aliases.empty());
  CHECK(assigned(plan->aliases) == std::vector<std::string>{"b"});
  CHECK(assigned(plan->residual) == std::vector<std::string>{"a"}); // pre(a) copies it
  REQUIRE(!plan->init.empty());
  auto init = assigned(plan->init.back().kernel);
  CHECK(std::find(init.begin(), init.end(), "a") != init.end());
  CHECK(std::find(init.begin(), init.end(), "b") == init.end());
}

TEST_CASE("an explicit variable that depends on too many of IDA's columns goes to IDA") {
  // der(s_k) = -a_k with a_1 = 2 s_1 and a_k = a_(k-1) + s_k: a_k depends
  // on s_1 .. s_k through the assignments. With K the bound, a_(K+1) would
  // depend on K + 1 states: it becomes a column of IDA's, and the a_k after
  // it depend on a_(K+1) and their own states only.
  constexpr int bound = static_cast<int>(causalize::maxColumnsPerAssignment);
  constexpr int n = bound + 4;
  Builder b;
  auto &p = b.model.pool;
  std::vector<VarId> s, a;
  for (int k = 0; k < n; ++k) {
    s.push_back(b.var("s" + std::to_string(k + 1)));
    a.push_back(b.var("a" + std::to_string(k + 1)));
    b.model.var(s[k]).attributes.start = p.one();
    b.model.var(s[k]).attributes.fixed = true;
    b.equation(b.der(s[k]), p.neg(b.ref(a[k])));
    b.equation(b.ref(a[k]), k == 0 ? p.mul(p.constant(2), b.ref(s[0]))
                                   : p.add(b.ref(a[k - 1]), b.ref(s[k])));
  }
  // A sum of all states that no other equation reads stays assigned: its
  // columns reach no row (and its own row would be the dense one).
  VarId total = b.var("total");
  ExprId sum = b.ref(s[0]);
  for (int k = 1; k < n; ++k)
    sum = p.add(sum, b.ref(s[k]));
  b.equation(b.ref(total), sum);
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->statistics.promoted == 1);
  CHECK(plan->ySlot.size() == n + 1);
  CHECK(std::find(plan->ySlot.begin(), plan->ySlot.end(), static_cast<int32_t>(total.index)) ==
        plan->ySlot.end());
  auto column = std::find(plan->ySlot.begin(), plan->ySlot.end(),
                          static_cast<int32_t>(a[bound].index));
  REQUIRE(column != plan->ySlot.end());
  CHECK(plan->ypSlot[column - plan->ySlot.begin()] == -1);
  // The longest row is a_(K+1)'s own residual: a_K's K states, s_(K+1) and
  // a_(K+1); without the promotion der(s_n)'s row would have n entries.
  std::vector<int> perRow(plan->jacobian.size, 0);
  for (int64_t k = 0; k < static_cast<int64_t>(plan->jacobian.rowIdx.size()); ++k)
    ++perRow[plan->jacobian.rowIdx[k]];
  CHECK(*std::max_element(perRow.begin(), perRow.end()) == bound + 2);
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

TEST_CASE("an algebraic loop is torn: only its tearing variable is in IDA's vector") {
  // a = x + 0.5 e, b = 2 a - x, c = b + 0.1 sin(a), d = c - a,
  // e = 0.3 d^3 + 0.2 b, der(x) = -e. Cellier's heuristic tears a (it occurs
  // most often); e, b, c, d follow explicitly; e's equation is the residual.
  Builder b;
  auto &p = b.model.pool;
  VarId x = b.var("x"), a = b.var("a"), bb = b.var("b"), c = b.var("c"), d = b.var("d"),
        e = b.var("e");
  b.equation(b.ref(a), p.add(b.ref(x), p.mul(p.constant(0.5), b.ref(e))));
  b.equation(b.ref(bb), p.sub(p.mul(p.constant(2), b.ref(a)), b.ref(x)));
  b.equation(b.ref(c), p.add(b.ref(bb), p.mul(p.constant(0.1), p.unary(sym::OpKind::Sin, b.ref(a)))));
  b.equation(b.ref(d), p.sub(b.ref(c), b.ref(a)));
  b.equation(b.ref(e), p.add(p.mul(p.constant(0.3), p.pow(b.ref(d), p.constant(3))),
                             p.mul(p.constant(0.2), b.ref(bb))));
  b.equation(b.der(x), p.neg(b.ref(e)));
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->ySlot == std::vector<int32_t>{static_cast<int32_t>(a.index),
                                            static_cast<int32_t>(x.index)});
  CHECK(plan->ypSlot[0] == -1);
  const plan::KernelSpec *residual = nullptr;
  for (const auto &kernel : plan->kernels)
    if (kernel.name == plan->residual)
      residual = &kernel;
  REQUIRE(residual);
  REQUIRE(residual->steps.size() == 6);
  std::vector<VarId> assigned;
  for (size_t i = 0; i < 4; ++i) {
    CHECK(residual->steps[i].kind == plan::KernelStep::Kind::Assign);
    assigned.push_back(residual->steps[i].target);
  }
  CHECK(assigned == std::vector<VarId>{e, bb, c, d});
  CHECK(residual->steps[4].kind == plan::KernelStep::Kind::Residual);
  CHECK(plan->statistics.tornBlocks == 1);
  CHECK(plan->statistics.tornUnknowns == 5);
  CHECK(plan->statistics.tearingVariables == 1);
  // Both residuals depend on both columns (through the assignments).
  CHECK(plan->jacobian.rowIdx.size() == 4);
  // Initialization solves the same loop in its tearing variable only.
  bool torn = false;
  for (const auto &step : plan->init)
    torn |= step.kind == plan::InitStepPlan::Kind::Solve &&
            step.unknowns == std::vector<int32_t>{static_cast<int32_t>(a.index)};
  CHECK(torn);
}

TEST_CASE("a pendulum: a residual kernel per state set, a pivot kernel, start values for the states") {
  Builder b;
  auto &p = b.model.pool;
  VarId x = b.var("x"), y = b.var("y"), vx = b.var("vx"), vy = b.var("vy"), f = b.var("F");
  b.model.var(x).attributes.start = p.constant(0.6);
  b.equation(b.der(x), b.ref(vx));
  b.equation(b.der(y), b.ref(vy));
  b.equation(b.der(vx), p.neg(p.mul(b.ref(f), b.ref(x))));
  b.equation(b.der(vy), p.sub(p.neg(p.mul(b.ref(f), b.ref(y))), p.constant(9.81)));
  b.equation(p.add(p.pow(b.ref(x), p.constant(2)), p.pow(b.ref(y), p.constant(2))), p.one());
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  REQUIRE(plan->stateSets.size() == 2);
  CHECK(plan->stateSets[0].residual == plan->residual);
  CHECK(plan->stateSets[0].description == "`x`, `der(x)`");
  CHECK(plan->stateSets[1].description == "`y`, `der(y)`");
  const auto &set = plan->stateSets[1];
  auto column = std::find(set.ySlot.begin(), set.ySlot.end(), static_cast<int32_t>(y.index));
  REQUIRE(column != set.ySlot.end());
  // der(y) is a state too: y' has a slot of its own.
  int32_t yp = set.ypSlot[column - set.ySlot.begin()];
  CHECK(b.model.nameOf(VarId{static_cast<uint32_t>(yp)}) == "$der(y)");
  // IDA: the two states, and F, the tearing variable of the acceleration
  // loop, and y, found from the rod.
  CHECK(plan->ySlot.size() == 4);
  // The pivot kernel's rows: the two derivatives of the rod; its columns
  // the four derivatives that are dummies in one set or the other.
  CHECK(plan->pivotRows == 2);
  CHECK(plan->pivotColumns.size() == 4);
  CHECK(plan->stateSets[0].pivotBlocks.size() == 2);
  // Nothing is fixed: the states of the first set take their start values.
  CHECK(b.messages.str().find("using the start values of 2 state(s): `x`, `der(x)`") !=
        std::string::npos);
  // The velocities are aliases that no kernel reads: a kernel of their own
  // computes them for the results, not every residual kernel. The slot of
  // x' that only the first set's IDA uses is assigned after the residuals of
  // the second set's kernel.
  const std::vector<std::string> velocities{"vx", "der(vx)", "vy", "der(vy)"};
  bool found = false;
  for (const auto &kernel : plan->kernels) {
    std::vector<std::string> assigned;
    for (const auto &step : kernel.steps)
      if (step.kind == plan::KernelStep::Kind::Assign)
        assigned.push_back(b.model.nameOf(step.target));
    if (kernel.name == plan->aliases) {
      found = true;
      CHECK(assigned == velocities);
      CHECK(!kernel.withJvp);
    }
    if (kernel.name == plan->residual || kernel.name == plan->stateSets[1].residual) {
      for (const std::string &name : velocities)
        CHECK(std::find(assigned.begin(), assigned.end(), name) == assigned.end());
    }
    if (kernel.name == plan->stateSets[1].residual) {
      REQUIRE(!kernel.steps.empty());
      CHECK(b.model.nameOf(kernel.steps.back().target) == "$der(x)");
    }
  }
  CHECK(found);
}

namespace {

/// der(x) = z[m] - x, z[1] = 0.5 z[2] + u, z[i] = 0.5 z[i+1] + 0.1
/// (1 < i < m), z[m] = 0.3 z[1] + x: a cycle through z, with u = der(x)
/// (x's derivative in the loop: m + 1 unknowns) or u = x (m unknowns), and
/// with `cubes` the middle equations between cubes, z[i]^3 = 0.5 z[i+1]^3 +
/// 0.1, which no equation can be solved for. Returns x.
VarId loopModel(Builder &b, int m, bool derivativeInLoop, bool cubes) {
  auto &p = b.model.pool;
  VarId x = b.var("x");
  b.model.var(x).attributes.start = p.one();
  b.model.var(x).attributes.fixed = true;
  std::vector<VarId> z;
  for (int i = 0; i < m; ++i)
    z.push_back(b.var("z[" + std::to_string(i + 1) + "]"));
  auto power = [&](VarId v) { return cubes ? p.pow(b.ref(v), p.constant(3)) : b.ref(v); };
  b.equation(b.der(x), p.sub(b.ref(z[m - 1]), b.ref(x)));
  b.equation(b.ref(z[0]), p.add(p.mul(p.constant(0.5), b.ref(z[1])),
                                derivativeInLoop ? b.der(x) : b.ref(x)));
  for (int i = 1; i + 1 < m; ++i)
    b.equation(power(z[i]), p.add(p.mul(p.constant(0.5), power(z[i + 1])), p.constant(0.1)));
  b.equation(b.ref(z[m - 1]), p.add(p.mul(p.constant(0.3), b.ref(z[0])), b.ref(x)));
  return x;
}

} // namespace

TEST_CASE("a loop too large to tear keeps its matching on the Jacobian's diagonal") {
  // loopModel with der(x) in the loop and cubes: one loop of m + 1 unknowns,
  // more than maxTornLoopSize, that tearing would leave with about m
  // tearing variables (more than maxTearingVariablesOfLargeLoop), left whole
  // to IDA with the state x among its columns. Each residual comes in the
  // position of the column it was matched to, so that every diagonal entry
  // is a structural nonzero.
  const int m = static_cast<int>(causalize::maxTornLoopSize) + 50;
  Builder b;
  loopModel(b, m, true, true);
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->statistics.largestBlock == static_cast<size_t>(m + 1));
  CHECK(plan->statistics.tornBlocks == 0);
  const plan::SparsityPattern &pattern = plan->jacobian;
  REQUIRE(pattern.size == m + 1);
  int missing = 0;
  for (int64_t j = 0; j < pattern.size; ++j) {
    auto first = pattern.rowIdx.begin() + pattern.colPtr[j];
    auto last = pattern.rowIdx.begin() + pattern.colPtr[j + 1];
    missing += !std::binary_search(first, last, j);
  }
  CHECK(missing == 0);
}

TEST_CASE("a loop larger than maxTornLoopSize is torn when that leaves few tearing variables") {
  // loopModel with x in the loop, linear: one loop of m unknowns, a cycle
  // that one tearing variable cuts (as a few cut a MultiBody loop's
  // accelerations and forces).
  const int m = static_cast<int>(causalize::maxTornLoopSize) + 50;
  Builder b;
  VarId x = loopModel(b, m, false, false);
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->statistics.largestBlock == static_cast<size_t>(m));
  CHECK(plan->statistics.tornBlocks == 1);
  // IDA's vector: the state and the loop's one tearing variable, not its m
  // unknowns.
  CHECK(plan->ySlot.size() == 2);
  CHECK(std::count(plan->ySlot.begin(), plan->ySlot.end(), static_cast<int32_t>(x.index)) == 1);
}

namespace {

/// The rows of a CSC pattern, each a sorted list of columns.
std::vector<std::vector<int>> rowsOf(const plan::SparsityPattern &p, size_t numRows) {
  std::vector<std::vector<int>> rows(numRows);
  for (int64_t c = 0; c < p.size; ++c)
    for (int64_t k = p.colPtr[c]; k < p.colPtr[c + 1]; ++k)
      rows[static_cast<size_t>(p.rowIdx[k])].push_back(static_cast<int>(c));
  return rows;
}

} // namespace

TEST_CASE("the Jacobian pattern leaves out what is zero given the known parameters") {
  // Slots: x0, x1, x2 unknowns (columns 0..2); p (known 0), q (known 2), c
  // (a parameter whose value is not known); a, b, d assigned.
  sym::ExprPool pool;
  auto v = [&](uint32_t s) { return pool.variable(VarId{s}); };
  enum : uint32_t { x0, x1, x2, p, q, c, a, b, d };
  using plan::KernelStep;
  std::vector<KernelStep> steps = {
      // a := p * x0 + q * (x1 - x1 * p): known 0 times x0, so only x1
      {KernelStep::Kind::Assign, VarId{a},
       pool.add(pool.mul(v(p), v(x0)), pool.mul(v(q), pool.sub(v(x1), pool.mul(v(x1), v(p)))))},
      // b := sin(x2) * (q - 2): a factor that evaluates to 0
      {KernelStep::Kind::Assign, VarId{b},
       pool.mul(pool.unary(sym::OpKind::Sin, v(x2)), pool.sub(v(q), pool.constant(2.0)))},
      // d := p + q: known (2), so is what reads it
      {KernelStep::Kind::Assign, VarId{d}, pool.add(v(p), v(q))},
      // res0 := a + b * x0: b is 0 (assigned a known value), so x1 only
      {KernelStep::Kind::Residual, {}, pool.add(v(a), pool.mul(v(b), v(x0)))},
      // res1 := if d > 1 then x2 else x0: the condition is known
      {KernelStep::Kind::Residual, {},
       pool.ifElse(pool.binary(sym::OpKind::Greater, v(d), pool.one()), v(x2), v(x0))},
      // res2 := c * x0 + (d - 2) * x1: c is not known; d - 2 is 0
      {KernelStep::Kind::Residual, {},
       pool.add(pool.mul(v(c), v(x0)), pool.mul(pool.sub(v(d), pool.constant(2.0)), v(x1)))},
  };
  std::unordered_map<uint32_t, int> columnOf{{x0, 0}, {x1, 1}, {x2, 2}};
  causalize::KnownSlots known;
  known.known.assign(9, 0);
  known.value.assign(9, 0.0);
  known.known[p] = known.known[q] = 1;
  known.value[q] = 2.0;

  auto pruned = rowsOf(causalize::residualPattern(pool, steps, columnOf, 3, &known), 3);
  CHECK(pruned[0] == std::vector<int>{1});
  CHECK(pruned[1] == std::vector<int>{2});
  CHECK(pruned[2] == std::vector<int>{0});
  // Without known values every structural dependency stays.
  auto full = rowsOf(causalize::residualPattern(pool, steps, columnOf, 3), 3);
  CHECK(full[0] == std::vector<int>{0, 1, 2});
  CHECK(full[1] == std::vector<int>{0, 2});
  CHECK(full[2] == std::vector<int>{0, 1});
}

TEST_CASE("parameters with constant bindings prune the simulation's Jacobian pattern") {
  // der(x) = k u + m z + x; der(z) = -z; der(u) = -u, with k bound to 3 * 0
  // and m found by initialization (fixed = false, start 0, m = 2): k's zero
  // prunes, m's start value must not.
  Builder b;
  auto &p = b.model.pool;
  VarId x = b.var("x"), z = b.var("z"), u = b.var("u");
  VarId k = b.var("k", flat::VariabilityKind::Parameter);
  VarId m = b.var("m", flat::VariabilityKind::Parameter);
  b.model.variables[k.index].binding = p.mul(p.constant(3.0), p.zero());
  b.model.variables[m.index].attributes.fixed = false;
  b.model.variables[m.index].attributes.start = p.zero();
  b.equation(b.der(x), p.add(p.add(p.mul(b.ref(k), b.ref(u)), p.mul(b.ref(m), b.ref(z))),
                             b.ref(x)));
  b.equation(b.der(z), p.neg(b.ref(z)));
  b.equation(b.der(u), p.neg(b.ref(u)));
  b.model.initialEquations.push_back({b.ref(m), p.constant(2.0), {}, {}, 0});
  auto plan = causalize::causalize(b.model, b.diags);
  REQUIRE_MESSAGE(plan, b.messages.str());
  REQUIRE(plan->ySlot.size() == 3);
  auto column = [&](VarId v) {
    auto at = std::find(plan->ySlot.begin(), plan->ySlot.end(), static_cast<int32_t>(v.index));
    REQUIRE(at != plan->ySlot.end());
    return static_cast<int>(at - plan->ySlot.begin());
  };
  auto rows = rowsOf(plan->jacobian, 3);
  // Residuals in the order of the columns (states with their derivatives).
  std::vector<int> rowOfX = rows[static_cast<size_t>(column(x))];
  std::vector<int> expected{column(x), column(z)};
  std::sort(expected.begin(), expected.end());
  CHECK(rowOfX == expected);
  CHECK(plan->jacobian.colPtr.back() == 4);
}

TEST_CASE("parameter values follow bindings, but not fixed = false ones or cycles") {
  Builder b;
  auto &p = b.model.pool;
  auto parameter = [&](const std::string &name) {
    return b.var(name, flat::VariabilityKind::Parameter);
  };
  VarId j = parameter("j"), k = parameter("k"), m = parameter("m"), n = parameter("n");
  VarId s = parameter("s"), u = parameter("u"), w = parameter("w"), free = parameter("free");
  b.model.variables[j.index].binding = p.constant(3.0);
  b.model.variables[k.index].binding = p.mul(p.constant(2.0), b.ref(j)); // 6
  b.model.variables[m.index].binding = p.constant(5.0);
  b.model.variables[m.index].attributes.fixed = false; // found by initialization
  b.model.variables[n.index].binding = p.add(b.ref(m), p.one());
  b.model.variables[s.index].binding = p.add(b.ref(s), p.one());
  b.model.variables[u.index].binding = b.ref(w);
  b.model.variables[w.index].binding = b.ref(u);
  causalize::ParameterValues values(b.model);
  CHECK(values.of(k) == 6.0);
  CHECK(values.of(j) == 3.0);
  CHECK(values(p.add(b.ref(k), b.ref(j))) == 9.0);
  CHECK(!values.of(m));
  CHECK(!values.of(n));
  CHECK(!values.of(s));
  CHECK(!values.of(u));
  CHECK(!values.of(w));
  CHECK(!values.of(free)); // no binding
  // A variable added after the first question is evaluated when asked.
  VarId later = parameter("later");
  b.model.variables[later.index].binding = p.mul(b.ref(k), b.ref(k));
  CHECK(values.of(later) == 36.0);
}

TEST_CASE("bindings and start values are overridable at run time unless a decision used them") {
  // der(x) = -k * x + g * z, der(z) = -z: g = 0 leaves the entry d/dz out
  // of the Jacobian, so g is not overridable; k, twiceK (bound to k) and the
  // fixed start values are, through steps that carry their override slot.
  Builder b;
  auto &p = b.model.pool;
  VarId k = b.var("k", flat::VariabilityKind::Parameter);
  VarId twiceK = b.var("twiceK", flat::VariabilityKind::Parameter);
  VarId g = b.var("g", flat::VariabilityKind::Parameter);
  b.model.var(k).binding = p.constant(2);
  b.model.var(twiceK).binding = p.mul(p.constant(2), b.ref(k));
  b.model.var(g).binding = p.zero();
  VarId x = b.var("x"), z = b.var("z");
  for (VarId s : {x, z}) {
    b.model.var(s).attributes.start = p.one();
    b.model.var(s).attributes.fixed = true;
  }
  b.equation(b.der(x), p.add(p.neg(p.mul(b.ref(k), b.ref(x))), p.mul(b.ref(g), b.ref(z))));
  b.equation(b.der(z), p.neg(b.ref(z)));
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  auto bits = [&](VarId v) {
    return v.index < plan->overridable.size() ? plan->overridable[v.index] : 0;
  };
  CHECK(bits(k) == plan::SimulationPlan::kOverrideBinding);
  CHECK(bits(twiceK) == plan::SimulationPlan::kOverrideBinding);
  CHECK(bits(g) == 0);
  CHECK(bits(x) == plan::SimulationPlan::kOverrideStart);
  CHECK(bits(z) == plan::SimulationPlan::kOverrideStart);
  CHECK(plan->jacobian.rowIdx.size() == 2); // d/dx of row x, d/dz of row z: g * z is 0
  // Every step that computes a binding or a start value names its slot; the
  // initialization's x := x.start too.
  int fixedStarts = 0;
  for (const plan::KernelSpec &kernel : plan->kernels)
    for (const plan::KernelStep &step : kernel.steps) {
      if (kernel.name == plan->setParameters || kernel.name == plan->setStartValues)
        CHECK(step.overrideSlot == static_cast<int32_t>(step.target.index));
      else if (step.overrideSlot >= 0)
        ++fixedStarts;
    }
  CHECK(fixedStarts == 2);
}

TEST_CASE("a product known to be 0 depends on its factor that is 0, not on the others") {
  // c = m * a with a = 0 leaves c * z out of the Jacobian: a and c decided
  // it, m did not (a body's inertia entry m * r[2] with r[2] = 0).
  Builder b;
  auto &p = b.model.pool;
  VarId m = b.var("m", flat::VariabilityKind::Parameter);
  VarId a = b.var("a", flat::VariabilityKind::Parameter);
  VarId c = b.var("c", flat::VariabilityKind::Parameter);
  b.model.var(m).binding = p.constant(2);
  b.model.var(a).binding = p.zero();
  b.model.var(c).binding = p.mul(b.ref(m), b.ref(a));
  VarId x = b.var("x"), z = b.var("z");
  b.equation(b.der(x), p.add(p.neg(b.ref(x)), p.mul(b.ref(c), b.ref(z))));
  b.equation(b.der(z), p.neg(b.ref(z)));
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  REQUIRE(plan->overridable.size() > c.index);
  CHECK(plan->overridable[m.index] == plan::SimulationPlan::kOverrideBinding);
  CHECK(plan->overridable[a.index] == 0);
  CHECK(plan->overridable[c.index] == 0);
}

TEST_CASE("a product whose factor parameters make 0 is out of the equation: no unknown is solved through it") {
  // i * R = v - vi with R = 0 (a resistance left out): the equation
  // determines vi = v, a constraint on the capacitor's voltage, which index
  // reduction differentiates; i follows from i = C * der(vi) + vi / 10.
  // Solving the first equation for i would divide by R. R decided it, so an
  // override of R translates again; C decided nothing.
  Builder b;
  auto &p = b.model.pool;
  VarId R = b.var("R", flat::VariabilityKind::Parameter);
  VarId C = b.var("C", flat::VariabilityKind::Parameter);
  b.model.var(R).binding = p.zero();
  b.model.var(C).binding = p.constant(1e-3);
  VarId v = b.var("v"), vi = b.var("vi"), i = b.var("i");
  b.equation(b.ref(v), p.time());
  b.equation(p.mul(b.ref(i), b.ref(R)), p.sub(b.ref(v), b.ref(vi)));
  b.equation(b.ref(i), p.add(p.mul(b.ref(C), b.der(vi)), p.div(b.ref(vi), p.constant(10))));
  auto plan = causalize::causalize(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(plan);
  CHECK(plan->ySlot.empty()); // vi = v = time: no state is left
  REQUIRE(plan->overridable.size() > C.index);
  CHECK(plan->overridable[R.index] == 0);
  CHECK(plan->overridable[C.index] == plan::SimulationPlan::kOverrideBinding);
  // No step divides by R.
  for (const plan::KernelSpec &kernel : plan->kernels)
    for (const plan::KernelStep &step : kernel.steps)
      if (step.kind == plan::KernelStep::Kind::Assign && step.target == i)
        CHECK_FALSE(sym::contains(b.model.pool, step.expr, R));
}
