// Implementation of the event planning: held relations, condition
// variables, the update kernel of one event iteration and the assertion and
// zero-crossing kernels.
#include "compiler/causalize/Events.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace mocc::causalize {

using plan::KernelSpec;
using plan::KernelStep;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

flat::Variable hiddenVariable(std::string name, flat::SpecialKind special, flat::TypeKind type) {
  flat::Variable v;
  v.name = std::move(name);
  v.type = type;
  v.variability = flat::VariabilityKind::Discrete;
  v.special = special;
  v.isProtected = true;
  return v;
}

/// Whether the expression calls an impure function (MLS 12.3: declared
/// impure, or external without `pure`).
bool callsImpure(const flat::FlatModel &model, ExprId expr) {
  bool found = false;
  ExprId roots[] = {expr};
  sym::forEachNode(model.pool, roots, [&](ExprId id) {
    const auto &node = model.pool.node(id);
    if (node.op == OpKind::Call && node.payload.index < model.functions.size() &&
        model.functions[node.payload.index].impure)
      found = true;
  });
  return found;
}

/// Replaces event-generating relations by held variables (MLS 8.5: a
/// relation changes only at events unless it is inside noEvent).
class RelationHolder {
public:
  RelationHolder(flat::FlatModel &model, EventSystem &events)
      : model_(model), pool_(model.pool), events_(events), known_(model.size(), 0) {
    auto roles = classifyVariables(model);
    for (size_t i = 0; i < roles.size(); ++i)
      known_[i] = roles[i] == RoleKind::Known;
  }

  /// `e` with every event-generating relation held, outside noEvent if
  /// `noEvent` is false. A post-order on a stack of its own: expressions
  /// are as deep as their longest chain of operators.
  ExprId rewrite(ExprId root, bool noEvent) {
    if (ExprId known = rewritten(root, noEvent); known.valid())
      return known;
    struct Entry {
      ExprId e;
      bool noEvent;
      bool expanded;
    };
    std::vector<Entry> stack{{root, noEvent, false}};
    while (!stack.empty()) {
      Entry entry = stack.back();
      if (rewritten(entry.e, entry.noEvent).valid()) {
        stack.pop_back();
        continue;
      }
      const sym::Node node = pool_.node(entry.e);
      if (entry.expanded || node.numOperands == 0 || holds(entry.e, entry.noEvent)) {
        stack.pop_back();
        remember(entry.e, entry.noEvent, rewriteNode(entry.e, entry.noEvent));
        continue;
      }
      stack.back().expanded = true;
      bool inner = operandsInNoEvent(entry.e, entry.noEvent);
      // Nothing here grows the pool (only rewriteNode does), so the
      // operands are read in place, without a copy per node.
      for (size_t i = node.numOperands; i-- > 0;) {
        ExprId operand = pool_.operand(entry.e, i);
        if (!rewritten(operand, inner).valid())
          stack.push_back({operand, inner, false});
      }
    }
    return rewritten(root, noEvent);
  }

private:
  ExprId rewritten(ExprId e, bool noEvent) const {
    const std::vector<ExprId> &memo = memo_[noEvent];
    return e.index < memo.size() ? memo[e.index] : ExprId{};
  }

  void remember(ExprId e, bool noEvent, ExprId result) {
    std::vector<ExprId> &memo = memo_[noEvent];
    if (e.index >= memo.size())
      memo.resize(std::max<size_t>(pool_.size(), e.index + 1));
    memo[e.index] = result;
  }

  bool operandsInNoEvent(ExprId e, bool noEvent) const {
    OpKind op = pool_.op(e);
    return noEvent || op == OpKind::NoEvent || op == OpKind::Smooth;
  }

  /// Whether `e` is a relation that becomes a held variable here.
  bool holds(ExprId e, bool noEvent) {
    OpKind op = pool_.op(e);
    return !noEvent && sym::isRelation(op) && op != OpKind::Equal && op != OpKind::NotEqual &&
           variesContinuously(e);
  }

  bool variesContinuously(ExprId e) {
    bool varies = false;
    ExprId roots[] = {e};
    sym::forEachNode(pool_, roots, [&](ExprId id) {
      OpKind op = pool_.op(id);
      if (op == OpKind::Time)
        varies = true;
      VarId v = pool_.variableOf(id);
      if (v.valid() && v.index < known_.size() && !known_[v.index] &&
          model_.var(v).variability == flat::VariabilityKind::Continuous)
        varies = true;
    });
    return varies;
  }

