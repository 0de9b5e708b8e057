// Implementation of alias elimination: one pass over the equations, each
// analysed with the aliases found so far substituted (so chains a = b,
// b = -c resolve), then the remaining equations substituted once. An alias
// is a link to another variable with a sign, or a constant: links are
// followed iteratively with path compression (union-find), so a chain of
// connections costs nearly linear time and no recursion. A second pass over
// the equations left finds the variables that two equations define by the
// same expression (common subexpressions; OpenModelica's comSubExp does the
// same before its structural passes).
#include "compiler/causalize/AliasElimination.h"

#include "compiler/symbolic/Solve.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace mocc::causalize {

using sym::ExprId;
using sym::OpKind;
using sym::VarId;

ExprId AliasElimination::apply(sym::ExprPool &pool, ExprId expr) const {
  if (aliases.empty()) // nothing eliminated: no walk (five per equation)
    return expr;
  return sym::substitute(pool, expr, [this](VarId v) -> std::optional<ExprId> {
    if (isEliminated(v))
      return valueOf[v.index];
    return std::nullopt;
  });
}

void AliasElimination::applyAll(sym::ExprPool &pool, std::span<ExprId> exprs) const {
  if (aliases.empty())
    return;
  sym::substituteAll(pool, exprs, [this](VarId v) -> std::optional<ExprId> {
    if (isEliminated(v))
      return valueOf[v.index];
    return std::nullopt;
  });
}

namespace {

/// What an eliminated variable equals: sign * target, or a constant.
struct AliasLink {
  VarId target;
  double sign = 1.0;
  ExprId constant; ///< valid when there is no target
  bool isEliminated() const { return target.valid() || constant.valid(); }
};

/// One run of the elimination.
class AliasFinder {
public:
  AliasFinder(flat::FlatModel &model, const std::vector<RoleKind> &roles)
      : model_(model), pool_(model.pool), roles_(roles), links_(model.size()) {
    result_.valueOf.assign(model.size(), ExprId{});
    result_.startHint.assign(model.size(), ExprId{});
    for (const flat::Variable &v : model.variables)
      result_.stateSelect.push_back(v.attributes.stateSelect);
  }

