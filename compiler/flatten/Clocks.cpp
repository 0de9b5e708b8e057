// Clocked synchronous partitions (MLS 16). While the model is flattened,
// each clocked operator call (sample(u, c), hold, subSample, ...) becomes a
// variable of its own, recorded in clockedOps_, and previous(x) becomes
// pre(x). resolveClocks then
//   1. partitions the variables: the equations join their variables
//      (union-find, Tarjan 1975); the operators are the partitions' borders;
//   2. infers the clocks (MLS 16.7): a weighted union-find over clock
//      variables and clocked partitions whose weight is the affine map of
//      subSample/superSample/shiftSample/backSample, (interval f, offset s)
//      -> (a f, s + b f) with rational a and b, relative to the base clock
//      of the set (the "clock unification" of Elmqvist, Otter and Mattsson,
//      "Fundamentals of Synchronous Control in Modelica", Modelica
//      Conference 2012); a cycle with another map is a conflict;
//   3. lowers each clocked partition to one when-clause that fires at its
//      ticks, with its equations solved for their variables: the
//      partition's variables change only at its ticks, so pre(x) at a tick
//      is previous(x), and hold(y) is y. The ticks of a periodic base
//      clock's partitions are counted on one time-event grid (a sample()
//      flag and a counter), so that ticks that coincide are one event.
//      An event clock Clock(condition, startInterval) (MLS 16.3) ticks
//      where edge(condition) becomes true: its counter and partitions are
//      when-clauses on `condition and not initial()` (a state event for a
//      continuous-time condition), its sub-clocks count its ticks (MLS
//      16.5.2; superSample of it is an error), and interval() is the time
//      since the partition's previous tick, startInterval at the first.
// Discretized continuous partitions (solverMethod) are reported as not
// supported yet.
#include "compiler/flatten/Flattener.h"

#include "compiler/symbolic/NonFinite.h"
#include "compiler/symbolic/Solve.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// An exact fraction, kept in lowest terms with a positive denominator.
struct Rational {
  int64_t num = 0, den = 1;
};

Rational makeRational(int64_t n, int64_t d) {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  int64_t g = std::gcd(n, d);
  if (g > 1) {
    n /= g;
    d /= g;
  }
  return {n, d};
}

Rational mul(Rational a, Rational b) {
  int64_t g1 = std::max<int64_t>(1, std::gcd(a.num, b.den));
  int64_t g2 = std::max<int64_t>(1, std::gcd(b.num, a.den));
  return makeRational((a.num / g1) * (b.num / g2), (a.den / g2) * (b.den / g1));
}

Rational add(Rational a, Rational b) {
  int64_t l = std::lcm(a.den, b.den);
  return makeRational(a.num * (l / a.den) + b.num * (l / b.den), l);
}

Rational inverse(Rational a) { return makeRational(a.den, a.num); }
bool operator==(Rational a, Rational b) { return a.num == b.num && a.den == b.den; }
bool less(Rational a, Rational b) { return (__int128)a.num * b.den < (__int128)b.num * a.den; }

/// The greatest rational that divides both (for positive fractions).
Rational gcdRational(Rational a, Rational b) {
  if (a.num == 0)
    return b;
  if (b.num == 0)
    return a;
  return makeRational(std::gcd(a.num, b.num), std::lcm(a.den, b.den));
}

/// A clock relative to another: interval f -> a f, first tick s -> s + b f
/// (both in units of the base interval).
struct ClockMap {
  Rational a{1, 1}, b{0, 1};
};

/// first o second: apply `second`, then `first`.
ClockMap compose(ClockMap first, ClockMap second) {
  return {mul(first.a, second.a), add(second.b, mul(first.b, second.a))};
}

ClockMap invert(ClockMap m) {
  Rational ia = inverse(m.a);
  return {ia, mul(makeRational(-m.b.num, m.b.den), ia)};
}

bool operator==(ClockMap x, ClockMap y) { return x.a == y.a && x.b == y.b; }


/// Plain union-find with path halving.
struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
  void unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[std::max(a, b)] = std::min(a, b);
  }
};

/// Union-find whose edges carry a ClockMap: node = rel[node](parent).
struct ClockUnionFind {
  std::vector<uint32_t> parent;
  std::vector<ClockMap> rel;
  explicit ClockUnionFind(size_t n) : parent(n), rel(n) {
    std::iota(parent.begin(), parent.end(), 0u);
  }
  /// The root of i and the map from it to i.
  std::pair<uint32_t, ClockMap> find(uint32_t i) {
    std::vector<uint32_t> path;
    uint32_t r = i;
    while (parent[r] != r) {
      path.push_back(r);
      r = parent[r];
    }
    for (size_t k = path.size(); k-- > 0;) {
      uint32_t x = path[k], p = parent[x];
      if (p != r) {
        rel[x] = compose(rel[x], rel[p]);
        parent[x] = r;
      }
    }
    return {r, i == r ? ClockMap{} : rel[i]};
  }
  /// Records y = m(x); false if x and y are related by another map already.
  bool unite(uint32_t x, uint32_t y, ClockMap m) {
    auto [rx, mx] = find(x);
    auto [ry, my] = find(y);
    if (rx == ry)
      return my == compose(m, mx);
    // ry = my^-1(y) = my^-1(m(mx(rx)))
    parent[ry] = rx;
    rel[ry] = compose(invert(my), compose(m, mx));
    return true;
  }
};

} // namespace

bool Flattener::isClockValue(const Value &v) const {
  if (v.isRecord || v.elements.empty())
    return false;
  for (ExprId e : v.elements) {
    VarId var = pool_->variableOf(e);
    if (!var.valid() || var.index >= clockVar_.size() || !clockVar_[var.index])
      return false;
  }
  return true;
}