  /// The rewritten node of `e`, whose operands are rewritten (unless it is
  /// held).
  ExprId rewriteNode(ExprId e, bool noEvent) {
    const sym::Node node = pool_.node(e);
    if (node.numOperands == 0)
      return e;
    if (holds(e, noEvent))
      return hold(e);
    bool inner = operandsInNoEvent(e, noEvent);
    // The rewritten operands, in a buffer reused from node to node (a
    // vector or two per node were most of this pass's time); the pool grows
    // only after the loop, so its operands are read in place.
    std::vector<ExprId> &ops = operands_;
    ops.clear();
    bool changed = false;
    for (size_t i = 0; i < node.numOperands; ++i) {
      ExprId op = pool_.operand(e, i);
      ops.push_back(rewritten(op, inner));
      changed |= !(ops.back() == op);
    }
    if (!changed)
      return e;
    switch (node.op) {
    case OpKind::Call: return pool_.call(node.payload.index, ops);
    case OpKind::Output: return pool_.output(ops[0], node.payload.index);
    case OpKind::Smooth: return pool_.smooth(node.payload.index, ops[0]);
    case OpKind::IfElse: return pool_.ifElse(ops[0], ops[1], ops[2]);
    case OpKind::Load: return pool_.load(node.payload.index, ops[0], ops[1]);
    case OpKind::Delay: return pool_.delay(node.payload.index, ops[0], ops[1], ops[2]);
    default:
      return ops.size() == 1 ? pool_.unary(node.op, ops[0]) : pool_.binary(node.op, ops[0], ops[1]);
    }
  }

  ExprId hold(ExprId relation) {
    if (auto it = held_.find(relation.index); it != held_.end())
      return pool_.variable(it->second);
    std::string name = "$rel" + std::to_string(events_.relations.size()) + "(" +
                       model_.print(relation) + ")";
    VarId slot = model_.addVariable(hiddenVariable(name, flat::SpecialKind::Relation,
                                                   flat::TypeKind::Boolean));
    known_.push_back(1);
    ExprId a = pool_.operand(relation, 0), b = pool_.operand(relation, 1);
    events_.relations.push_back({slot, relation, pool_.sub(a, b)});
    held_[relation.index] = slot;
    return pool_.variable(slot);
  }

  flat::FlatModel &model_;
  sym::ExprPool &pool_;
  EventSystem &events_;
  std::vector<char> known_;
  /// The rewritten node of each node, outside and inside noEvent.
  std::vector<ExprId> memo_[2];
  std::map<uint32_t, VarId> held_;
  std::vector<ExprId> operands_; ///< rewriteNode's buffer
};

/// The message with " (at file:line:col)" appended: where the assert or
/// terminate() is, for the run-time report.
std::vector<flat::MessagePart> located(std::vector<flat::MessagePart> message, SourceRange loc,
                                       const SourceManager &sources) {
  if (!loc.valid())
    return message;
  flat::MessagePart part;
  part.text = " (at " + sources.shortLocation(loc.start()) + ")";
  message.push_back(std::move(part));
  return message;
}

/// The value of a relation at an event: for a time event its value just
/// after the instant (time > t1 is true at the event at t1, as time >= t1).
ExprId valueAfter(sym::ExprPool &pool, const EventRelation &r) {
  if (r.clock < 0)
    return r.relation;
  OpKind op = pool.op(r.relation);
  ExprId a = pool.operand(r.relation, 0), b = pool.operand(r.relation, 1);
  bool timeLeft = pool.op(a) == OpKind::Time;
  // With time on the left, > and >= hold from the instant on; < and <= end
  // at it. With time on the right the other way round.
  switch (op) {
  case OpKind::Greater:
  case OpKind::GreaterEq:
    return pool.binary(timeLeft ? OpKind::GreaterEq : OpKind::Greater, a, b);
  case OpKind::Less:
  case OpKind::LessEq:
    return pool.binary(timeLeft ? OpKind::Less : OpKind::LessEq, a, b);
  default: return r.relation;
  }
}

/// The zero-crossing function of a held relation a OP b, with hysteresis:
/// a - b shifted by a small band (1e-12 relative to the operands) toward the
/// side where the relation is now true, so that it crosses zero only when a
/// - b has moved through the band to the other side. Without the band a
/// relation that holds with equality in one mode (the arc switch's
/// abs(i) <= abs(v) * Goff while i = Goff * v) would change sign with every
/// rounding error and give an event at every step. The event time moves by
/// at most the band over the slope of a - b. The function is halved (which
/// is exact, so its signs and zeros stay) so that an operand at the end of
/// the range does not overflow it: `time >= pre(nextEvent)` with nextEvent
/// = DBL_MAX (the MSL's CombiTimeTable after its last event) has a - b =
/// -DBL_MAX, which the band made -inf.
ExprId crossingWithHysteresis(sym::ExprPool &pool, const EventRelation &r) {
  OpKind op = pool.op(r.relation);
  ExprId a = pool.operand(r.relation, 0), b = pool.operand(r.relation, 1);
  bool trueAbove = op == OpKind::Greater || op == OpKind::GreaterEq; // true where a - b > 0
  ExprId band = pool.mul(pool.constant(1e-12),
                         pool.add(pool.one(), pool.add(pool.unary(OpKind::Abs, a), pool.unary(OpKind::Abs, b))));
  ExprId held = pool.variable(r.slot);
  // true above: + band while true, - band while false; true below: the reverse.
  ExprId shift = trueAbove ? pool.ifElse(held, band, pool.neg(band)) : pool.ifElse(held, pool.neg(band), band);
  ExprId half = pool.constant(0.5);
  return pool.add(pool.mul(half, r.crossing), pool.mul(half, shift));
}

