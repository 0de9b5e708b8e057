// Implementation of the AST walks of Walk.h.
#include "compiler/ast/Walk.h"

namespace mocc::ast {

namespace {

void visitRef(const RefExpr &ref, const ExprVisitor &visit) {
  for (const RefPart &part : ref.parts)
    for (const auto &s : part.subscripts)
      forEachExpr(*s, visit);
}

void visitIndices(const std::vector<ForIndex> &indices, const ExprVisitor &visit) {
  for (const ForIndex &index : indices)
    if (index.range)
      forEachExpr(*index.range, visit);
}

} // namespace

void forEachExpr(const Expr &e, const ExprVisitor &visit) {
  visit(e);
  auto sub = [&](const ExprPtr &p) {
    if (p)
      forEachExpr(*p, visit);
  };
  switch (e.kind) {
  case ExprKind::Ref:
    visitRef(cast<RefExpr>(e), visit);
    break;
  case ExprKind::Call: {
    const auto &c = cast<CallExpr>(e);
    visitRef(*c.callee, visit);
    for (const auto &a : c.args)
      sub(a);
    for (const auto &a : c.namedArgs)
      sub(a.value);
    visitIndices(c.iterators, visit);
    break;
  }
  case ExprKind::Unary:
    sub(cast<UnaryExpr>(e).operand);
    break;
  case ExprKind::Binary:
    sub(cast<BinaryExpr>(e).lhs);
    sub(cast<BinaryExpr>(e).rhs);
    break;
  case ExprKind::If:
    for (const auto &b : cast<IfExpr>(e).branches) {
      sub(b.condition);
      sub(b.value);
    }
    sub(cast<IfExpr>(e).elseValue);
    break;
  case ExprKind::Range:
    sub(cast<RangeExpr>(e).start);
    sub(cast<RangeExpr>(e).step);
    sub(cast<RangeExpr>(e).stop);
    break;
  case ExprKind::Array:
    for (const auto &x : cast<ArrayExpr>(e).elements)
      sub(x);
    break;
  case ExprKind::Comprehension:
    sub(cast<ComprehensionExpr>(e).body);
    visitIndices(cast<ComprehensionExpr>(e).iterators, visit);
    break;
  case ExprKind::Matrix:
    for (const auto &row : cast<MatrixExpr>(e).rows)
      for (const auto &x : row)
        sub(x);
    break;
  case ExprKind::Tuple:
    for (const auto &x : cast<TupleExpr>(e).elements)
      sub(x);
    break;
  case ExprKind::PartialApp:
    for (const auto &a : cast<PartialAppExpr>(e).namedArgs)
      sub(a.value);
    break;
  default:
    break;
  }
}

void forEachExpr(const Equation &eq, const ExprVisitor &visit) {
  auto sub = [&](const ExprPtr &p) {
    if (p)
      forEachExpr(*p, visit);
  };
  auto body = [&](const std::vector<EquationPtr> &equations) {
    for (const auto &x : equations)
      forEachExpr(*x, visit);
  };
  switch (eq.kind) {
  case EquationKind::Simple:
    sub(cast<SimpleEquation>(eq).lhs);
    sub(cast<SimpleEquation>(eq).rhs);
    break;
  case EquationKind::If:
    for (const auto &b : cast<IfEquation>(eq).branches) {
      sub(b.condition);
      body(b.body);
    }
    break;
  case EquationKind::For:
    visitIndices(cast<ForEquation>(eq).indices, visit);
    body(cast<ForEquation>(eq).body);
    break;
  case EquationKind::Connect:
    forEachExpr(*cast<ConnectEquation>(eq).a, visit);
    forEachExpr(*cast<ConnectEquation>(eq).b, visit);
    break;
  case EquationKind::When:
    for (const auto &b : cast<WhenEquation>(eq).branches) {
      sub(b.condition);
      body(b.body);
    }
    break;
  case EquationKind::Call:
    forEachExpr(*cast<CallEquation>(eq).call, visit);
    break;
  }
}

void forEachExpr(const Statement &s, const ExprVisitor &visit) {
  auto sub = [&](const ExprPtr &p) {
    if (p)
      forEachExpr(*p, visit);
  };
  auto body = [&](const std::vector<StatementPtr> &statements) {
    for (const auto &x : statements)
      forEachExpr(*x, visit);
  };
  switch (s.kind) {
  case StatementKind::Assign:
    forEachExpr(*cast<AssignStatement>(s).target, visit);
    sub(cast<AssignStatement>(s).value);
    break;
  case StatementKind::Call:
    forEachExpr(*cast<CallStatement>(s).call, visit);
    break;
  case StatementKind::TupleAssign:
    for (const auto &t : cast<TupleAssignStatement>(s).targets)
      sub(t);
    forEachExpr(*cast<TupleAssignStatement>(s).call, visit);
    break;
  case StatementKind::If:
    for (const auto &b : cast<IfStatement>(s).branches) {
      sub(b.condition);
      body(b.body);
    }
    break;
  case StatementKind::For:
    visitIndices(cast<ForStatement>(s).indices, visit);
    body(cast<ForStatement>(s).body);
    break;
  case StatementKind::While:
    sub(cast<WhileStatement>(s).condition);
    body(cast<WhileStatement>(s).body);
    break;
  case StatementKind::When:
    for (const auto &b : cast<WhenStatement>(s).branches) {
      sub(b.condition);
      body(b.body);
    }
    break;
  default:
    break;
  }
}

} // namespace mocc::ast