std::optional<Value> Flattener::lowerClockedOperator(const ast::CallExpr &call, Scope scope,
                                                     std::optional<Value> first,
                                                     std::optional<Value> second) {
  std::string name = call.callee->parts.back().name;
  if (pool_ != &model_.pool) {
    diags_.report(diag::BuiltinNotInFunction, call.range, {name});
    return std::nullopt;
  }
  if (!call.iterators.empty()) {
    diags_.report(diag::ClockedFormUnsupported, call.range, {"a reduction `" + name + "(...)`"});
    return std::nullopt;
  }
  // Positional arguments, then named ones in the operator's order.
  static const std::map<std::string, std::vector<std::string>> kParameters = {
      {"Clock", {"intervalCounter", "resolution"}},
      {"sample", {"u", "c"}},
      {"hold", {"u"}},
      {"previous", {"u"}},
      {"subSample", {"u", "factor"}},
      {"superSample", {"u", "factor"}},
      {"shiftSample", {"u", "shiftCounter", "resolution"}},
      {"backSample", {"u", "backCounter", "resolution"}},
      {"noClock", {"u"}},
      {"interval", {"u"}},
      {"firstTick", {"u"}}};
  const std::vector<std::string> &params = kParameters.at(name);
  std::vector<const ast::Expr *> argExprs(params.size(), nullptr);
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (i >= params.size()) {
      diags_.report(diag::BuiltinArity, call.range, {name, std::to_string(params.size())});
      return std::nullopt;
    }
    argExprs[i] = call.args[i].get();
  }
  for (const ast::NamedArgument &a : call.namedArgs) {
    if (name == "Clock" && (a.name == "solverMethod" || a.name == "c")) {
      diags_.report(diag::ClockedFormUnsupported, a.range,
                    {"`Clock(c, solverMethod)`, a discretized partition"});
      return std::nullopt;
    }
    // Clock(interval=...), Clock(condition=..., startInterval=...): the
    // first and second arguments.
    if (name == "Clock" && (a.name == "interval" || a.name == "condition")) {
      argExprs[0] = a.value.get();
      continue;
    }
    if (name == "Clock" && a.name == "startInterval") {
      argExprs[1] = a.value.get();
      continue;
    }
    auto it = std::find(params.begin(), params.end(), a.name);
    if (it == params.end()) {
      diags_.report(diag::BuiltinArity, a.range, {name, std::to_string(params.size())});
      return std::nullopt;
    }
    argExprs[it - params.begin()] = a.value.get();
  }
  std::vector<std::optional<Value>> args(params.size());
  if (first)
    args[0] = std::move(first);
  if (second)
    args[1] = std::move(second);
  for (size_t i = 0; i < params.size(); ++i) {
    if (args[i] || !argExprs[i])
      continue;
    args[i] = lower(*argExprs[i], scope);
    if (!args[i])
      return std::nullopt;
  }
  // A parameter argument as an Integer (factors, counters, resolutions).
  auto integerArg = [&](size_t i, int64_t fallback) -> std::optional<int64_t> {
    if (i >= args.size() || !args[i])
      return fallback;
    std::optional<double> v =
        args[i]->isScalar() && !args[i]->isRecord ? evaluate(args[i]->elements[0]) : std::nullopt;
    if (!v || *v != std::floor(*v) || std::fabs(*v) > 1e15) {
      diags_.report(diag::ClockedArgumentNotParameter, argExprs[i] ? argExprs[i]->range : call.range,
                    {name});
      return std::nullopt;
    }
    return static_cast<int64_t>(*v);
  };
  auto newVariable = [&](std::string varName, flat::TypeKind type) {
    flat::Variable v;
    v.name = std::move(varName);
    v.type = type;
    v.variability = flat::VariabilityKind::Discrete;
    v.isProtected = true;
    v.loc = call.range;
    VarId id = model_.addVariable(std::move(v));
    clockVar_.resize(model_.variables.size(), 0);
    return id;
  };
  ClockedOp op;
  op.loc = call.range;
  if (name == "Clock") {
    op.kind = ClockedOpKind::Clock;
    if (args[0] && isClockValue(*args[0])) {
      diags_.report(diag::ClockedFormUnsupported, call.range,
                    {"`Clock(c, solverMethod)`, a discretized partition"});
      return std::nullopt;
    }
    if (args[0] && args[0]->type == ElementType::Boolean) {
      // An event clock (MLS 16.3): it ticks where the condition becomes
      // true; interval() is startInterval (default 0) at its first tick.
      if (!args[0]->isScalar() || args[0]->isRecord) {
        diags_.report(diag::ClockedFormUnsupported, call.range, {"an array of clocks"});
        return std::nullopt;
      }
      op.event = true;
      op.condition = args[0]->elements[0];
      if (args[1]) {
        std::optional<double> v = args[1]->isScalar() && !args[1]->isRecord
                                      ? evaluate(args[1]->elements[0])
                                      : std::nullopt;
        if (!v || !(*v >= 0)) {
          diags_.report(diag::ClockedArgumentNotParameter, argExprs[1]->range, {name});
          return std::nullopt;
        }
        op.startInterval = *v;
      }
    } else if (args[0]) {
      op.periodic = true;
      if (args[0]->type == ElementType::Integer) {
        auto counter = integerArg(0, 1), resolution = integerArg(1, 1);
        if (!counter || !resolution)
          return std::nullopt;
        if (*counter <= 0 || *resolution <= 0) {
          diags_.report(diag::ClockedArgumentNotParameter, call.range, {name});
          return std::nullopt;
        }
        op.exact = true;
        Rational r = makeRational(*counter, *resolution);
        op.num = r.num;
        op.den = r.den;
        op.interval = static_cast<double>(r.num) / static_cast<double>(r.den);
      } else {
        std::optional<double> v = args[0]->isScalar() && !args[0]->isRecord
                                      ? evaluate(args[0]->elements[0])
                                      : std::nullopt;
        if (!v || !(*v > 0) || args[1]) {
          diags_.report(diag::ClockedArgumentNotParameter, argExprs[0]->range, {name});
          return std::nullopt;
        }
        op.interval = *v;
      }
    }
    op.result = newVariable("Clock(" + std::to_string(clockedOps_.size()) + ")",
                            flat::TypeKind::Boolean);
    clockVar_[op.result.index] = 1;
    clockedOps_.push_back(op);
    return Value::scalar(pool_->variable(op.result), ElementType::Boolean);
  }
  if ((name == "interval" || name == "firstTick") && !args[0]) {
    op.kind = name == "interval" ? ClockedOpKind::Interval : ClockedOpKind::FirstTick;
    // Each call is a variable of its own, named uniquely: interval(),
    // interval(2), ... in the order of the calls.
    size_t same = ++queryCalls_[op.kind == ClockedOpKind::Interval ? 0 : 1];
    op.result = newVariable(name + (same == 1 ? "()" : "(" + std::to_string(same) + ")"),
                            name == "interval" ? flat::TypeKind::Real : flat::TypeKind::Boolean);
    clockedOps_.push_back(op);
    return Value::scalar(pool_->variable(op.result),
                         name == "interval" ? ElementType::Real : ElementType::Boolean);
  }
  if (!args[0]) {
    diags_.report(diag::BuiltinArity, call.range, {name, std::to_string(params.size())});
    return std::nullopt;
  }
  Value u = *args[0];
  if (u.isRecord || u.isString()) {
    diags_.report(diag::ClockedFormUnsupported, call.range,
                  {"`" + name + "` of a record or String"});
    return std::nullopt;
  }
  bool clockArg = isClockValue(u);
  static const std::map<std::string, ClockedOpKind> kKinds = {
      {"sample", ClockedOpKind::Sample},           {"hold", ClockedOpKind::Hold},
      {"subSample", ClockedOpKind::SubSample},     {"superSample", ClockedOpKind::SuperSample},
      {"shiftSample", ClockedOpKind::ShiftSample}, {"backSample", ClockedOpKind::BackSample},
      {"noClock", ClockedOpKind::NoClock},         {"interval", ClockedOpKind::Interval},
      {"firstTick", ClockedOpKind::FirstTick},     {"previous", ClockedOpKind::Previous}};
  op.kind = kKinds.at(name);
  bool resampling = op.kind == ClockedOpKind::SubSample || op.kind == ClockedOpKind::SuperSample ||
                    op.kind == ClockedOpKind::ShiftSample || op.kind == ClockedOpKind::BackSample;
  if (clockArg && !resampling && op.kind != ClockedOpKind::Interval &&
      op.kind != ClockedOpKind::FirstTick) {
    diags_.report(diag::ClockedFormUnsupported, call.range, {"`" + name + "` of a clock"});
    return std::nullopt;
  }
  if (resampling) {
    auto n = integerArg(1, 0), r = integerArg(2, 1);
    if (!n || !r)
      return std::nullopt;
    // A factor of 0 is inferred (MLS 16.7.3); a shift counter may be 0.
    if (*n < 0 || *r <= 0) {
      diags_.report(diag::ClockedArgumentNotParameter, call.range, {name});
      return std::nullopt;
    }
    op.num = *n;
    op.den = resampling && (op.kind == ClockedOpKind::ShiftSample ||
                            op.kind == ClockedOpKind::BackSample)
                 ? *r
                 : 1;
  }
  if (op.kind == ClockedOpKind::Sample && args[1] && !isClockValue(*args[1])) {
    diags_.report(diag::ClockedFormUnsupported, call.range, {"`sample(u, c)` whose c is not a clock"});
    return std::nullopt;
  }
  if (op.kind == ClockedOpKind::Sample && args[1] && args[1]->elements.size() != 1) {
    diags_.report(diag::ClockedFormUnsupported, call.range, {"an array of clocks"});
    return std::nullopt;
  }
  Value result = u;
  for (ExprId &e : result.elements) {
    ClockedOp element = op;
    element.arg = e;
    if (op.kind == ClockedOpKind::Previous) {
      VarId v = pool_->variableOf(e);
      if (!v.valid()) {
        diags_.report(diag::BuiltinArgumentNotVariable, call.args[0]->range, {name});
        return std::nullopt;
      }
      element.result = v;
      clockedOps_.push_back(element);
      e = pool_->variable(model_.preOf(v));
      continue;
    }
    if (op.kind == ClockedOpKind::Sample && args[1])
      element.clock = args[1]->elements[0];
    flat::TypeKind type = op.kind == ClockedOpKind::Interval    ? flat::TypeKind::Real
                          : op.kind == ClockedOpKind::FirstTick ? flat::TypeKind::Boolean
                                                                : u.type;
    element.result = newVariable(name + "(" + model_.print(e) + ")", type);
    if (clockArg)
      clockVar_[element.result.index] = 1;
    clockedOps_.push_back(element);
    e = pool_->variable(element.result);
  }
  if (op.kind == ClockedOpKind::Interval)
    result.type = ElementType::Real;
  if (op.kind == ClockedOpKind::FirstTick)
    result.type = ElementType::Boolean;
  return result;
}