/// The rising edge of a branch: one of its conditions became true.
ExprId risingEdge(flat::FlatModel &model, const std::vector<VarId> &conditions) {
  sym::ExprPool &pool = model.pool;
  ExprId edge = pool.zero();
  for (VarId c : conditions) {
    ExprId now = pool.variable(c), before = pool.variable(model.preOf(c));
    edge = pool.binary(OpKind::Or, edge,
                       pool.binary(OpKind::And, now, pool.unary(OpKind::Not, before)));
  }
  return edge;
}

/// Orders the steps so that each comes after those it reads (the event
/// iteration assigns them in one pass). A loop of when-assignments is an
/// error (false); with `loopsThroughConditions` a loop is accepted, its
/// steps keep their given order.
bool orderAssignments(const flat::FlatModel &model, std::vector<KernelStep> &steps,
                      Diagnostics &diags, bool loopsThroughConditions = false) {
  const sym::ExprPool &pool = model.pool;
  std::map<uint32_t, size_t> writer;
  for (size_t i = 0; i < steps.size(); ++i)
    writer.emplace(steps[i].target.index, i);
  // The steps that read a call of many arguments depend on it, a vertex of
  // its own after the steps, and it on the writers of what its arguments
  // read: n assignments of the outputs of one call of m arguments (a
  // when-clause `(info, abs, arg) := realFFT(buf, nf)`) gave n * m edges.
  // A call whose arguments read what one of its users assigns is not a
  // vertex (its users depend on the writers directly, as all calls did).
  constexpr size_t manyArguments = 16;
  std::vector<std::vector<size_t>> users(steps.size());
  std::vector<int> pending(steps.size(), 0);
  std::unordered_map<uint32_t, size_t> callVertex;
  std::vector<ExprId> calls;
  std::vector<std::vector<size_t>> readers; // per call: the steps that read it
  // The writers (and call vertices) that `root` reads, not looking into
  // calls of many arguments unless `intoCalls`.
  auto reads = [&](ExprId root, bool intoCalls, std::vector<size_t> &from) {
    std::vector<VarId> vars;
    std::vector<size_t> vertices;
    std::vector<ExprId> stack{root};
    std::unordered_set<uint32_t> seen{root.index};
    while (!stack.empty()) {
      ExprId id = stack.back();
      stack.pop_back();
      if (pool.op(id) == OpKind::Variable)
        vars.push_back(pool.variableOf(id));
      if (!intoCalls && pool.op(id) == OpKind::Call && pool.operands(id).size() >= manyArguments) {
        auto [it, added] = callVertex.try_emplace(id.index, steps.size() + calls.size());
        if (added)
          calls.push_back(id);
        vertices.push_back(it->second);
        continue;
      }
      for (ExprId operand : pool.operands(id))
        if (seen.insert(operand.index).second)
          stack.push_back(operand);
    }
    for (VarId v : vars)
      if (auto it = writer.find(v.index); it != writer.end())
        from.push_back(it->second);
    from.insert(from.end(), vertices.begin(), vertices.end());
    std::sort(from.begin(), from.end());
    from.erase(std::unique(from.begin(), from.end()), from.end());
  };
  std::vector<std::vector<size_t>> stepReads(steps.size());
  for (size_t i = 0; i < steps.size(); ++i)
    reads(steps[i].expr, false, stepReads[i]);
  readers.resize(calls.size());
  for (size_t i = 0; i < steps.size(); ++i)
    for (size_t from : stepReads[i])
      if (from >= steps.size())
        readers[from - steps.size()].push_back(i);
  std::vector<std::vector<size_t>> callReads(calls.size());
  std::vector<char> direct(calls.size(), 0);
  for (size_t c = 0; c < calls.size(); ++c) {
    reads(calls[c], true, callReads[c]);
    for (size_t reader : readers[c])
      direct[c] |= std::binary_search(callReads[c].begin(), callReads[c].end(), reader);
    direct[c] |= callReads[c].empty(); // no vertex: its readers may come first
  }
  users.resize(steps.size() + calls.size());
  pending.resize(steps.size() + calls.size(), 0);
  auto edge = [&](size_t from, size_t to) {
    if (from != to) {
      users[from].push_back(to);
      ++pending[to];
    }
  };
  std::vector<char> wired(calls.size(), 0);
  for (size_t i = 0; i < steps.size(); ++i) {
    std::vector<size_t> from;
    for (size_t f : stepReads[i]) {
      size_t c = f - steps.size();
      if (f >= steps.size() && !direct[c] && !wired[c]) { // at its first reader
        wired[c] = 1;
        for (size_t writer : callReads[c])
          edge(writer, f);
      }
      if (f < steps.size() || !direct[c])
        from.push_back(f);
      else
        from.insert(from.end(), callReads[f - steps.size()].begin(),
                    callReads[f - steps.size()].end());
    }
    std::sort(from.begin(), from.end());
    from.erase(std::unique(from.begin(), from.end()), from.end());
    for (size_t f : from)
      edge(f, i);
  }
  // Kahn's algorithm; a call vertex passes its readiness on at once, so
  // that the steps come in the order that direct edges gave them.
  std::vector<size_t> order;
  std::function<void(size_t)> ready = [&](size_t vertex) {
    if (vertex < steps.size()) {
      order.push_back(vertex);
      return;
    }
    for (size_t user : users[vertex])
      if (--pending[user] == 0)
        ready(user);
  };
  for (size_t i = 0; i < steps.size(); ++i)
    if (pending[i] == 0)
      order.push_back(i);
  for (size_t k = 0; k < order.size(); ++k)
    for (size_t user : users[order[k]])
      if (--pending[user] == 0)
        ready(user);
  if (order.size() != steps.size()) {
    for (size_t i = 0; i < steps.size(); ++i)
      if (pending[i] != 0 && model.var(steps[i].target).special == flat::SpecialKind::None &&
          !loopsThroughConditions) {
        diags.report(diag::DiscreteSelfDependency, model.var(steps[i].target).loc,
                     {model.nameOf(steps[i].target)});
        return false;
      }
    // A loop through a when-condition (when x > y then y = ...): the rest
    // in their given order; the event iteration settles them.
    for (size_t i = 0; i < steps.size(); ++i)
      if (pending[i] != 0)
        order.push_back(i);
  }
  std::vector<KernelStep> sorted;
  for (size_t i : order)
    sorted.push_back(steps[i]);
  steps = std::move(sorted);
  return true;
}

