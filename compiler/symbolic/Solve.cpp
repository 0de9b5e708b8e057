// Implementation of linear solving: a memoized post-order walk that splits
// every node into coefficient * var + rest, failing at the first node that
// is not linear in the variable.
#include "compiler/symbolic/Solve.h"

#include <memory>
#include <vector>

namespace mocc::sym {

bool contains(const ExprPool &pool, ExprId expr, VarId var) {
  // A variable is one node (hash-consed); without one, nothing holds it.
  ExprId node = pool.variableNode(var);
  return node.valid() && reaches(pool, expr, node);
}

namespace {

/// Per node, whether it contains var and its form, reused from one run to
/// the next: a run reads only the entries of the nodes it visits, after
/// writing them (in post-order), so stale ones never need clearing.
struct LinearizerScratch {
  std::vector<char> depends;
  std::vector<LinearForm> forms;
};
thread_local std::vector<std::unique_ptr<LinearizerScratch>> linearizerScratch;
thread_local size_t linearizerDepth = 0;

/// Splits each node; `depends` tells whether the node contains var.
struct Linearizer {
  ExprPool &pool;
  VarId var;
  std::vector<char> &depends;
  std::vector<LinearForm> &forms;

  std::optional<LinearForm> combine(ExprId id) {
    // A copy: the pool grows below, which may move the operand storage.
    auto view = pool.operands(id);
    std::vector<ExprId> ops(view.begin(), view.end());
    auto form = [&](unsigned i) { return forms[ops[i].index]; };
    auto dep = [&](unsigned i) { return depends[ops[i].index] != 0; };
    switch (pool.op(id)) {
    case OpKind::Neg:
      return LinearForm{pool.neg(form(0).coefficient), pool.neg(form(0).rest)};
    case OpKind::Add:
      return LinearForm{pool.add(form(0).coefficient, form(1).coefficient),
                        pool.add(form(0).rest, form(1).rest)};
    case OpKind::Sub:
      return LinearForm{pool.sub(form(0).coefficient, form(1).coefficient),
                        pool.sub(form(0).rest, form(1).rest)};
    case OpKind::Mul:
      if (!dep(0))
        return LinearForm{pool.mul(ops[0], form(1).coefficient), pool.mul(ops[0], form(1).rest)};
      if (!dep(1))
        return LinearForm{pool.mul(form(0).coefficient, ops[1]), pool.mul(form(0).rest, ops[1])};
      return std::nullopt;
    case OpKind::Div:
      if (dep(1))
        return std::nullopt;
      return LinearForm{pool.div(form(0).coefficient, ops[1]), pool.div(form(0).rest, ops[1])};
    case OpKind::NoEvent:
      return LinearForm{form(0).coefficient, pool.unary(OpKind::NoEvent, form(0).rest)};
    case OpKind::Smooth:
      return LinearForm{form(0).coefficient, pool.smooth(pool.node(id).payload.index, form(0).rest)};
    case OpKind::IfElse: {
      // Linear in each branch, the condition free of var: the branches'
      // coefficients and rests, selected by the condition (LightningImpulse's
      // 0 = if time < t0 then der(v) else der(v) - f(time)).
      if (dep(0))
        return std::nullopt;
      LinearForm a = form(1), b = form(2);
      return LinearForm{pool.ifElse(ops[0], a.coefficient, b.coefficient),
                        pool.ifElse(ops[0], a.rest, b.rest)};
    }
    default:
      return std::nullopt;
    }
  }

  std::optional<LinearForm> run(ExprId expr) {
    std::vector<ExprId> order;
    ExprId roots[] = {expr};
    forEachNode(pool, roots, [&](ExprId id) { order.push_back(id); });
    for (ExprId id : order) {
      bool dep = pool.op(id) == OpKind::Variable && pool.variableOf(id) == var;
      for (ExprId op : pool.operands(id))
        dep |= depends[op.index];
      depends[id.index] = dep;
      if (!dep) {
        forms[id.index] = {pool.zero(), id};
        continue;
      }
      if (pool.op(id) == OpKind::Variable) {
        forms[id.index] = {pool.one(), pool.zero()};
        continue;
      }
      auto form = combine(id);
      if (!form)
        return std::nullopt;
      forms[id.index] = *form;
    }
    return forms[expr.index];
  }
};

} // namespace

std::optional<LinearForm> linearForm(ExprPool &pool, ExprId expr, VarId var) {
  if (linearizerScratch.size() <= linearizerDepth)
    linearizerScratch.push_back(std::make_unique<LinearizerScratch>());
  LinearizerScratch &scratch = *linearizerScratch[linearizerDepth];
  struct Nesting {
    Nesting() { ++linearizerDepth; }
    ~Nesting() { --linearizerDepth; }
  } nesting;
  if (scratch.depends.size() < pool.size()) {
    scratch.depends.resize(pool.size());
    scratch.forms.resize(pool.size());
  }
  Linearizer linearizer{pool, var, scratch.depends, scratch.forms};
  return linearizer.run(expr);
}

std::optional<ExprId> solveLinear(ExprPool &pool, ExprId lhs, ExprId rhs, VarId var) {
  // lhs = cl*var + rl and rhs = cr*var + rr give var = (rr - rl) / (cl - cr).
  auto l = linearForm(pool, lhs, var);
  if (!l)
    return std::nullopt;
  auto r = linearForm(pool, rhs, var);
  if (!r)
    return std::nullopt;
  ExprId coefficient = pool.sub(l->coefficient, r->coefficient);
  if (pool.isConstant(coefficient, 0.0))
    return std::nullopt;
  return pool.div(pool.sub(r->rest, l->rest), coefficient);
}

} // namespace mocc::sym