void Flattener::lowerClockedWhen(const ast::WhenEquation &eq, const Value &clock, Scope scope) {
  if (eq.branches.size() != 1) {
    diags_.report(diag::ClockedFormUnsupported, eq.range, {"`elsewhen` of a clocked when-clause"});
    return;
  }
  if (clock.elements.size() != 1) {
    diags_.report(diag::ClockedFormUnsupported, eq.range, {"an array of clocks"});
    return;
  }
  ClockedWhen w;
  w.clock = clock.elements[0];
  w.loc = eq.range;
  w.first = model_.equations.size();
  for (const ast::EquationPtr &e : eq.branches[0].body)
    lowerEquation(*e, scope, false);
  w.end = model_.equations.size();
  clockedWhens_.push_back(w);
}


namespace {

/// The base clock of a set of clocks and partitions: ticks at start + k
/// interval; `exact` when the interval is a rational number of seconds.
struct BaseClock {
  bool defined = false;
  double interval = 0, start = 0;
  ClockMap defMap;   ///< the map from the base to the defining clock
  sym::VarId definedBy;
  bool exact = false;  ///< interval = exactInterval seconds
  Rational exactInterval;
  /// An event clock (MLS 16.3): ticks where `condition` becomes true; the
  /// maps count its ticks.
  bool event = false;
  ExprId condition;
  double startInterval = 0;
};

/// Kuhn's augmenting paths (Kuhn 1955) from equation e; a visit mark per
/// round keeps each round linear in the edges.
bool augment(uint32_t e, const std::vector<std::vector<uint32_t>> &adj,
             std::vector<int64_t> &varMatch, std::vector<uint32_t> &seen, uint32_t round) {
  for (uint32_t v : adj[e]) {
    if (seen[v] == round)
      continue;
    seen[v] = round;
    if (varMatch[v] < 0 || augment(static_cast<uint32_t>(varMatch[v]), adj, varMatch, seen, round)) {
      varMatch[v] = e;
      return true;
    }
  }
  return false;
}

/// `residual = 0` solved for v where the residual is the if-expression an
/// if-equation with varying conditions becomes (`if c then v - e1 else v -
/// e2`, Flattener::lowerVaryingIf): v = if c then e1 else e2, branch by
/// branch, each branch `v - e`, `e - v`, `v` (v = 0: `v = false` folded) or,
/// for a Real v, linear in v. Nothing if a branch is none of these or a
/// condition depends on v.
std::optional<ExprId> solveResidual(sym::ExprPool &pool, ExprId residual, VarId v, bool real) {
  if (pool.op(residual) == OpKind::IfElse) {
    ExprId c = pool.operand(residual, 0);
    if (sym::contains(pool, c, v))
      return std::nullopt;
    auto t = solveResidual(pool, pool.operand(residual, 1), v, real);
    auto f = t ? solveResidual(pool, pool.operand(residual, 2), v, real) : std::nullopt;
    if (!f)
      return std::nullopt;
    return pool.ifElse(c, *t, *f);
  }
  if (pool.variableOf(residual) == v)
    return pool.zero();
  if (pool.op(residual) == OpKind::Sub) {
    ExprId a = pool.operand(residual, 0), b = pool.operand(residual, 1);
    if (pool.variableOf(a) == v && !sym::contains(pool, b, v))
      return b;
    if (pool.variableOf(b) == v && !sym::contains(pool, a, v))
      return a;
  }
  if (real)
    return sym::solveLinear(pool, residual, pool.zero(), v);
  return std::nullopt;
}

} // namespace