/// The variable of initial(), if the model uses it.
VarId initialVariable(const flat::FlatModel &model) {
  for (size_t i = 0; i < model.size(); ++i)
    if (model.variables[i].special == flat::SpecialKind::Initial)
      return VarId{static_cast<uint32_t>(i)};
  return {};
}

/// Whether a when-branch fires at initialization: its condition is
/// initial(), or a vector with initial() as an element (MLS 8.6: only these
/// forms enable it; `not initial()` or `initial() and b` do not). Its
/// assignments are then equations of the initialization problem
/// (addEventInitialization).
bool firesInitially(const flat::FlatModel &model, const flat::WhenBranch &branch, VarId initial) {
  if (!initial.valid())
    return false;
  for (ExprId c : branch.conditions)
    if (model.pool.variableOf(c) == initial)
      return true;
  return false;
}

/// The calls, asserts and terminate() of the when-branches that fire at
/// initialization, guarded by initial() and their conditions (the first
/// such branch of a clause wins), as steps of the assertion kernel.
void addInitialBranchEffects(flat::FlatModel &model, std::vector<KernelStep> &steps,
                             const SourceManager &sources) {
  VarId initial = initialVariable(model);
  if (!initial.valid())
    return;
  sym::ExprPool &pool = model.pool;
  for (const flat::WhenClause &clause : model.whenClauses) {
    ExprId earlier = pool.zero();
    for (const flat::WhenBranch &branch : clause.branches) {
      if (!firesInitially(model, branch, initial))
        continue;
      ExprId condition = pool.zero();
      for (ExprId c : branch.conditions)
        condition = pool.binary(OpKind::Or, condition, c);
      ExprId fires =
          pool.binary(OpKind::And, pool.variable(initial),
                      pool.binary(OpKind::And, condition, pool.unary(OpKind::Not, earlier)));
      earlier = pool.binary(OpKind::Or, earlier, fires);
      for (const flat::CallEffect &call : branch.calls)
        steps.push_back({KernelStep::Kind::Call, {}, pool.ifElse(fires, call.call, pool.zero())});
      for (const flat::Assertion &a : branch.asserts)
        steps.push_back({KernelStep::Kind::Assert,
                         {},
                         pool.binary(OpKind::Or, pool.unary(OpKind::Not, fires), a.condition),
                         located(a.message, a.loc, sources),
                         a.level});
      for (const auto &message : branch.terminates)
        steps.push_back({KernelStep::Kind::Terminate, {}, fires, message, 1});
    }
  }
}

} // namespace