  AliasElimination run();

private:
  RoleKind roleOf(VarId v) const {
    return v.index < roles_.size() ? roles_[v.index] : RoleKind::Derivative;
  }
  bool isRealContinuous(VarId v) const {
    const flat::Variable &var = model_.var(v);
    return var.type == flat::TypeKind::Real && var.variability == flat::VariabilityKind::Continuous;
  }
  bool isEliminated(VarId v) const { return links_[v.index].isEliminated(); }
  bool isEligible(VarId v) const {
    return roleOf(v) == RoleKind::Algebraic && isRealContinuous(v) && !isEliminated(v);
  }
  AliasLink resolve(VarId v);
  ExprId valueOf(VarId v);
  ExprId substituteAliases(ExprId expr);
  bool isParameterVariable(VarId v) const;
  bool isParameterExpression(ExprId expr) const;
  bool surelyNoAlias(const flat::Equation &equation);
  /// Whether a side of an equation may be a variable once rewritten
  /// through the aliases found so far.
  bool mayBecomeVariable(ExprId side);
  bool analyse(ExprId residual, uint32_t eq);
  bool tryConstant(ExprId residual, VarId u, uint32_t eq);
  bool tryPair(ExprId residual, VarId a, VarId b, uint32_t eq);
  bool trySecondOrder(VarId s, VarId d, double sign, uint32_t eq);
  bool tryCommonValue(const flat::Equation &equation, uint32_t eq);
  bool tryStatePair(VarId a, VarId b, double sign, uint32_t eq);
  /// drop = sign * keep and each derivative of drop = sign * that of keep
  /// (made where missing); false, with nothing done, if one of drop's
  /// derivatives is eliminated already.
  bool eliminateWithDerivatives(VarId drop, VarId keep, double sign, uint32_t eq);
  int keepScore(VarId v) const;
  void eliminate(VarId var, AliasLink link, uint32_t eq);
  void grow();

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  const std::vector<RoleKind> &roles_;
  std::vector<AliasLink> links_;
  AliasElimination result_;
  /// Step 1b: per defining expression (the node, or the operand of a
  /// negation with `negated`), the variable an equation set equal to it.
  struct Defined {
    VarId var;
    bool negated = false;
  };
  std::unordered_map<uint32_t, Defined> definedBy_;
  std::vector<uint32_t> targets_; ///< scratch space of surelyNoAlias, mayBecomeVariable
};

AliasElimination AliasFinder::run() {
  // Step 1: find aliases, each equation seen through the ones found before.
  std::vector<uint32_t> kept;
  for (uint32_t i = 0; i < model_.equations.size(); ++i) {
    const flat::Equation &eq = model_.equations[i];
    if (surelyNoAlias(eq) || !analyse(substituteAliases(pool_.sub(eq.lhs, eq.rhs)), i))
      kept.push_back(i);
  }
  // Step 1b: common values. Two equations v = e and w = e (aliases
  // substituted, e the same node of the hash-consed pool) make w = v an
  // alias, and the second equation goes with it. Left in the system, the
  // pair is structurally independent but numerically the same equation:
  // the Gearbox of Rotational defines phi_rel as flange_b.phi -
  // lossyGear.flange_b.phi and its ElastoBacklash defines its own phi_rel
  // over the same flanges, both stateSelect prefer; index reduction then
  // keeps both as states and no state for the angle they leave free, and
  // the Jacobian of the DAE is singular (Blocks.Examples.Noise.
  // ActuatorWithNoise failed at t = 0).
  std::vector<uint32_t> rest;
  for (uint32_t i : kept)
    if (!tryCommonValue(model_.equations[i], i))
      rest.push_back(i);
  kept = std::move(rest);
  // Step 2: the resolved values.
  for (Alias &alias : result_.aliases) {
    alias.value = valueOf(alias.var);
    result_.valueOf[alias.var.index] = alias.value;
  }
  // Step 3: substitute the remaining equations, all sides in one walk.
  std::vector<ExprId> sides;
  sides.reserve(2 * (kept.size() + model_.initialEquations.size()));
  for (uint32_t i : kept)
    sides.insert(sides.end(), {model_.equations[i].lhs, model_.equations[i].rhs});
  for (const flat::Equation &eq : model_.initialEquations)
    sides.insert(sides.end(), {eq.lhs, eq.rhs});
  result_.applyAll(pool_, sides);
  size_t k = 0;
  for (uint32_t i : kept) {
    flat::Equation eq = model_.equations[i];
    eq.lhs = sides[k++];
    eq.rhs = sides[k++];
    result_.equations.push_back(eq);
    result_.sources.push_back(i);
  }
  for (flat::Equation eq : model_.initialEquations) {
    eq.lhs = sides[k++];
    eq.rhs = sides[k++];
    result_.initialEquations.push_back(eq);
  }
  return std::move(result_);
}

AliasLink AliasFinder::resolve(VarId v) {
  // Follow the links to a variable that is not eliminated, or a constant.
  AliasLink link{v, 1.0, {}};
  std::vector<VarId> path;
  while (link.target.valid() && isEliminated(link.target)) {
    const AliasLink &next = links_[link.target.index];
    path.push_back(link.target);
    link = {next.target, link.sign * next.sign, next.constant};
  }
  // Path compression: every variable on the path now links to the end,
  // with the product of the signs from it onwards.
  double suffix = 1.0;
  for (size_t i = path.size(); i-- > 0;) {
    AliasLink &l = links_[path[i].index];
    suffix *= l.sign;
    l = {link.target, suffix, link.constant};
  }
  return link;
}

ExprId AliasFinder::valueOf(VarId v) {
  AliasLink link = resolve(v);
  ExprId base = link.target.valid() ? pool_.variable(link.target) : link.constant;
  return link.sign == 1.0 ? base : pool_.mul(pool_.constant(link.sign), base);
}

ExprId AliasFinder::substituteAliases(ExprId expr) {
  if (result_.aliases.empty()) // none found yet: the walk would change nothing
    return expr;
  return sym::substitute(pool_, expr, [this](VarId v) -> std::optional<ExprId> {
    if (v.index < links_.size() && isEliminated(v))
      return valueOf(v);
    return std::nullopt;
  });
}

bool AliasFinder::isParameterVariable(VarId v) const {
  const flat::Variable &var = model_.var(v);
  // Known discrete variables (pre(), when-assigned, held relations) change
  // at events: not parameters.
  return roleOf(v) == RoleKind::Known && var.causality != flat::CausalityKind::Input &&
         var.attributes.fixed != false &&
         (var.variability == flat::VariabilityKind::Parameter ||
          var.variability == flat::VariabilityKind::Constant);
}

bool AliasFinder::isParameterExpression(ExprId expr) const {
  bool ok = true;
  ExprId roots[] = {expr};
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    OpKind op = pool_.op(id);
    if (op == OpKind::Time || op == OpKind::Call || op == OpKind::Output ||
        op == OpKind::Delay)
      ok = false;
    else if (op == OpKind::Variable)
      ok &= isParameterVariable(pool_.variableOf(id));
  });
  return ok;
}

