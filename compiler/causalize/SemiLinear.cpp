// Rule 1 of semiLinear (MLS 3.6, 3.7.4.5) and a junction's enthalpy at zero
// flow; see SemiLinear.h.
#include "compiler/causalize/SemiLinear.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace mocc::causalize {

using sym::ExprId;
using sym::OpKind;

namespace {

/// y = sign * semiLinear(x, positive, negative), as one equation gives it.
struct SemiLinearEquation {
  ExprId y, x, positive, negative;
  bool negated = false;
};

/// The coefficient c of `term` = c * x, or nothing.
std::optional<ExprId> coefficientOf(const sym::ExprPool &pool, ExprId term, ExprId x) {
  if (term == x)
    return pool.one();
  if (pool.isConstant(term, 0.0))
    return pool.zero();
  if (pool.op(term) != OpKind::Mul)
    return std::nullopt;
  ExprId a = pool.operand(term, 0), b = pool.operand(term, 1);
  if (b == x)
    return a;
  if (a == x)
    return b;
  return std::nullopt;
}

/// semiLinear(x, a, b) in the flattener's form smooth(0, if x >= 0 then
/// a * x else b * x): (x, a, b).
std::optional<SemiLinearEquation> matchSemiLinear(const sym::ExprPool &pool, ExprId e) {
  if (pool.op(e) != OpKind::Smooth || pool.node(e).payload.index != 0)
    return std::nullopt;
  ExprId choice = pool.operand(e, 0);
  if (pool.op(choice) != OpKind::IfElse)
    return std::nullopt;
  ExprId condition = pool.operand(choice, 0);
  if (pool.op(condition) != OpKind::GreaterEq || !pool.isConstant(pool.operand(condition, 1), 0.0))
    return std::nullopt;
  ExprId x = pool.operand(condition, 0);
  auto a = coefficientOf(pool, pool.operand(choice, 1), x);
  auto b = coefficientOf(pool, pool.operand(choice, 2), x);
  if (!a || !b)
    return std::nullopt;
  SemiLinearEquation s;
  s.x = x;
  s.positive = *a;
  s.negative = *b;
  // semiLinear(-x, a, b) = -semiLinear(x, b, a), also at x = 0.
  if (pool.op(x) == OpKind::Neg) {
    s.x = pool.operand(x, 0);
    std::swap(s.positive, s.negative);
    s.negated = true;
  }
  return s;
}

/// The equation as y = ±semiLinear(x, a, b), y without a leading minus.
std::optional<SemiLinearEquation> matchEquation(const sym::ExprPool &pool, const flat::Equation &eq) {
  for (auto [side, other] : {std::pair{eq.lhs, eq.rhs}, std::pair{eq.rhs, eq.lhs}}) {
    auto s = matchSemiLinear(pool, other);
    if (!s || matchSemiLinear(pool, side))
      continue;
    s->y = side;
    if (pool.op(side) == OpKind::Neg) {
      s->y = pool.operand(side, 0);
      s->negated = !s->negated;
    }
    return s;
  }
  return std::nullopt;
}

/// e as sign * v for a variable v (`v` or `-v`), or nothing.
std::optional<std::pair<ExprId, bool>> signedVariable(const sym::ExprPool &pool, ExprId e) {
  bool negated = false;
  if (pool.op(e) == OpKind::Neg) {
    e = pool.operand(e, 0);
    negated = true;
  }
  if (!pool.variableOf(e).valid())
    return std::nullopt;
  return std::pair{e, negated};
}

/// An equation that says a = b or a = -b of two variables (`a = b`,
/// `a = -b`, `a + b = 0`, `-a + b = 0`, `a - b = 0`, either side): (a, b,
/// whether b = -a), or nothing.
struct Link {
  ExprId a, b;
  bool opposite;
};
std::optional<Link> matchLink(const sym::ExprPool &pool, const flat::Equation &eq) {
  auto a = signedVariable(pool, eq.lhs), b = signedVariable(pool, eq.rhs);
  if (a && b) // ±a = ±b
    return Link{a->first, b->first, a->second != b->second};
  for (auto [side, other] : {std::pair{eq.lhs, eq.rhs}, std::pair{eq.rhs, eq.lhs}}) {
    OpKind op = pool.op(side);
    if (!pool.isConstant(other, 0.0) || (op != OpKind::Add && op != OpKind::Sub))
      continue;
    a = signedVariable(pool, pool.operand(side, 0));
    b = signedVariable(pool, pool.operand(side, 1));
    if (!a || !b)
      continue;
    // ±a + ±b = 0 says b = -(±a)/(±1); ±a - ±b = 0 says them equal.
    bool sameSign = a->second == b->second;
    return Link{a->first, b->first, op == OpKind::Add ? sameSign : !sameSign};
  }
  return std::nullopt;
}

/// Union-find over expression ids with the sign of each to its root.
class SignedUnion {
public:
  /// The root of e and whether e = -root.
  std::pair<uint32_t, bool> find(uint32_t e) {
    // Up to the root, then every node on the way points at it (a loop,
    // not recursion: a chain of links is as long as the model).
    std::vector<uint32_t> path;
    uint32_t root = e;
    for (auto it = parent_.find(root); it != parent_.end(); it = parent_.find(root)) {
      path.push_back(root);
      root = it->second.first;
    }
    bool negated = false; // of the node below, relative to the root
    for (size_t k = path.size(); k-- > 0;) {
      auto &link = parent_[path[k]];
      negated = negated != link.second;
      link = {root, negated};
    }
    return path.empty() ? std::pair{e, false} : parent_[e];
  }
  /// Records b = ±a; false if it contradicts what is known (b = ∓a).
  bool unite(uint32_t a, uint32_t b, bool opposite) {
    auto [ra, na] = find(a);
    auto [rb, nb] = find(b);
    if (ra == rb)
      return (na != nb) == opposite;
    parent_[rb] = {ra, (na != nb) != opposite};
    return true;
  }

private:
  std::unordered_map<uint32_t, std::pair<uint32_t, bool>> parent_;
};

struct GroupKey {
  uint32_t x, y;
  bool negated;
  friend bool operator==(const GroupKey &, const GroupKey &) = default;
};
struct GroupKeyHash {
  size_t operator()(const GroupKey &k) const {
    return (static_cast<size_t>(k.x) * 0x9E3779B97F4A7C15ull) ^ (static_cast<size_t>(k.y) << 1) ^
           static_cast<size_t>(k.negated);
  }
};

/// The terms of a sum of signed variables (a + b - c, -a + b, ...) into
/// `terms` as (variable, negated); false if e is anything else.
bool collectTerms(const sym::ExprPool &pool, ExprId e, bool negated,
                  std::vector<std::pair<ExprId, bool>> &terms) {
  switch (pool.op(e)) {
  case OpKind::Add:
  case OpKind::Sub:
    return collectTerms(pool, pool.operand(e, 0), negated, terms) &&
           collectTerms(pool, pool.operand(e, 1), negated != (pool.op(e) == OpKind::Sub), terms);
  case OpKind::Neg:
    return collectTerms(pool, pool.operand(e, 0), !negated, terms);
  default:
    if (!pool.variableOf(e).valid())
      return false;
    terms.emplace_back(e, negated);
    return true;
  }
}

/// A junction's enthalpy at zero flow (see SemiLinear.h): rewrites the
/// node equations among `equations`; `defining` holds, per class of linked
/// y, the one semiLinear equation that defines it (or none).
int chooseJunctionEnthalpies(sym::ExprPool &pool, std::vector<flat::Equation> &equations,
                             SignedUnion &sameY,
                             const std::function<bool(sym::VarId)> &isUnknown) {
  std::unordered_map<uint32_t, std::optional<SemiLinearEquation>> defining; // class root
  std::unordered_map<uint32_t, int> definitions;
  for (const flat::Equation &eq : equations)
    if (auto s = matchEquation(pool, eq)) {
      uint32_t root = sameY.find(s->y.index).first;
      if (++definitions[root] == 1)
        defining[root] = s;
    }
  int rewritten = 0;
  for (flat::Equation &eq : equations) {
    // Σ ±v_k = 0 with three or more terms, each a y of one semiLinear
    // equation.
    ExprId sum = pool.isConstant(eq.rhs, 0.0) ? eq.lhs : eq.rhs;
    if (!pool.isConstant(sum == eq.lhs ? eq.rhs : eq.lhs, 0.0))
      continue;
    std::vector<std::pair<ExprId, bool>> terms;
    if (!collectTerms(pool, sum, false, terms) || terms.size() < 3)
      continue;
    std::vector<SemiLinearEquation> node;
    for (auto [v, negated] : terms) {
      uint32_t root = sameY.find(v.index).first;
      if (definitions[root] != 1)
        break;
      node.push_back(*defining[root]);
    }
    if (node.size() != terms.size())
      continue;
    // h: a slope of every term's equation (an unknown); s_k: the other.
    std::optional<ExprId> h;
    for (ExprId candidate : {node[0].positive, node[0].negative}) {
      sym::VarId v = pool.variableOf(candidate);
      bool everywhere = v.valid() && isUnknown(v);
      for (const SemiLinearEquation &s : node)
        everywhere &= (s.positive == candidate) != (s.negative == candidate);
      if (everywhere && !h)
        h = candidate;
    }
    if (!h)
      continue;
    ExprId stopped, others = pool.zero();
    for (size_t k = 0; k < node.size(); ++k) {
      ExprId zero = pool.binary(OpKind::Equal, node[k].x, pool.zero());
      stopped = k == 0 ? zero : pool.binary(OpKind::And, stopped, zero);
      others = pool.add(others, node[k].positive == *h ? node[k].negative : node[k].positive);
    }
    ExprId mean = pool.div(others, pool.constant(static_cast<double>(node.size())));
    // Where every flow is zero every term is zero and the equation says
    // nothing; there it says h = the mean of the other slopes instead.
    ExprId choice =
        pool.ifElse(pool.unary(OpKind::NoEvent, stopped), pool.sub(*h, mean), pool.zero());
    (sum == eq.lhs ? eq.lhs : eq.rhs) = pool.add(sum, choice);
    ++rewritten;
  }
  return rewritten;
}

} // namespace