EventSystem prepareEvents(flat::FlatModel &model) {
  EventSystem events;
  RelationHolder holder(model, events);
  for (flat::Equation &eq : model.equations) {
    eq.lhs = holder.rewrite(eq.lhs, false);
    eq.rhs = holder.rewrite(eq.rhs, false);
  }
  // An assert's condition is not: asserts are checked at the output points
  // and events (as OpenModelica and Dymola do), not located by crossings,
  // which would add an event per assert and report a violation that lasts
  // a fraction of a step (a tolerance-sized energy balance error).
  // A when-condition that compares continuous variables is held too: its
  // crossing function locates the event.
  for (flat::WhenClause &clause : model.whenClauses)
    for (flat::WhenBranch &branch : clause.branches)
      for (ExprId &condition : branch.conditions)
        condition = holder.rewrite(condition, false);
  // The flag of the repeats of `update` within a round, if an assignment of
  // a when-branch calls an impure function (a random number generator's
  // state must advance once per event, not once per repeat).
  for (const flat::WhenClause &clause : model.whenClauses)
    for (const flat::WhenBranch &branch : clause.branches)
      for (const flat::Equation &a : branch.assignments)
        if (callsImpure(model, a.rhs))
          model.specialVariable(flat::SpecialKind::Repeat);
  for (size_t c = 0; c < model.whenClauses.size(); ++c) {
    events.conditions.emplace_back();
    for (size_t b = 0; b < model.whenClauses[c].branches.size(); ++b) {
      events.conditions.back().emplace_back();
      for (size_t j = 0; j < model.whenClauses[c].branches[b].conditions.size(); ++j) {
        std::string name = "$cond" + std::to_string(c) + "." + std::to_string(b) + "." +
                           std::to_string(j);
        VarId slot = model.addVariable(hiddenVariable(name, flat::SpecialKind::Condition,
                                                      flat::TypeKind::Boolean));
        model.preOf(slot);
        events.conditions.back().back().push_back(slot);
      }
    }
  }
  for (size_t k = 0; k < model.samples.size(); ++k) {
    VarId times[2];
    for (int i = 0; i < 2; ++i) {
      flat::Variable p = hiddenVariable("$sample" + std::to_string(k) + (i ? ".interval" : ".start"),
                                        flat::SpecialKind::None, flat::TypeKind::Real);
      p.variability = flat::VariabilityKind::Parameter;
      p.binding = i ? model.samples[k].interval : model.samples[k].start;
      times[i] = model.addVariable(std::move(p));
    }
    events.sampleTimes.push_back({times[0], times[1]});
  }
  // Relations of time and an expression that changes only at events are
  // time events, at the instant where time equals the other side: fixed
  // when the expression has parameters alone, moving when it reads discrete
  // variables or pre() values (the MSL's tables: time >= pre(nextTimeEvent)).
  enum class Instant { Fixed, Moving, None };
  sym::ExprPool &pool = model.pool;
  auto kindOf = [&](ExprId e) {
    Instant kind = Instant::Fixed;
    ExprId roots[] = {e};
    sym::forEachNode(pool, roots, [&](ExprId id) {
      if (pool.op(id) == OpKind::Time)
        kind = Instant::None;
      VarId v = pool.variableOf(id);
      if (!v.valid() || kind == Instant::None)
        return;
      switch (model.var(v).variability) {
      case flat::VariabilityKind::Parameter:
      case flat::VariabilityKind::Constant: break;
      case flat::VariabilityKind::Discrete: kind = Instant::Moving; break;
      case flat::VariabilityKind::Continuous: kind = Instant::None; break;
      }
    });
    return kind;
  };
  for (EventRelation &r : events.relations) {
    ExprId a = pool.operand(r.relation, 0), b = pool.operand(r.relation, 1);
    ExprId instant = pool.op(a) == OpKind::Time ? b : pool.op(b) == OpKind::Time ? a : ExprId{};
    Instant kind = instant.valid() ? kindOf(instant) : Instant::None;
    if (kind == Instant::None)
      continue;
    VarId slots[3];
    for (int i = 0; i < 3; ++i) {
      static const char *const parts[] = {".flag", ".start", ".interval"};
      std::string name = "$time" + std::to_string(events.timeEvents.size()) + parts[i];
      flat::Variable v =
          hiddenVariable(std::move(name),
                         i == 0 ? flat::SpecialKind::Sample
                         : i == 1 && kind == Instant::Moving ? flat::SpecialKind::Relation
                                                             : flat::SpecialKind::None,
                         flat::TypeKind::Real);
      if (i == 2 || (i == 1 && kind == Instant::Fixed)) {
        v.variability = flat::VariabilityKind::Parameter;
        v.binding = i == 1 ? instant : pool.constant(1e300); // one tick
      }
      slots[i] = model.addVariable(std::move(v));
    }
    r.clock = static_cast<int32_t>(events.timeEvents.size());
    events.timeEvents.push_back(
        {slots[0], slots[1], slots[2], kind == Instant::Moving ? instant : ExprId{}});
  }
  // Every variable assigned by a when-clause, and every relation, has a pre.
  auto assigned = model.assignedInWhen();
  for (size_t i = 0; i < assigned.size(); ++i)
    if (assigned[i])
      model.preOf(VarId{static_cast<uint32_t>(i)});
  for (const EventRelation &r : events.relations)
    model.preOf(r.slot);
  return events;
}

