// Alias elimination: before the structural passes, equations of the forms
// `a = b`, `a = -b` and `a = c` (c a constant or parameter expression) are
// removed together with one of their variables, which is replaced by the
// other side everywhere. Connections produce many such equations; removing
// them shrinks every later pass and IDA's vector. The eliminated variables
// keep their values in the results: the simulation plan computes them after
// everything else by trailing assignments.
//
// Which variable goes: an algebraic one (never a state or a derivative, nor
// one equal to a derivative), keeping the one with a stateSelect, then a
// start value, then the lower index. One more form: `v = der(x)` (or
// `der(x) = -v`) where v is itself a
// state. Then v is replaced by der(x) and der(v) by der(der(x)): the model
// becomes second order in x, which index reduction and state selection
// handle with fewer variables (the pendulum's velocity is der(x) itself).
#pragma once

#include "compiler/causalize/EquationSystem.h"
#include "compiler/flat/FlatModel.h"

#include <span>
#include <vector>

namespace mocc::causalize {

/// One eliminated variable.
struct Alias {
  /// The eliminated variable.
  sym::VarId var;
  /// Its value in terms of variables that are not eliminated: `±other`,
  /// `±der(other)` or a constant or parameter expression.
  sym::ExprId value;
  /// The index in FlatModel::equations of the equation that defined it.
  uint32_t equation = 0;
};

/// The model with its aliases eliminated.
struct AliasElimination {
  /// In order of elimination; every value is fully resolved.
  std::vector<Alias> aliases;
  /// The other equations of the model, in their order, aliases substituted.
  std::vector<flat::Equation> equations;
  /// Per entry of `equations`: its index in FlatModel::equations.
  std::vector<uint32_t> sources;
  /// The initial equations, aliases substituted.
  std::vector<flat::Equation> initialEquations;
  /// Per variable (model size after elimination): the alias value, or an
  /// invalid id if the variable is not eliminated.
  std::vector<sym::ExprId> valueOf;
  /// Per variable: the stateSelect it has after aliasing (a kept variable
  /// with the default takes the eliminated one's).
  std::vector<flat::StateSelectKind> stateSelect;
  /// Per variable: a start value for a kept variable without one, taken
  /// from an eliminated alias (invalid if none).
  std::vector<sym::ExprId> startHint;

  /// Whether `var` was eliminated.
  bool isEliminated(sym::VarId var) const {
    return var.index < valueOf.size() && valueOf[var.index].valid();
  }
  /// `expr` with every eliminated variable replaced by its value.
  sym::ExprId apply(sym::ExprPool &pool, sym::ExprId expr) const;
  /// apply() of each expression, in place, in one walk of their nodes.
  void applyAll(sym::ExprPool &pool, std::span<sym::ExprId> exprs) const;
};

/// Finds and eliminates the aliases of the model's equations. `roles` is
/// classifyVariables(model). The model may grow (der(der(x)) for the
/// second-order form). Deterministic; linear in the size of the equations.
AliasElimination eliminateAliases(flat::FlatModel &model, const std::vector<RoleKind> &roles);

} // namespace mocc::causalize