/// Whether analyse() would find nothing in an equation, told without
/// building its residual through the aliases found so far (most equations
/// of a large model: each rebuilt residual is new nodes in the pool).
/// Only where no unknown is an alias of a constant (a factor 0 would fold
/// a term away) and no two are one (x - y, y an alias of x, folds to 0):
/// then the residual has the same unknowns up to a one-to-one renaming,
/// which no folding of the pool (of equal nodes, of constants) can merge,
/// and the same known variables and nodes of time, calls and outputs. It
/// has no alias if it has three unknowns or more; two and anything but
/// constants besides (tryPair needs ca * a + cb * b = 0 with constant
/// coefficients); or one and a value that is not a parameter's
/// (tryConstant needs the rest to be a parameter expression).
bool AliasFinder::surelyNoAlias(const flat::Equation &equation) {
  targets_.clear();
  bool general = false, known = false, notParameter = false;
  ExprId roots[] = {equation.lhs, equation.rhs};
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    OpKind op = pool_.op(id);
    if (op == OpKind::Time || op == OpKind::Call || op == OpKind::Output ||
        op == OpKind::Delay) {
      known = notParameter = true;
      return;
    }
    if (general || op != OpKind::Variable)
      return;
    VarId v = pool_.variableOf(id);
    if (roleOf(v) == RoleKind::Known) {
      known = true;
      notParameter |= !isParameterVariable(v);
      return;
    }
    if (v.index < links_.size() && isEliminated(v)) {
      AliasLink link = resolve(v);
      if (!link.target.valid()) {
        general = true; // an alias of a constant
        return;
      }
      v = link.target;
    }
    targets_.push_back(v.index);
  });
  if (general)
    return false;
  // The unknowns are distinct (forEachNode visits each node once, and a
  // variable is one node); their targets must be too.
  std::sort(targets_.begin(), targets_.end());
  if (std::adjacent_find(targets_.begin(), targets_.end()) != targets_.end())
    return false;
  switch (targets_.size()) {
  case 0:
    return true; // analyse() needs an unknown
  case 1:
    return notParameter;
  case 2:
    return known;
  default:
    return true;
  }
}

bool AliasFinder::analyse(ExprId residual, uint32_t eq) {
  std::vector<VarId> unknowns;
  for (VarId v : sym::variablesOf(pool_, residual))
    if (roleOf(v) != RoleKind::Known)
      unknowns.push_back(v);
  if (unknowns.size() == 1)
    return tryConstant(residual, unknowns[0], eq);
  if (unknowns.size() == 2)
    return tryPair(residual, unknowns[0], unknowns[1], eq);
  return false;
}