bool substituteAliases(flat::FlatModel &model, EventSystem &events, const AliasElimination &aliases,
                       Diagnostics &diags) {
  sym::ExprPool &pool = model.pool;
  auto apply = [&](ExprId &e) {
    if (e.valid())
      e = aliases.apply(pool, e);
  };
  auto applyMessage = [&](std::vector<flat::MessagePart> &message) {
    for (flat::MessagePart &part : message)
      apply(part.value);
  };
  for (EventRelation &r : events.relations) {
    apply(r.relation);
    apply(r.crossing);
  }
  for (TimeEvent &clock : events.timeEvents)
    apply(clock.moving);
  for (flat::Assertion &a : model.assertions) {
    apply(a.condition);
    applyMessage(a.message);
  }
  for (flat::CallEffect &c : model.calls)
    apply(c.call);
  for (flat::WhenClause &clause : model.whenClauses)
    for (flat::WhenBranch &branch : clause.branches) {
      for (ExprId &c : branch.conditions)
        apply(c);
      for (flat::Equation &a : branch.assignments)
        apply(a.rhs);
      for (flat::CallEffect &c : branch.calls)
        apply(c.call);
      for (flat::Assertion &a : branch.asserts) {
        apply(a.condition);
        applyMessage(a.message);
      }
      for (auto &message : branch.terminates)
        applyMessage(message);
      for (auto &[x, value] : branch.reinits) {
        apply(value);
        if (!aliases.isEliminated(x))
          continue;
        // x = w or x = -w: reinitialize w.
        ExprId target = aliases.apply(pool, pool.variable(x));
        bool negated = pool.op(target) == OpKind::Neg;
        VarId w = pool.variableOf(negated ? pool.operand(target, 0) : target);
        if (!w.valid()) {
          diags.report(diag::ReinitOfAlias, branch.loc, {model.nameOf(x), model.print(target)});

          return false;
        }
        x = w;
        if (negated)
          value = pool.neg(value);
      }
    }
  return true;
}