int applySemiLinearRules(sym::ExprPool &pool, std::vector<flat::Equation> &equations,
                         const std::function<bool(sym::VarId)> &isUnknown) {
  // Equations of the same y and x (and sign), in the order of the model.
  // Two y that another equation says equal (or opposite) count as one:
  // a mass-less two-port's energy balance H_a + H_b + Q = 0 whose Q = 0
  // comes later is -H_a' + H_b = 0 after the aliases, not an alias itself.
  std::vector<std::optional<SemiLinearEquation>> found(equations.size());
  std::unordered_map<uint32_t, int> asY; // y -> how many semiLinear equations define it
  for (size_t i = 0; i < equations.size(); ++i)
    if ((found[i] = matchEquation(pool, equations[i])))
      ++asY[found[i]->y.index];
  SignedUnion sameY;
  for (const flat::Equation &eq : equations) {
    auto link = matchLink(pool, eq);
    if (link && asY.count(link->a.index) && asY.count(link->b.index))
      sameY.unite(link->a.index, link->b.index, link->opposite);
  }
  std::vector<SemiLinearEquation> matched(equations.size());
  std::unordered_map<GroupKey, std::vector<size_t>, GroupKeyHash> groups;
  std::vector<GroupKey> order;
  for (size_t i = 0; i < equations.size(); ++i) {
    if (!found[i])
      continue;
    const auto &s = found[i];
    matched[i] = *s;
    auto [root, opposite] = sameY.find(s->y.index);
    GroupKey key{s->x.index, root, s->negated != opposite};
    auto [it, added] = groups.try_emplace(key);
    if (added)
      order.push_back(key);
    it->second.push_back(i);
  }
  int rewritten = 0;
  for (const GroupKey &key : order) {
    const std::vector<size_t> &group = groups[key];
    if (group.size() < 2)
      continue;
    // The chain sa -> s1 -> ... -> sN -> sb: each intermediate is the
    // negative slope of one equation and the positive slope of the next.
    std::unordered_map<uint32_t, size_t> byPositive; // positive slope -> equation
    bool distinct = true;
    for (size_t i : group)
      distinct &= byPositive.try_emplace(matched[i].positive.index, i).second;
    if (!distinct)
      continue;
    std::unordered_map<uint32_t, int> asNegative;
    for (size_t i : group)
      ++asNegative[matched[i].negative.index];
    std::vector<size_t> chain;
    for (size_t i : group)
      if (!asNegative.count(matched[i].positive.index))
        chain.push_back(i);
    if (chain.size() != 1)
      continue; // not one chain with one start
    std::vector<ExprId> intermediates;
    bool ok = true;
    while (chain.size() < group.size()) {
      ExprId s = matched[chain.back()].negative;
      auto next = byPositive.find(s.index);
      sym::VarId v = pool.variableOf(s);
      if (next == byPositive.end() || asNegative[s.index] != 1 || !v.valid() || !isUnknown(v)) {
        ok = false;
        break;
      }
      intermediates.push_back(s);
      chain.push_back(next->second);
    }
    if (!ok || chain.size() != group.size() || intermediates.size() + 1 != chain.size())
      continue;
    const SemiLinearEquation &first = matched[chain.front()];
    ExprId x = first.x, sa = first.positive, sb = matched[chain.back()].negative;
    ExprId flowing = pool.binary(OpKind::GreaterEq, x, pool.zero());
    // s1 = if x >= 0 then sa else sb; s(k+1) = s(k); y = semiLinear(x, sa, sb).
    equations[chain[0]].lhs = intermediates[0];
    equations[chain[0]].rhs = pool.ifElse(flowing, sa, sb);
    for (size_t k = 1; k + 1 < chain.size(); ++k) {
      equations[chain[k]].lhs = intermediates[k];
      equations[chain[k]].rhs = intermediates[k - 1];
    }
    // The last equation keeps its own y: ±y_last = semiLinear(x, sa, sb).
    const SemiLinearEquation &end = matched[chain.back()];
    flat::Equation &last = equations[chain.back()];
    last.lhs = end.negated ? pool.neg(end.y) : end.y;
    last.rhs = pool.smooth(0, pool.ifElse(flowing, pool.mul(sa, x), pool.mul(sb, x)));
    ++rewritten;
  }
  return rewritten + chooseJunctionEnthalpies(pool, equations, sameY, isUnknown);
}

} // namespace mocc::causalize