bool AliasFinder::tryConstant(ExprId residual, VarId u, uint32_t eq) {
  // c * u + rest = 0 with a constant c and a parameter expression rest.
  if (!isEligible(u))
    return false;
  auto form = sym::linearForm(pool_, residual, u);
  if (!form)
    return false;
  auto c = pool_.constantValue(form->coefficient);
  if (!c || *c == 0.0 || !std::isfinite(*c) || !isParameterExpression(form->rest))
    return false;
  ExprId value = pool_.div(pool_.neg(form->rest), pool_.constant(*c));
  eliminate(u, {VarId{}, 1.0, value}, eq);
  return true;
}

/// The coefficients of a and b in a residual `a - b`, `b - a` or `a + b`
/// (a connection's `x = y`, a flow balance of two connectors `x + y = 0`),
/// as linearForm would find them; nothing for any other shape.
static std::optional<std::pair<double, double>> pairShape(const sym::ExprPool &pool, ExprId residual,
                                                          VarId a, VarId b) {
  OpKind op = pool.op(residual);
  if (op != OpKind::Sub && op != OpKind::Add)
    return std::nullopt;
  VarId x = pool.variableOf(pool.operand(residual, 0)), y = pool.variableOf(pool.operand(residual, 1));
  double second = op == OpKind::Sub ? -1.0 : 1.0;
  if (x == a && y == b)
    return std::pair{1.0, second};
  if (x == b && y == a)
    return std::pair{second, 1.0};
  return std::nullopt;
}

bool AliasFinder::tryPair(ExprId residual, VarId a, VarId b, uint32_t eq) {
  // ca * a + cb * b = 0 with |ca| = |cb|: a = sign * b.
  std::optional<double> ca, cb;
  if (auto shape = pairShape(pool_, residual, a, b)) {
    std::tie(ca, cb) = *shape;
  } else {
    auto fa = sym::linearForm(pool_, residual, a);
    if (!fa)
      return false;
    auto fb = sym::linearForm(pool_, fa->rest, b);
    if (!fb || !pool_.isConstant(fb->rest, 0.0))
      return false;
    ca = pool_.constantValue(fa->coefficient), cb = pool_.constantValue(fb->coefficient);
  }
  if (!ca || !cb || *ca == 0.0 || std::fabs(*ca) != std::fabs(*cb))
    return false;
  double sign = -*cb / *ca;
  // An algebraic variable is not replaced by a derivative: that would move
  // it into IDA's derivatives, where it is less accurate between steps;
  // unless it asks to be a state (stateSelect prefer or always, as
  // MultiBody's RollingWheelSet says of der_theta1 = der(theta1)). Never
  // differentiated, it could not be one; as der(x), whose priority it
  // passes on, it is a candidate (MLS 4.9.7.3).
  auto wantsState = [&](VarId v) {
    flat::StateSelectKind select = result_.stateSelect[v.index];
    return select == flat::StateSelectKind::Prefer || select == flat::StateSelectKind::Always;
  };
  bool eligibleA = isEligible(a) && (roleOf(b) != RoleKind::Derivative || wantsState(a));
  bool eligibleB = isEligible(b) && (roleOf(a) != RoleKind::Derivative || wantsState(b));
  if (eligibleA && eligibleB && keepScore(a) < keepScore(b))
    eligibleB = false; // b is the better one to keep: eliminate a
  if (eligibleB) {
    eliminate(b, {a, sign, {}}, eq);
    return true;
  }
  if (eligibleA) {
    eliminate(a, {b, sign, {}}, eq);
    return true;
  }
  if (roleOf(a) == RoleKind::State && roleOf(b) == RoleKind::State)
    return tryStatePair(a, b, sign, eq);
  if (roleOf(a) == RoleKind::State && roleOf(b) == RoleKind::Derivative)
    return trySecondOrder(a, b, sign, eq);
  if (roleOf(b) == RoleKind::State && roleOf(a) == RoleKind::Derivative)
    return trySecondOrder(b, a, sign, eq);
  return false;
}

