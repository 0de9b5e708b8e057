// Solving one equation for one variable symbolically, when the equation is
// linear in that variable: the basis of causalization (turning `m*der(v) = F`
// into the assignment `der(v) := F/m`).
#pragma once

#include "compiler/symbolic/Expr.h"

#include <optional>

namespace mocc::sym {

/// A decomposition expr = coefficient * var + rest, where neither
/// coefficient nor rest contains var.
struct LinearForm {
  ExprId coefficient;
  ExprId rest;
};

/// Decomposes `expr` as linear in `var`; nothing if it is not linear in it
/// (a product of two factors that both contain var, var inside a function
/// argument, a divisor that contains var, ...).
std::optional<LinearForm> linearForm(ExprPool &pool, ExprId expr, VarId var);

/// Solves lhs = rhs for var when the equation is linear in var and the
/// coefficient is not the constant zero; returns the solution expression.
std::optional<ExprId> solveLinear(ExprPool &pool, ExprId lhs, ExprId rhs, VarId var);

/// Whether `expr` contains the variable.
bool contains(const ExprPool &pool, ExprId expr, VarId var);

} // namespace mocc::sym
