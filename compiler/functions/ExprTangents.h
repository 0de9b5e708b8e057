// Private to compiler/functions: the tangent (forward-mode derivative) of an
// expression as an expression of the same pool. It follows the rules of the
// JVP code generator (compiler/codegen/TangentRules.cpp) rather than those
// of sym::differentiate: where a derivative is infinite or undefined at a
// finite argument (sqrt and log at 0, division by 0, ...), a zero operand
// tangent gives a zero result, so that a function evaluated at such a point
// with an unrelated seed direction yields 0 instead of 0 * inf = NaN.
// Where a rule uses the value of a node, it asks the caller for the node to
// use (so that a value that needs a call comes from the same call as the
// tangent; see Derivative.cpp).
#pragma once

#include "compiler/symbolic/Expr.h"

#include <functional>
#include <span>
#include <vector>

namespace mocc::functions {

/// Builds tangents of expressions, memoized per node: the tangent of a node
/// does not depend on where it is used, since tangents are expressions over
/// tangent slots.
class ExprTangents {
public:
  /// The tangent of a Variable node (the tangent slot's Variable node, or
  /// zero for an Integer or Boolean slot).
  using VariableTangentFn = std::function<sym::ExprId(sym::VarId)>;
  /// The tangent of an Output node of a call; invalid if the call has no
  /// derivative. It may ask for the tangents of the call's arguments.
  using OutputTangentFn = std::function<sym::ExprId(sym::ExprId output)>;
  /// The node that computes the value of a node where tangents use it (the
  /// node itself, or one whose calls also give tangents).
  using PrimalFn = std::function<sym::ExprId(sym::ExprId)>;

  ExprTangents(sym::ExprPool &pool, VariableTangentFn variable, OutputTangentFn output,
               PrimalFn primal)
      : pool_(pool), variable_(std::move(variable)), output_(std::move(output)),
        primal_(std::move(primal)) {}

  /// The tangent of `expr`, or an invalid id if a call in it has no
  /// derivative.
  sym::ExprId tangentOf(sym::ExprId expr);

private:
  bool needsOperandTangents(sym::ExprId id) const;
  sym::ExprId known(sym::ExprId id) const;
  sym::ExprId tangentOfNode(sym::ExprId id);
  // The rules take the primal nodes of the node (self) and its operands,
  // and the tangents of the operands.
  sym::ExprId unaryTangent(sym::OpKind op, sym::ExprId self, sym::ExprId a, sym::ExprId da);
  sym::ExprId binaryTangent(sym::OpKind op, sym::ExprId self, sym::ExprId a, sym::ExprId b,
                            sym::ExprId da, sym::ExprId db);
  sym::ExprId powTangent(sym::ExprId self, sym::ExprId a, sym::ExprId b, sym::ExprId da,
                         sym::ExprId db);
  sym::ExprId guardTangent(std::span<const sym::ExprId> operands);
  sym::ExprId guardedScale(sym::ExprId tangent, sym::ExprId factor);
  sym::ExprId guardedDiv(sym::ExprId tangent, sym::ExprId divisor);

  sym::ExprPool &pool_;
  VariableTangentFn variable_;
  OutputTangentFn output_;
  PrimalFn primal_;
  std::vector<sym::ExprId> memo_; ///< per node; invalid until computed
};

} // namespace mocc::functions