bool AliasFinder::mayBecomeVariable(ExprId side) {
  OpKind root = pool_.op(side);
  if (root == OpKind::Variable || root == OpKind::Neg || root == OpKind::IfElse)
    return true; // -(-x), if c then x else x
  // Otherwise only a fold can make it one, and a renaming of its unknowns
  // one to one (no alias of a constant, no two unknowns of one target)
  // folds nothing.
  targets_.clear();
  bool renaming = true;
  ExprId roots[] = {side};
  sym::forEachNode(pool_, roots, [&](ExprId id) {
    if (!renaming || pool_.op(id) != OpKind::Variable)
      return;
    VarId v = pool_.variableOf(id);
    if (v.index < links_.size() && isEliminated(v)) {
      AliasLink link = resolve(v);
      renaming = link.target.valid();
      v = link.target;
    }
    targets_.push_back(v.index);
  });
  if (!renaming)
    return true;
  std::sort(targets_.begin(), targets_.end());
  return std::adjacent_find(targets_.begin(), targets_.end()) != targets_.end();
}

bool AliasFinder::tryCommonValue(const flat::Equation &equation, uint32_t eq) {
  // One side a variable v that is not known, the other an expression e of
  // unknowns without v and without function calls (an impure call gives
  // another value each time it is written). Neither side rewritten through
  // the aliases where neither can become a variable (most equations).
  if (!mayBecomeVariable(equation.lhs) && !mayBecomeVariable(equation.rhs))
    return false;
  ExprId sides[] = {substituteAliases(equation.lhs), substituteAliases(equation.rhs)};
  for (int k = 0; k < 2; ++k) {
    ExprId side = sides[k], value = sides[1 - k];
    if (pool_.op(side) != OpKind::Variable)
      continue;
    VarId v = pool_.variableOf(side);
    if (roleOf(v) == RoleKind::Known || !isRealContinuous(v) || isEliminated(v))
      continue;
    bool usable = true, unknown = false;
    ExprId roots[] = {value};
    sym::forEachNode(pool_, roots, [&](ExprId id) {
      OpKind op = pool_.op(id);
      if (op == OpKind::Call || op == OpKind::Output || op == OpKind::Load ||
          op == OpKind::Delay)
        usable = false;
      else if (op == OpKind::Variable) {
        VarId u = pool_.variableOf(id);
        usable &= u != v;
        unknown |= roleOf(u) != RoleKind::Known;
      }
    });
    if (!usable || !unknown)
      continue;
    bool negated = pool_.op(value) == OpKind::Neg;
    if (negated)
      value = pool_.operand(value, 0);
    auto [it, inserted] = definedBy_.try_emplace(value.index, Defined{v, negated});
    if (inserted)
      return false;
    VarId w = it->second.var;
    if (w == v || isEliminated(w))
      return false;
    // v = ±e and w = ±e: v - sign * w = 0.
    double sign = negated == it->second.negated ? 1.0 : -1.0;
    ExprId residual = pool_.sub(pool_.variable(v), pool_.mul(pool_.constant(sign), pool_.variable(w)));
    return tryPair(residual, v, w, eq);
  }
  return false;
}

int AliasFinder::keepScore(VarId v) const {
  // Higher: better kept. A stateSelect, then a start value; ties keep the
  // lower index (the score is compared strictly).
  const flat::Attributes &a = model_.var(v).attributes;
  return (a.stateSelect != flat::StateSelectKind::Default ? 2 : 0) +
         (a.start.valid() || a.fixed == true ? 1 : 0);
}

