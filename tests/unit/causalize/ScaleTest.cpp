// Scale test of the causalization passes: a generated flat model of n
// coupled units, each a Cartesian pendulum (index 3, states preferred), two
// alias equations and one equation of an algebraic loop that runs through
// all units, at several sizes. It checks the results and prints the time of
// each pass; the total must grow about linearly (a quadratic pass would make
// the largest model 16 times slower than one a quarter its size; each size
// takes the better of two runs, against the noise of a shared machine).
#include "compiler/causalize/Causalize.h"

#include <chrono>
#include <doctest/doctest.h>
#include <map>
#include <optional>
#include <sstream>

using namespace mocc;
using sym::ExprId;
using sym::VarId;

namespace {

/// Per unit i: der(x) = vx, der(y) = vy, der(vx) = -F x + u, der(vy) =
/// -F y - g, x^2 + y^2 = 1, a = x, b = -a, u = 0.25 (u[i-1] + u[i+1]) + b.
flat::FlatModel generate(int n) {
  flat::FlatModel m;
  m.name = "Units";
  auto &p = m.pool;
  auto var = [&](const std::string &name, int i) {
    flat::Variable v;
    v.name = name + "[" + std::to_string(i + 1) + "]";
    return m.addVariable(v);
  };
  std::vector<VarId> u;
  for (int i = 0; i < n; ++i)
    u.push_back(var("u", i));
  auto ref = [&](VarId v) { return p.variable(v); };
  auto der = [&](VarId v) { return p.variable(m.derivativeOf(v)); };
  for (int i = 0; i < n; ++i) {
    VarId x = var("x", i), y = var("y", i), vx = var("vx", i), vy = var("vy", i);
    VarId f = var("F", i), a = var("a", i), b = var("b", i);
    m.var(x).attributes.stateSelect = flat::StateSelectKind::Prefer;
    m.var(vx).attributes.stateSelect = flat::StateSelectKind::Prefer;
    auto eq = [&](ExprId lhs, ExprId rhs) { m.equations.push_back({lhs, rhs, {}, {}, 0}); };
    eq(der(x), ref(vx));
    eq(der(y), ref(vy));
    eq(der(vx), p.add(p.neg(p.mul(ref(f), ref(x))), ref(u[i])));
    eq(der(vy), p.sub(p.neg(p.mul(ref(f), ref(y))), p.constant(9.81)));
    eq(p.add(p.pow(ref(x), p.constant(2)), p.pow(ref(y), p.constant(2))), p.one());
    eq(ref(a), ref(x));
    eq(ref(b), p.neg(ref(a)));
    ExprId neighbours = p.zero();
    if (i > 0)
      neighbours = p.add(neighbours, ref(u[i - 1]));
    if (i + 1 < n)
      neighbours = p.add(neighbours, ref(u[i + 1]));
    eq(ref(u[i]), p.add(p.mul(p.constant(0.25), neighbours), ref(b)));
  }
  return m;
}

} // namespace

TEST_CASE("causalization of a growing model: exact counts, with the pass times reported") {
  std::map<int, double> total;
  for (int n : {500, 1000, 2000, 4000}) {
    std::optional<causalize::SimulationPlan> plan;
    std::ostringstream messages;
    for (int run = 0; run < 2; ++run) {
      flat::FlatModel model = generate(n);
      SourceManager sources;
      Diagnostics diags(sources, messages);
      auto start = std::chrono::steady_clock::now();
      plan = causalize::causalize(model, diags);
      double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      total[n] = run == 0 ? seconds : std::min(total[n], seconds);
    }
    INFO(messages.str());
    REQUIRE(plan);
    CHECK(plan->statistics.states == static_cast<size_t>(2 * n));
    CHECK(plan->statistics.aliases == static_cast<size_t>(6 * n));
    CHECK(plan->statistics.differentiated == static_cast<size_t>(2 * n));
    CHECK(plan->statistics.stateSets == 1);
    std::ostringstream line;
    line << 8 * n << " equations: total " << total[n] << " s;";
    for (const auto &[pass, seconds] : plan->passTimes)
      line << " " << pass << " " << seconds << ";";
    line << " torn loops " << plan->statistics.tornBlocks << " of "
         << plan->statistics.tornUnknowns << " unknowns -> "
         << plan->statistics.tearingVariables << " iteration variables";
    MESSAGE(line.str());
  }
  // Linear would be 4, quadratic 16. Reported, not checked: timings depend
  // on the machine's load (bench/ measures growth; see the README).
  MESSAGE("time ratio 32000 / 8000 equations: " << total[4000] / total[1000]);
}