bool planEvents(flat::FlatModel &model, const EventSystem &events, SimulationPlan &plan,
                Diagnostics &diags) {
  sym::ExprPool &pool = model.pool;
  EventPlan &ev = plan.events;
  KernelSpec crossings{"mocc_zero_crossings", {}, false};
  for (const EventRelation &r : events.relations)
    if (r.clock < 0)
      crossings.steps.push_back({KernelStep::Kind::Residual, {}, crossingWithHysteresis(pool, r)});
  if (!crossings.steps.empty()) {
    ev.zeroCrossings = crossings.name;
    ev.numZeroCrossings = static_cast<int32_t>(crossings.steps.size());
    plan.kernels.push_back(std::move(crossings));
  }
  // One event iteration: relations, conditions and the assignments of the
  // when-clauses in the order of their dependencies (a condition such as
  // change(b) comes after the assignment of b); then, in a kernel of their
  // own, reinit(), the calls, the asserts and terminate() of the clauses.
  KernelSpec update{"mocc_event_update", {}, false};
  std::vector<KernelStep> assignments, reinits, others;
  for (const EventRelation &r : events.relations)
    assignments.push_back({KernelStep::Kind::Assign, r.slot, valueAfter(pool, r)});
  std::map<uint32_t, ExprId> assignedValue; // the chain of branches per variable
  for (size_t c = 0; c < model.whenClauses.size(); ++c) {
    const flat::WhenClause &clause = model.whenClauses[c];
    ExprId earlier = pool.zero(); // an earlier branch of the clause fired
    std::map<uint32_t, ExprId> value;
    std::map<uint32_t, SourceRange> where;
    for (size_t b = 0; b < clause.branches.size(); ++b) {
      const flat::WhenBranch &branch = clause.branches[b];
      const auto &slots = events.conditions[c][b];
      for (size_t j = 0; j < slots.size(); ++j)
        assignments.push_back({KernelStep::Kind::Assign, slots[j], branch.conditions[j]});
      ExprId fires = pool.binary(OpKind::And, risingEdge(model, slots), pool.unary(OpKind::Not, earlier));
      earlier = pool.binary(OpKind::Or, earlier, fires);
      for (const flat::Equation &a : branch.assignments) {
        VarId v = pool.variableOf(a.lhs);
        ExprId old = value.count(v.index) ? value[v.index] : pool.variable(v);
        value[v.index] = pool.ifElse(fires, a.rhs, old);
        where[v.index] = a.loc;
      }
      for (const auto &[x, e] : branch.reinits)
        reinits.push_back({KernelStep::Kind::Assign, x, pool.ifElse(fires, e, pool.variable(x))});
      for (const flat::CallEffect &call : branch.calls)
        others.push_back({KernelStep::Kind::Call, {}, pool.ifElse(fires, call.call, pool.zero())});
      for (const flat::Assertion &a : branch.asserts)
        others.push_back({KernelStep::Kind::Assert, {},
                          pool.binary(OpKind::Or, pool.unary(OpKind::Not, fires), a.condition),
                          located(a.message, a.loc, diags.sources()), a.level});
      for (const auto &message : branch.terminates)
        others.push_back({KernelStep::Kind::Terminate, {}, fires, message, 1});
    }
    for (auto [v, e] : value) {
      // Held while the runtime repeats `update` within a round: the call
      // runs once per round.
      if (callsImpure(model, e))
        e = pool.ifElse(pool.variable(model.specialVariable(flat::SpecialKind::Repeat)),
                        pool.variable(VarId{v}), e);
      assignments.push_back({KernelStep::Kind::Assign, VarId{v}, e, {}, 1, where[v]});
    }
  }
  // The instants of the moving time events, after what they read.
  for (const TimeEvent &clock : events.timeEvents)
    if (clock.moving.valid())
      assignments.push_back({KernelStep::Kind::Assign, clock.start, clock.moving});
  std::vector<KernelStep> whenAssignments;
  for (const KernelStep &step : assignments)
    if (model.var(step.target).special == flat::SpecialKind::None)
      whenAssignments.push_back(step);
  if (!orderAssignments(model, whenAssignments, diags) ||
      !orderAssignments(model, assignments, diags, true))
    return false;
  // The relations again, alone, for the rounds of the event iteration that
  // settle them with the continuous equations (rt::EventModel::relations).
  KernelSpec relations{"mocc_relations", {}, false};
  std::set<uint32_t> relationSlots;
  for (const EventRelation &r : events.relations)
    relationSlots.insert(r.slot.index);
  for (const KernelStep &step : assignments)
    if (relationSlots.count(step.target.index)) {
      relations.steps.push_back(step);
      ev.relationSlots.push_back(static_cast<int32_t>(step.target.index));
    }
  if (!relations.steps.empty()) {
    ev.relations = relations.name;
    plan.kernels.push_back(std::move(relations));
  }
  update.steps.insert(update.steps.end(), assignments.begin(), assignments.end());
  if (!update.steps.empty()) {
    ev.update = update.name;
    plan.kernels.push_back(std::move(update));
  }
  // What must happen once per round: the runtime repeats `update` within a
  // round until the discrete values agree with the continuous ones
  // (rt::EventModel::effects), and a reinit(v, -e*v) applied twice would
  // be applied to its own result.
  KernelSpec effects{"mocc_event_effects", {}, false};
  effects.steps.insert(effects.steps.end(), reinits.begin(), reinits.end());
  effects.steps.insert(effects.steps.end(), others.begin(), others.end());
  if (!effects.steps.empty()) {
    ev.effects = effects.name;
    plan.kernels.push_back(std::move(effects));
  }
  // The assertions and the calls outside when-clauses, checked and run at
  // every output point and around events; the runtime also runs them once
  // at the end of the initial event iteration, with initial() = 1: then the
  // calls of initial algorithms and equations (guarded by initial()) run,
  // and so do the calls, asserts and terminate() of the when-branches that
  // fire at initialization, which no rising edge of the event iteration
  // reaches.
  KernelSpec asserts{"mocc_assertions", {}, false};
  for (const flat::CallEffect &call : model.calls)
    asserts.steps.push_back({KernelStep::Kind::Call, {}, call.call});
  for (const flat::Assertion &a : model.assertions)
    asserts.steps.push_back({KernelStep::Kind::Assert,
                             {},
                             a.condition,
                             located(a.message, a.loc, diags.sources()),
                             a.level});
  addInitialBranchEffects(model, asserts.steps, diags.sources());
  if (!asserts.steps.empty()) {
    ev.assertions = asserts.name;
    plan.kernels.push_back(std::move(asserts));
  }
  for (size_t i = 0; i < model.size(); ++i)
    if (model.variables[i].special == flat::SpecialKind::Pre) {
      ev.preSlot.push_back(static_cast<int32_t>(i));
      ev.valueSlot.push_back(static_cast<int32_t>(model.variables[i].preOf.index));
    }
  for (size_t k = 0; k < model.samples.size(); ++k)
    ev.samples.push_back({static_cast<int32_t>(model.samples[k].flag.index),
                          static_cast<int32_t>(events.sampleTimes[k].first.index),
                          static_cast<int32_t>(events.sampleTimes[k].second.index)});
  for (const TimeEvent &clock : events.timeEvents)
    ev.samples.push_back({static_cast<int32_t>(clock.flag.index), static_cast<int32_t>(clock.start.index),
                          static_cast<int32_t>(clock.interval.index), true, clock.moving.valid()});
  for (size_t i = 0; i < model.size(); ++i) {
    if (model.variables[i].special == flat::SpecialKind::Initial)
      ev.initialSlot = static_cast<int32_t>(i);
    if (model.variables[i].special == flat::SpecialKind::Terminal)
      ev.terminalSlot = static_cast<int32_t>(i);
    if (model.variables[i].special == flat::SpecialKind::Repeat)
      ev.repeatSlot = static_cast<int32_t>(i);
    if (model.variables[i].special == flat::SpecialKind::Homotopy)
      ev.homotopySlot = static_cast<int32_t>(i);
  }
  return true;
}