void Flattener::resolveClocks() {
  auto value = [](Rational q) { return static_cast<double>(q.num) / static_cast<double>(q.den); };
  size_t n = model_.variables.size();
  clockVar_.resize(n, 0);
  bool any = !clockedOps_.empty() || !clockedWhens_.empty() ||
             std::find(clockVar_.begin(), clockVar_.end(), 1) != clockVar_.end();
  if (!any)
    return;
  auto isClock = [&](VarId v) { return v.index < n && clockVar_[v.index]; };
  // The variables an equation joins: unknowns, pre(x) as x.
  auto joined = [&](ExprId e, std::vector<VarId> &out) {
    for (VarId v : sym::variablesOf(*pool_, e)) {
      const flat::Variable &var = model_.var(v);
      if (var.special == flat::SpecialKind::Pre)
        v = var.preOf;
      else if (var.special != flat::SpecialKind::None)
        continue;
      const flat::Variable &base = model_.var(v);
      if (base.variability == flat::VariabilityKind::Parameter ||
          base.variability == flat::VariabilityKind::Constant)
        continue;
      out.push_back(v);
    }
  };
  size_t m = model_.equations.size();
  std::vector<char> removed(m, 0);
  std::vector<std::vector<VarId>> eqVars(m);
  UnionFind data(n);
  ClockUnionFind clocks(n);
  bool ok = true;
  // Reported where x and y, already related, would be related by y = m(x)
  // too: the two relations, as sub-clocks of x's clock.
  auto describe = [](ClockMap map) {
    auto text = [](Rational r) {
      return r.den == 1 ? std::to_string(r.num)
                        : std::to_string(r.num) + "/" + std::to_string(r.den);
    };
    return "the clock of interval factor " + text(map.a) + " and shift " + text(map.b);
  };
  auto tryUnite = [&](uint32_t x, uint32_t y, ClockMap m, VarId where, SourceRange loc) {
    if (clocks.unite(x, y, m))
      return;
    auto [rx, mx] = clocks.find(x);
    auto [ry, my] = clocks.find(y);
    ClockMap had = compose(my, invert(mx));
    diags_.report(diag::ClockConflict, loc, {model_.nameOf(where), describe(had), describe(m)});
    ok = false;
  };
  // 1. Clock equations (c1 = c2) and the data partitions.
  for (size_t i = 0; i < m; ++i) {
    const flat::Equation &eq = model_.equations[i];
    joined(eq.lhs, eqVars[i]);
    joined(eq.rhs, eqVars[i]);
    bool clockEq = std::any_of(eqVars[i].begin(), eqVars[i].end(), isClock);
    if (!clockEq) {
      for (size_t k = 1; k < eqVars[i].size(); ++k)
        data.unite(eqVars[i][0].index, eqVars[i][k].index);
      continue;
    }
    removed[i] = 1;
    VarId l = pool_->variableOf(eq.lhs), r = pool_->variableOf(eq.rhs);
    if (!isClock(l) || !isClock(r)) {
      diags_.report(diag::ClockedFormUnsupported, eq.loc,
                    {"an equation of clocks other than `c1 = c2`"});
      ok = false;
      continue;
    }
    tryUnite(l.index, r.index, {}, l, eq.loc);
  }
  if (!ok)
    return;
  auto root = [&](VarId v) { return isClock(v) ? v.index : data.find(v.index); };
  auto firstVar = [&](ExprId e) -> std::optional<VarId> {
    std::vector<VarId> vars;
    joined(e, vars);
    for (VarId v : vars)
      return v;
    return std::nullopt;
  };
  // interval(u) and firstTick(u) are clocked with the clock of u.
  for (const ClockedOp &op : clockedOps_)
    if ((op.kind == ClockedOpKind::Interval || op.kind == ClockedOpKind::FirstTick) &&
        op.arg.valid())
      if (auto v = firstVar(op.arg); v && !isClock(*v))
        data.unite(v->index, op.result.index);
  // 2. Which partitions are clocked, and how their clocks relate.
  std::vector<char> clocked(n, 0);
  std::vector<uint32_t> source(clockedOps_.size(), UINT32_MAX); // Interval, FirstTick
  std::vector<size_t> inferred; // sub- and super-samplings of an inferred factor
  for (size_t k = 0; k < clockedOps_.size(); ++k) {
    const ClockedOp &op = clockedOps_[k];
    switch (op.kind) {
    case ClockedOpKind::Clock:
      break;
    case ClockedOpKind::Previous:
      clocked[root(op.result)] = 1;
      break;
    case ClockedOpKind::Hold: {
      auto v = firstVar(op.arg);
      if (!v) {
        diags_.report(diag::ClockedFormUnsupported, op.loc, {"`hold` of a constant"});
        ok = false;
        break;
      }
      clocked[root(*v)] = 1;
      break;
    }
    case ClockedOpKind::Sample:
    case ClockedOpKind::NoClock:
      clocked[root(op.result)] = 1;
      if (op.clock.valid())
        tryUnite(pool_->variableOf(op.clock).index, root(op.result), {}, op.result, op.loc);
      break;
    case ClockedOpKind::Interval:
    case ClockedOpKind::FirstTick: {
      clocked[root(op.result)] = 1;
      auto v = op.arg.valid() ? firstVar(op.arg) : std::optional<VarId>(op.result);
      if (!v) {
        diags_.report(diag::ClockedFormUnsupported, op.loc, {"`interval` of a constant"});
        ok = false;
        break;
      }
      source[k] = root(op.result);
      if (isClock(*v))
        tryUnite(v->index, source[k], {}, op.result, op.loc);
      break;
    }
    case ClockedOpKind::SubSample:
    case ClockedOpKind::SuperSample:
    case ClockedOpKind::ShiftSample:
    case ClockedOpKind::BackSample: {
      auto v = firstVar(op.arg);
      if (!v) {
        diags_.report(diag::ClockedFormUnsupported, op.loc, {"sub-sampling a constant"});
        ok = false;
        break;
      }
      if (!isClock(op.result)) {
        clocked[root(*v)] = 1;
        clocked[root(op.result)] = 1;
      }
      if (op.num == 0 && (op.kind == ClockedOpKind::SubSample ||
                          op.kind == ClockedOpKind::SuperSample)) {
        inferred.push_back(k);
        break;
      }
      ClockMap map;
      Rational q = makeRational(op.num, op.den);
      if (op.kind == ClockedOpKind::SubSample)
        map.a = q;
      else if (op.kind == ClockedOpKind::SuperSample)
        map.a = inverse(q);
      else
        map.b = op.kind == ClockedOpKind::ShiftSample ? q : makeRational(-q.num, q.den);
      tryUnite(root(*v), root(op.result), map, op.result, op.loc);
      break;
    }
    }
  }
  for (const ClockedWhen &w : clockedWhens_)
    for (size_t i = w.first; i < w.end; ++i) {
      if (eqVars[i].empty())
        continue;
      clocked[root(eqVars[i][0])] = 1;
      tryUnite(pool_->variableOf(w.clock).index, root(eqVars[i][0]), {}, eqVars[i][0], w.loc);
    }
  if (!ok)
    return;
  auto eventClock = [&](const BaseClock &base) {
    return "the event clock `Clock(" + model_.print(base.condition) + ")`";
  };
  // 3. The base clocks, from the periodic and event Clock(...) constructors.
  double t0 = model_.experiment.startTime.value_or(0.0);
  std::vector<BaseClock> bases(n);
  auto computeBases = [&] {
  std::fill(bases.begin(), bases.end(), BaseClock{});
  for (const ClockedOp &op : clockedOps_) {
    if (op.kind != ClockedOpKind::Clock || (!op.periodic && !op.event))
      continue;
    auto [r, map] = clocks.find(op.result.index);
    if (op.event || bases[r].event) {
      // An event clock is the base of its set alone: another event clock
      // or a periodic one in the set is a second clock.
      BaseClock &base = bases[r];
      if (base.defined && !(op.event && base.event && base.condition == op.condition &&
                            base.defMap == map && base.startInterval == op.startInterval)) {
        diags_.report(diag::ClockConflict, op.loc,
                      {model_.nameOf(op.result),
                       base.event ? eventClock(base)
                                  : "a periodic clock of interval " +
                                        sym::formatValue(base.interval * value(map.a)),
                       op.event ? "the event clock `Clock(" + model_.print(op.condition) + ")`"
                                : "one of interval " + sym::formatValue(op.interval)});
        ok = false;
        continue;
      }
      if (base.defined)
        continue;
      base.defined = true;
      base.event = true;
      base.defMap = map;
      base.definedBy = op.result;
      base.condition = op.condition;
      base.startInterval = op.startInterval;
      continue;
    }
    double a = static_cast<double>(map.a.num) / static_cast<double>(map.a.den);
    double b = static_cast<double>(map.b.num) / static_cast<double>(map.b.den);
    double interval = op.interval / a, start = t0 - b * interval;
    BaseClock &base = bases[r];
    if (base.defined) {
      double tol = 1e-9 * std::max(1.0, std::fabs(interval));
      if (std::fabs(base.interval - interval) > tol || std::fabs(base.start - start) > tol) {
        diags_.report(diag::ClockConflict, op.loc,
                      {model_.nameOf(op.result), "a periodic clock of interval " +
                                                     sym::formatValue(base.interval * a),
                       "one of interval " + sym::formatValue(op.interval)});
        ok = false;
      }
      continue;
    }
    base = BaseClock{};
    base.defined = true;
    base.interval = interval;
    base.start = start;
    base.defMap = map;
    base.definedBy = op.result;
    if (op.exact) {
      base.exact = true;
      base.exactInterval = mul(makeRational(op.num, op.den), inverse(map.a));
      base.interval = value(base.exactInterval);
      base.start = t0 - value(mul(map.b, base.exactInterval));
    }
  }
  };
  computeBases();
  // An inferred factor: the ratio of the two clocks once both are known
  // (MLS 16.7.3), repeated while that joins sets of clocks.
  for (bool joined = true; joined && ok;) {
    joined = false;
    for (size_t k : inferred) {
      const ClockedOp &op = clockedOps_[k];
      auto v = firstVar(op.arg);
      auto [rs, ms] = clocks.find(root(*v));
      auto [rd, md] = clocks.find(root(op.result));
      if (rs == rd || !bases[rs].defined || !bases[rd].defined)
        continue;
      if (bases[rs].event || bases[rd].event) {
        // Event clocks have no interval to infer a factor from.
        diags_.report(diag::ClockConflict, op.loc,
                      {model_.nameOf(op.result),
                       eventClock(bases[bases[rs].event ? rs : rd]),
                       "another clock, with a factor to infer (MLS 16.7.3)"});
        ok = false;
        break;
      }
      double from = bases[rs].interval * value(ms.a), to = bases[rd].interval * value(md.a);
      double ratio = op.kind == ClockedOpKind::SubSample ? to / from : from / to;
      double factor = std::round(ratio);
      if (!(factor >= 1) || std::fabs(ratio - factor) > 1e-9 * factor || factor > 1e9) {
        diags_.report(diag::ClockConflict, op.loc,
                      {model_.nameOf(op.result), "one of interval " + sym::formatValue(from),
                       "one of interval " + sym::formatValue(to) +
                           ", not an integer multiple"});
        ok = false;
        break;
      }
      ClockMap map;
      Rational q = makeRational(static_cast<int64_t>(factor), 1);
      map.a = op.kind == ClockedOpKind::SubSample ? q : inverse(q);
      tryUnite(root(*v), root(op.result), map, op.result, op.loc);
      joined = true;
      computeBases();
    }
  }
  if (!ok)
    return;
  // 4. The variables of each clocked partition, and its equations.
  std::vector<std::vector<uint32_t>> partitionVars(n), partitionEqs(n);
  for (uint32_t v = 0; v < n; ++v) {
    const flat::Variable &var = model_.variables[v];
    if (clockVar_[v] || var.special != flat::SpecialKind::None ||
        var.variability == flat::VariabilityKind::Parameter ||
        var.variability == flat::VariabilityKind::Constant)
      continue;
    uint32_t r = data.find(v);
    if (!clocked[r])
      continue;
    if (var.derivativeOf.valid() || var.derivative.valid()) {
      diags_.report(diag::ClockedFormUnsupported, var.loc,
                    {"the continuous-time variable `" + var.name +
                     "` in a clocked partition (a discretized partition)"});
      ok = false;
      continue;
    }
    partitionVars[r].push_back(v);
  }
  for (size_t i = 0; i < m; ++i)
    if (!removed[i] && !eqVars[i].empty() && clocked[data.find(eqVars[i][0].index)]) {
      partitionEqs[data.find(eqVars[i][0].index)].push_back(static_cast<uint32_t>(i));
      removed[i] = 1;
    }
  if (!ok)
    return;
  // 5. The tick grid of each base clock: one sample() flag and a counter.
  struct Grid {
    std::vector<uint32_t> partitions;
    ExprId flag, counter;
    Rational step, minOffset;
  };
  std::map<uint32_t, Grid> grids;
  for (uint32_t p = 0; p < n; ++p) {
    if (!clocked[p] || data.find(p) != p || isClock(VarId{p}))
      continue;
    auto [r, map] = clocks.find(p);
    if (!bases[r].defined) {
      diags_.report(diag::ClockNotInferred, model_.variables[p].loc, {model_.variables[p].name});
      ok = false;
      continue;
    }
    grids[r].partitions.push_back(p);
  }
  if (!ok)
    return;
  auto constant = [&](double v) { return pool_->constant(v); };
  auto addVar = [&](std::string name, flat::TypeKind type, SourceRange loc) {
    flat::Variable v;
    v.name = std::move(name);
    v.type = type;
    v.variability = flat::VariabilityKind::Discrete;
    v.isProtected = true;
    v.loc = loc;
    return model_.addVariable(std::move(v));
  };
  std::vector<flat::WhenBranch> branches(n);
  std::vector<ExprId> ticked(n), lastTick(n);
  // The counter of a base clock's ticks: when flag then ticks = pre(ticks) + 1.
  auto countTicks = [&](Grid &grid, const BaseClock &base, ExprId flag, SourceRange loc) {
    VarId counter = addVar("ticks(" + model_.nameOf(base.definedBy) + ")", flat::TypeKind::Integer, loc);
    model_.var(counter).attributes.start = pool_->zero();
    grid.flag = flag;
    grid.counter = pool_->variable(counter);
    flat::WhenClause clause;
    clause.loc = loc;
    flat::WhenBranch tick;
    tick.loc = loc;
    tick.conditions.push_back(grid.flag);
    tick.assignments.push_back(
        {grid.counter, pool_->add(pool_->variable(model_.preOf(counter)), pool_->one()), loc});
    clause.branches.push_back(std::move(tick));
    model_.whenClauses.push_back(std::move(clause));
  };
  // Partition p ticks at every `every`-th tick of the grid from tick `offset`.
  auto tickOn = [&](const Grid &grid, uint32_t p, int64_t every, int64_t offset) {
    ExprId cond = grid.flag;
    if (every != 1 || offset != 0) {
      ExprId index = pool_->sub(pool_->sub(grid.counter, pool_->one()),
                                constant(static_cast<double>(offset)));
      ExprId onGrid = pool_->binary(
          OpKind::Equal, pool_->binary(OpKind::Mod, index, constant(static_cast<double>(every))),
          pool_->zero());
      ExprId started = pool_->binary(OpKind::GreaterEq, index, pool_->zero());
      cond = pool_->binary(OpKind::And, cond, pool_->binary(OpKind::And, started, onGrid));
    }
    branches[p].conditions.push_back(cond);
    branches[p].loc = model_.variables[p].loc;
  };
  for (auto &[r, grid] : grids) {
    const BaseClock &base = bases[r];
    if (base.event) {
      // An event clock (MLS 16.3): `when condition` counts its ticks; a
      // partition of its sub-clock ticks at every a-th tick from tick b
      // (subSample, shiftSample and backSample count ticks, MLS 16.5.2).
      SourceRange loc = model_.var(base.definedBy).loc;
      ClockMap toBase = invert(base.defMap);
      for (uint32_t p : grid.partitions) {
        ClockMap rel = compose(clocks.find(p).second, toBase);
        if (rel.a.den != 1 || rel.b.den != 1) {
          diags_.report(diag::ClockConflict, model_.variables[p].loc,
                        {model_.variables[p].name,
                         eventClock(base),
                         describe(rel) + " relative to it, not a whole number of its ticks "
                                         "(an event clock is not super-sampled, and is "
                                         "shifted by whole ticks, MLS 16.5.2)"});
          ok = false;
        } else if (rel.b.num < 0) {
          diags_.report(diag::ClockStartsBeforeBase, model_.variables[p].loc,
                        {model_.variables[p].name,
                         "tick " + std::to_string(rel.b.num) + " of " + eventClock(base),
                         "its tick 0"});
          ok = false;
        }
      }
      if (!ok)
        continue;
      // It ticks where edge(condition) becomes true (MLS 16.3), so also at
      // the start if the condition holds there (its pre() is false): the
      // when-condition is false during initialization and rises in the
      // event iteration at the start time, where initial() is false. The
      // MAP-LIB reference of Modelica.Clocked's LogicalSample ticks there
      // too (MSL issue #3858).
      ExprId initial = pool_->variable(model_.specialVariable(flat::SpecialKind::Initial));
      countTicks(grid, base,
                 pool_->binary(OpKind::And, base.condition, pool_->unary(OpKind::Not, initial)),
                 loc);
      for (uint32_t p : grid.partitions) {
        ClockMap rel = compose(clocks.find(p).second, toBase);
        tickOn(grid, p, rel.a.num, rel.b.num);
      }
      continue;
    }
    Rational step{0, 1}, minOffset{0, 1};
    bool firstOffset = true;
    for (uint32_t p : grid.partitions) {
      ClockMap map = clocks.find(p).second;
      if (firstOffset || less(map.b, minOffset))
        minOffset = map.b;
      firstOffset = false;
    }
    for (uint32_t p : grid.partitions) {
      ClockMap map = clocks.find(p).second;
      step = gcdRational(step, map.a);
      step = gcdRational(step, add(map.b, makeRational(-minOffset.num, minOffset.den)));
    }
    double start = base.start + value(minOffset) * base.interval;
    double interval = value(step) * base.interval;
    if (base.exact) {
      start = base.start + value(mul(minOffset, base.exactInterval));
      interval = value(mul(step, base.exactInterval));
    }
    SourceRange loc = model_.var(base.definedBy).loc;
    if (start < t0 - 1e-12 * std::max(1.0, std::fabs(t0))) {
      // backSample before the first tick of the clock it shifts.
      for (uint32_t p : grid.partitions)
        if (!less(minOffset, clocks.find(p).second.b)) {
          diags_.report(diag::ClockStartsBeforeBase, model_.variables[p].loc,
                        {model_.variables[p].name, sym::formatValue(start), sym::formatValue(t0)});
          break;
        }
      ok = false;
      continue;
    }
    flat::Variable flag;
    flag.name = "sample(" + sym::formatValue(start) + ", " + sym::formatValue(interval) + ")";
    flag.type = flat::TypeKind::Boolean;
    flag.variability = flat::VariabilityKind::Discrete;
    flag.special = flat::SpecialKind::Sample;
    flag.isProtected = true;
    flag.loc = loc;
    VarId flagVar = model_.addVariable(std::move(flag));
    model_.samples.push_back({constant(start), constant(interval), flagVar, loc});
    countTicks(grid, base, pool_->variable(flagVar), loc);
    for (uint32_t p : grid.partitions) {
      ClockMap map = clocks.find(p).second;
      Rational every = mul(map.a, inverse(step));
      Rational offset = mul(add(map.b, makeRational(-minOffset.num, minOffset.den)), inverse(step));
      tickOn(grid, p, every.num, offset.num);
    }
  }
  if (!ok)
    return;
  auto intervalOf = [&](uint32_t node) {
    auto [r, map] = clocks.find(node);
    return bases[r].exact ? value(mul(map.a, bases[r].exactInterval))
                          : bases[r].interval * value(map.a);
  };
  auto tickedOf = [&](uint32_t p) {
    if (!ticked[p].valid()) {
      VarId t = addVar("ticked(" + model_.variables[p].name + ")", flat::TypeKind::Boolean,
                       model_.variables[p].loc);
      model_.var(t).attributes.start = pool_->zero();
      ticked[p] = pool_->variable(t);
      branches[p].assignments.push_back({ticked[p], pool_->one(), model_.variables[p].loc});
    }
    return ticked[p];
  };
  // 6. The assignments of the operators' variables, each in its partition.
  std::vector<char> assignedByOp(model_.variables.size(), 0);
  for (size_t k = 0; k < clockedOps_.size(); ++k) {
    const ClockedOp &op = clockedOps_[k];
    if (op.kind == ClockedOpKind::Clock || op.kind == ClockedOpKind::Previous ||
        isClock(op.result))
      continue;
    uint32_t p = data.find(op.result.index);
    ExprId value = op.arg;
    if (op.kind == ClockedOpKind::Sample) {
      // The left limit of u (MLS 16.5.1): its variables' values before the
      // event, pre(x), which the first round of the event iteration holds.
      value = sym::substitute(*pool_, op.arg, [&](VarId v) -> std::optional<ExprId> {
        const flat::Variable &var = model_.var(v);
        if (var.special != flat::SpecialKind::None ||
            var.variability == flat::VariabilityKind::Parameter ||
            var.variability == flat::VariabilityKind::Constant)
          return std::nullopt;
        return pool_->variable(model_.preOf(v));
      });
    } else if (op.kind == ClockedOpKind::Hold) {
      p = data.find(firstVar(op.arg)->index);
      if (VarId v = pool_->variableOf(op.arg); v.valid())
        model_.var(op.result).attributes.start = model_.var(v).attributes.start;
    } else if (op.kind == ClockedOpKind::Interval && bases[clocks.find(source[k]).first].event) {
      // The time since the previous tick of the partition's clock, and
      // startInterval at its first tick (MLS 16.3).
      const BaseClock &base = bases[clocks.find(source[k]).first];
      ExprId t = tickedOf(p);
      if (!lastTick[p].valid()) {
        VarId last = addVar("lastTick(" + model_.variables[p].name + ")", flat::TypeKind::Real,
                            model_.variables[p].loc);
        model_.var(last).attributes.start = pool_->zero();
        lastTick[p] = pool_->variable(last);
        branches[p].assignments.push_back({lastTick[p], pool_->time(), model_.variables[p].loc});
      }
      value = pool_->ifElse(
          pool_->variable(model_.preOf(pool_->variableOf(t))),
          pool_->sub(pool_->time(), pool_->variable(model_.preOf(pool_->variableOf(lastTick[p])))),
          constant(base.startInterval));
    } else if (op.kind == ClockedOpKind::Interval) {
      value = constant(intervalOf(source[k]));
    } else if (op.kind == ClockedOpKind::FirstTick) {
      ExprId t = tickedOf(isClock(VarId{source[k]}) ? p : source[k]);
      value = pool_->unary(OpKind::Not, pool_->variable(model_.preOf(pool_->variableOf(t))));
    }
    assignedByOp[op.result.index] = 1;
    branches[p].assignments.push_back({pool_->variable(op.result), value, op.loc});
  }
  // 7. Each partition's equations, solved for their variables (a matching).
  for (auto &[r, grid] : grids)
    for (uint32_t p : grid.partitions) {
      std::vector<uint32_t> unknowns;
      std::vector<int64_t> local(0);
      std::map<uint32_t, uint32_t> indexOf;
      for (uint32_t v : partitionVars[p]) {
        model_.variables[v].variability = flat::VariabilityKind::Discrete;
        if (assignedByOp[v])
          continue;
        indexOf[v] = static_cast<uint32_t>(unknowns.size());
        unknowns.push_back(v);
      }
      const std::vector<uint32_t> &eqs = partitionEqs[p];
      if (eqs.size() != unknowns.size()) {
        diags_.report(diag::ClockedUnbalanced, model_.variables[p].loc,
                      {model_.variables[p].name, std::to_string(eqs.size()),
                       std::to_string(unknowns.size())});
        ok = false;
        continue;
      }
      std::vector<std::vector<uint32_t>> adj(eqs.size());
      std::vector<int64_t> varMatch(unknowns.size(), -1);
      std::vector<uint32_t> seen(unknowns.size(), 0);
      for (size_t e = 0; e < eqs.size(); ++e) {
        const flat::Equation &eq = model_.equations[eqs[e]];
        for (ExprId side : {eq.lhs, eq.rhs})
          for (VarId v : sym::variablesOf(*pool_, side))
            if (auto it = indexOf.find(v.index); it != indexOf.end())
              adj[e].push_back(it->second);
        // The variable alone on one side first: `y = f(...)` is solved for y.
        VarId l = pool_->variableOf(eq.lhs);
        if (auto it = l.valid() ? indexOf.find(l.index) : indexOf.end(); it != indexOf.end())
          std::stable_partition(adj[e].begin(), adj[e].end(),
                                [&](uint32_t u) { return u == it->second; });
      }
      bool matched = true;
      for (uint32_t e = 0; e < eqs.size(); ++e)
        matched = augment(e, adj, varMatch, seen, e + 1) && matched;
      if (!matched) {
        diags_.report(diag::ClockedUnbalanced, model_.variables[p].loc,
                      {model_.variables[p].name, std::to_string(eqs.size()),
                       std::to_string(unknowns.size())});
        ok = false;
        continue;
      }
      for (size_t u = 0; u < unknowns.size(); ++u) {
        const flat::Equation &eq = model_.equations[eqs[static_cast<size_t>(varMatch[u])]];
        VarId v{unknowns[u]};
        std::optional<ExprId> value;
        if (pool_->variableOf(eq.lhs) == v && !sym::contains(*pool_, eq.rhs, v))
          value = eq.rhs;
        else if (pool_->variableOf(eq.rhs) == v && !sym::contains(*pool_, eq.lhs, v))
          value = eq.lhs;
        else if (model_.var(v).type == flat::TypeKind::Real)
          value = sym::solveLinear(*pool_, eq.lhs, eq.rhs, v);
        if (!value && (pool_->isConstant(eq.lhs, 0) || pool_->isConstant(eq.rhs, 0)))
          value = solveResidual(*pool_, pool_->isConstant(eq.lhs, 0) ? eq.rhs : eq.lhs, v,
                                model_.var(v).type == flat::TypeKind::Real);
        if (!value) {
          diags_.report(diag::ClockedFormUnsupported, eq.loc,
                        {"an equation of a clocked partition that is not solved for `" +
                         model_.nameOf(v) + "` (an implicit equation)"});
          ok = false;
          continue;
        }
        branches[p].assignments.push_back({pool_->variable(v), *value, eq.loc});
      }
    }
  if (!ok)
    return;
  for (auto &[r, grid] : grids)
    for (uint32_t p : grid.partitions) {
      flat::WhenClause clause;
      clause.loc = branches[p].loc;
      clause.branches.push_back(std::move(branches[p]));
      model_.whenClauses.push_back(std::move(clause));
    }
  // 8. The clocks are resolved: their variables become constants, their
  // equations and those of the partitions go.
  for (uint32_t v = 0; v < n; ++v)
    if (clockVar_[v]) {
      flat::Variable &var = model_.variables[v];
      var.variability = flat::VariabilityKind::Constant;
      var.type = flat::TypeKind::Boolean;
      var.binding = pool_->one();
    }
  std::vector<flat::Equation> kept;
  kept.reserve(m);
  for (size_t i = 0; i < m; ++i)
    if (!removed[i])
      kept.push_back(model_.equations[i]);
  for (size_t i = m; i < model_.equations.size(); ++i)
    kept.push_back(model_.equations[i]);
  if (kept.size() != model_.equations.size())
    model_.arrayEquations.clear(); // their indices moved: the scalar equations stay
  model_.equations = std::move(kept);
}

} // namespace mocc::flattening