bool AliasFinder::trySecondOrder(VarId s, VarId d, double sign, uint32_t eq) {
  // s = sign * der(x), s a state: s becomes sign * der(x) and der(s)
  // becomes sign * der(der(x)).
  VarId x = model_.var(d).derivativeOf;
  VarId ds = model_.var(s).derivative;
  VarId root = x;
  while (model_.var(root).derivativeOf.valid())
    root = model_.var(root).derivativeOf;
  // x = -der(der(x)) is an equation of motion, not an alias.
  if (root == s || !ds.valid() || !isRealContinuous(s) || !isRealContinuous(x) ||
      isEliminated(s))
    return false;
  // Every derivative of s becomes that of d: in a chain (der(x[k]) =
  // x[k - 1], Blocks.Continuous.PadeDelay), der(der(s)) made by an earlier
  // link must follow s, or it is left as an unknown that nothing relates
  // to s's new value (the model became structurally singular).
  return eliminateWithDerivatives(s, d, sign, eq);
}

bool AliasFinder::eliminateWithDerivatives(VarId drop, VarId keep, double sign, uint32_t eq) {
  std::vector<std::pair<VarId, VarId>> derivatives; // (of drop, of keep)
  for (VarId d = drop, k = keep; model_.var(d).derivative.valid();) {
    d = model_.var(d).derivative;
    if (isEliminated(d))
      return false;
    k = model_.derivativeOf(k);
    derivatives.emplace_back(d, k);
  }
  grow();
  eliminate(drop, {keep, sign, {}}, eq);
  for (const auto &[d, k] : derivatives)
    eliminate(d, {k, sign, {}}, eq);
  return true;
}

bool AliasFinder::tryStatePair(VarId a, VarId b, double sign, uint32_t eq) {
  // a = sign * b, both differentiated (a block's output connected to the
  // input of Blocks.Continuous.Der): b and each of its derivatives become
  // sign times those of a. Left in the system, the pair would make index
  // reduction differentiate the alias and offer a choice of states that is
  // no choice at all.
  if (!isRealContinuous(a) || !isRealContinuous(b) || isEliminated(a) || isEliminated(b))
    return false;
  VarId keep = a, drop = b;
  if (keepScore(b) > keepScore(a))
    std::swap(keep, drop);
  return eliminateWithDerivatives(drop, keep, sign, eq);
}

void AliasFinder::eliminate(VarId var, AliasLink link, uint32_t eq) {
  result_.aliases.push_back({var, ExprId{}, eq});
  links_[var.index] = link;
  result_.valueOf[var.index] = pool_.zero(); // marks it; resolved in run()
  VarId kept = link.target;
  if (!kept.valid())
    return;
  // The kept variable inherits what the eliminated one said about itself:
  // a stateSelect given beats the default, and of two given the higher
  // priority wins. Components say `never` for their internal copy of a
  // coordinate whose preferred alias the user sees (MultiBody's Universal:
  // revolute_a.phi never, phi_a = revolute_a.phi prefer).
  flat::StateSelectKind &keptSelect = result_.stateSelect[kept.index];
  flat::StateSelectKind varSelect = result_.stateSelect[var.index];
  if (keptSelect == flat::StateSelectKind::Default ||
      (varSelect != flat::StateSelectKind::Default && varSelect > keptSelect))
    keptSelect = varSelect;
  const flat::Attributes &a = model_.var(var).attributes;
  bool keptHasStart = model_.var(kept).attributes.start.valid() ||
                      result_.startHint[kept.index].valid();
  ExprId start = a.start.valid() ? a.start : result_.startHint[var.index];
  if (!keptHasStart && start.valid())
    result_.startHint[kept.index] = pool_.mul(pool_.constant(link.sign), start);
}

void AliasFinder::grow() {
  // New derivative variables take the stateSelect of what they derive.
  while (links_.size() < model_.size()) {
    VarId v{static_cast<uint32_t>(links_.size())};
    VarId base = model_.var(v).derivativeOf;
    links_.emplace_back();
    result_.valueOf.push_back(ExprId{});
    result_.startHint.push_back(ExprId{});
    result_.stateSelect.push_back(base.valid() ? result_.stateSelect[base.index]
                                               : flat::StateSelectKind::Default);
  }
}

} // namespace

AliasElimination eliminateAliases(flat::FlatModel &model, const std::vector<RoleKind> &roles) {
  return AliasFinder(model, roles).run();
}

} // namespace mocc::causalize
