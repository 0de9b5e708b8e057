// Implementation of symbolic differentiation: forward propagation of
// derivatives over the nodes of the DAG in post-order, with the usual rules
// of calculus for each operation.
#include "compiler/symbolic/Differentiate.h"

#include <cmath>
#include <unordered_map>
#include <vector>

namespace mocc::sym {

namespace {

/// The derivative of one node from its operands and their derivatives.
struct Rules {
  ExprPool &pool;

  ExprId c(double value) { return pool.constant(value); }
  ExprId u(OpKind op, ExprId a) { return pool.unary(op, a); }

  ExprId unaryRule(OpKind op, ExprId self, ExprId a, ExprId da) {
    switch (op) {
    case OpKind::Neg: return pool.neg(da);
    case OpKind::Sin: return pool.mul(u(OpKind::Cos, a), da);
    case OpKind::Cos: return pool.neg(pool.mul(u(OpKind::Sin, a), da));
    case OpKind::Tan: return pool.div(da, pool.pow(u(OpKind::Cos, a), c(2)));
    case OpKind::Asin:
      return pool.div(da, u(OpKind::Sqrt, pool.sub(c(1), pool.pow(a, c(2)))));
    case OpKind::Acos:
      return pool.neg(pool.div(da, u(OpKind::Sqrt, pool.sub(c(1), pool.pow(a, c(2))))));
    case OpKind::Atan: return pool.div(da, pool.add(c(1), pool.pow(a, c(2))));
    case OpKind::Sinh: return pool.mul(u(OpKind::Cosh, a), da);
    case OpKind::Cosh: return pool.mul(u(OpKind::Sinh, a), da);
    case OpKind::Tanh: return pool.mul(pool.sub(c(1), pool.pow(self, c(2))), da);
    case OpKind::Exp: return pool.mul(self, da);
    case OpKind::Log: return pool.div(da, a);
    case OpKind::Log10: return pool.div(da, pool.mul(a, c(std::log(10.0))));
    case OpKind::Sqrt: return pool.div(da, pool.mul(c(2), self));
    case OpKind::Abs: return pool.mul(u(OpKind::Sign, a), da);
    case OpKind::NoEvent: return u(OpKind::NoEvent, da);
    default: // Sign, Floor, Ceil, Not: piecewise constant
      return pool.zero();
    }
  }

  ExprId powRule(ExprId self, ExprId a, ExprId b, ExprId da, ExprId db) {
    if (auto exponent = pool.constantValue(b))
      return pool.mul(pool.mul(b, pool.pow(a, c(*exponent - 1))), da);
    // d(a^b) = a^b * (db * log(a) + b * da / a)
    ExprId term1 = pool.mul(db, u(OpKind::Log, a));
    ExprId term2 = pool.div(pool.mul(b, da), a);
    return pool.mul(self, pool.add(term1, term2));
  }

  ExprId binaryRule(OpKind op, ExprId self, ExprId a, ExprId b, ExprId da, ExprId db) {
    switch (op) {
    case OpKind::Add: return pool.add(da, db);
    case OpKind::Sub: return pool.sub(da, db);
    case OpKind::Mul: return pool.add(pool.mul(da, b), pool.mul(a, db));
    case OpKind::Div:
      // d(a/b) = da/b - a*db/b^2
      return pool.sub(pool.div(da, b), pool.div(pool.mul(a, db), pool.pow(b, c(2))));
    case OpKind::Pow: return powRule(self, a, b, da, db);
    case OpKind::Atan2:
      return pool.div(pool.sub(pool.mul(b, da), pool.mul(a, db)),
                      pool.add(pool.pow(a, c(2)), pool.pow(b, c(2))));
    case OpKind::Min:
      return pool.ifElse(pool.binary(OpKind::Less, a, b), da, db);
    case OpKind::Max:
      return pool.ifElse(pool.binary(OpKind::Greater, a, b), da, db);
    case OpKind::Mod:
      return pool.sub(da, pool.mul(u(OpKind::Floor, pool.div(a, b)), db));
    case OpKind::Rem:
      return pool.sub(da, pool.mul(pool.binary(OpKind::IntDiv, a, b), db));
    default: // relations, logic, IntDiv: piecewise constant
      return pool.zero();
    }
  }
};

} // namespace

ExprId differentiate(ExprPool &pool, ExprId expr, const LeafDerivativeFn &leafDerivative) {
  std::vector<ExprId> order;
  ExprId roots[] = {expr};
  forEachNode(pool, roots, [&](ExprId id) { order.push_back(id); });
  std::unordered_map<uint32_t, ExprId> derivative;
  Rules rules{pool};
  for (ExprId id : order) {
    const Node n = pool.node(id);
    ExprId d;
    switch (n.op) {
    case OpKind::Constant:
      d = pool.zero();
      break;
    case OpKind::Variable:
    case OpKind::Time:
    case OpKind::Output:
    case OpKind::Load:
      d = leafDerivative(id);
      break;
    case OpKind::Call:
      d = pool.zero(); // only reached through Output nodes
      break;
    case OpKind::Sign: case OpKind::Floor: case OpKind::Ceil: case OpKind::IntDiv:
    case OpKind::Less: case OpKind::LessEq: case OpKind::Greater:
    case OpKind::GreaterEq: case OpKind::Equal: case OpKind::NotEqual:
    case OpKind::And: case OpKind::Or: case OpKind::Not:
      d = pool.zero(); // piecewise constant
      break;
    case OpKind::Delay: {
      // The delayed value does not depend on the current values of its
      // operands: its partial derivatives are zero. Its time derivative,
      // delay(der(a), b) * (1 - der(b)), would need a history of der(a):
      // not supported (the result is invalid).
      auto ops = pool.operands(id);
      bool constant = true;
      for (ExprId op : ops)
        constant = constant && derivative[op.index] == pool.zero();
      if (constant)
        d = pool.zero();
      break;
    }
    case OpKind::IfElse: {
      ExprId dt = derivative[pool.operand(id, 1).index];
      ExprId de = derivative[pool.operand(id, 2).index];
      if (dt.valid() && de.valid())
        d = pool.ifElse(pool.operand(id, 0), dt, de);
      break;
    }
    case OpKind::Smooth: {
      ExprId da = derivative[pool.operand(id, 0).index];
      // smooth(p, e) promises p continuous derivatives; its derivative
      // keeps p - 1 of them, and smooth(0, e) promises nothing about da.
      if (da.valid())
        d = n.payload.index > 0 ? pool.smooth(n.payload.index - 1, da) : da;
      break;
    }
    default: {
      auto ops = pool.operands(id);
      ExprId da = derivative[ops[0].index];
      if (ops.size() == 1) {
        if (da.valid())
          d = rules.unaryRule(n.op, id, ops[0], da);
      } else {
        ExprId db = derivative[ops[1].index];
        if (da.valid() && db.valid())
          d = rules.binaryRule(n.op, id, ops[0], ops[1], da, db);
      }
    }
    }
    if (!d.valid())
      return {};
    derivative[id.index] = d;
  }
  return derivative[expr.index];
}

ExprId partialDerivative(ExprPool &pool, ExprId expr, VarId var) {
  return differentiate(pool, expr, [&](ExprId leaf) -> ExprId {
    if (pool.op(leaf) == OpKind::Time)
      return pool.zero();
    if (pool.op(leaf) == OpKind::Variable)
      return pool.variableOf(leaf) == var ? pool.one() : pool.zero();
    return ExprId{};
  });
}

} // namespace mocc::sym
