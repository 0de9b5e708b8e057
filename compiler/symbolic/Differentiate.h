// Symbolic differentiation of expressions: partial derivatives with respect
// to one variable, and total derivatives with respect to time (the chain
// rule with der(x) for each time-varying variable x). Each node is
// differentiated once (memoized over the DAG), so the result shares
// structure with the input and stays small.
#pragma once

#include "compiler/symbolic/Expr.h"

#include <functional>
#include <optional>

namespace mocc::sym {

/// Gives the derivative of a leaf (Variable, Time or Load node), or of a
/// function call output (Output node); returns an invalid ExprId when it has
/// none.
using LeafDerivativeFn = std::function<ExprId(ExprId leaf)>;

/// The derivative of `expr` given the derivatives of its leaves. Returns an
/// invalid ExprId if some node cannot be differentiated (a call without a
/// derivative).
ExprId differentiate(ExprPool &pool, ExprId expr, const LeafDerivativeFn &leafDerivative);

/// d expr / d var, with every other variable held fixed; time has derivative
/// 0. Function calls are not differentiable here (invalid result).
ExprId partialDerivative(ExprPool &pool, ExprId expr, VarId var);

} // namespace mocc::sym
