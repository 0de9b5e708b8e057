// Walks over the AST: every expression node below an expression, an
// equation or a statement, in source order (parents before children).
// Used where a phase needs all uses of a name in a body, such as the range
// of a for-index deduced from the subscripts it appears in.
#pragma once

#include "compiler/ast/AST.h"

#include <functional>

namespace mocc::ast {

using ExprVisitor = std::function<void(const Expr &)>;

/// Visits `e` and every expression inside it.
void forEachExpr(const Expr &e, const ExprVisitor &visit);
/// Visits every expression of an equation (and of the equations inside it).
void forEachExpr(const Equation &eq, const ExprVisitor &visit);
/// Visits every expression of a statement (and of the statements inside it).
void forEachExpr(const Statement &s, const ExprVisitor &visit);

} // namespace mocc::ast