void addEventInitialization(const flat::FlatModel &model, const EventSystem &events,
                            EquationSystem &system, const std::vector<char> &heldAtStart) {
  sym::ExprPool &pool = const_cast<sym::ExprPool &>(model.pool);
  auto addUnknown = [&](VarId v, ExprId value, SourceRange loc) {
    system.unknowns.push_back(v);
    system.equations.push_back({pool.variable(v), value, loc, flat::EquationOriginKind::Initial, 0});
  };
  // Relations and conditions take their initial values, and so do their
  // pre(): a condition that is true from the start has no rising edge.
  for (const EventRelation &r : events.relations) {
    if (r.slot.index >= heldAtStart.size() || !heldAtStart[r.slot.index])
      addUnknown(r.slot, r.relation, {});
    addUnknown(model.var(r.slot).pre, pool.variable(r.slot), {});
  }
  for (size_t c = 0; c < model.whenClauses.size(); ++c)
    for (size_t b = 0; b < model.whenClauses[c].branches.size(); ++b)
      for (size_t j = 0; j < events.conditions[c][b].size(); ++j) {
        VarId slot = events.conditions[c][b][j];
        SourceRange loc = model.whenClauses[c].branches[b].loc;
        addUnknown(slot, model.whenClauses[c].branches[b].conditions[j], loc);
        addUnknown(model.var(slot).pre, pool.variable(slot), loc);
      }
  // A when-clause that fires at initial() gives its equations; any other
  // keeps v = pre(v). Where an initial equation gives v, pre(v) is unknown.
  std::vector<char> givenInitially(model.size(), 0);
  for (const flat::Equation &eq : model.initialEquations)
    for (ExprId side : {eq.lhs, eq.rhs})
      for (VarId v : sym::variablesOf(model.pool, side))
        givenInitially[v.index] = 1;
  VarId initial = initialVariable(model);
  std::map<uint32_t, ExprId> value;
  std::map<uint32_t, SourceRange> where;
  for (const flat::WhenClause &clause : model.whenClauses)
    for (const flat::WhenBranch &branch : clause.branches)
      for (const flat::Equation &a : branch.assignments) {
        VarId v = pool.variableOf(a.lhs);
        where[v.index] = a.loc;
        if (firesInitially(model, branch, initial))
          value[v.index] = a.rhs;
        else if (!value.count(v.index))
          value[v.index] = pool.variable(model.var(v).pre);
      }
  for (const auto &[index, rhs] : value) {
    VarId v{index};
    addUnknown(v, rhs, where[index]);
    if (givenInitially[index] || givenInitially[model.var(v).pre.index])
      system.unknowns.push_back(model.var(v).pre); // determined through v = pre(v)
  }
  // pre(v) of a variable that no when-clause assigns starts at v.start,
  // unless an initial equation gives it (MultiSwitch: pre(u) = fill(false, nu)).
  for (size_t i = 0; i < model.size(); ++i) {
    const flat::Variable &p = model.variables[i];
    if (p.special != flat::SpecialKind::Pre || !givenInitially[i] || value.count(p.preOf.index) ||
        model.var(p.preOf).special != flat::SpecialKind::None)
      continue;
    system.unknowns.push_back(VarId{static_cast<uint32_t>(i)});
  }
}

} // namespace mocc::causalize
