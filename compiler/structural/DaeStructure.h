// The structure of a differential-algebraic system as index reduction sees
// it: the incidence graph plus the derivative chains that link a variable to
// its time derivative (`varToDiff`) and an equation to its differentiated
// copy (`eqToDiff`), with their inverses. This is the representation of
// Pantelides' algorithm as formulated in ModelingToolkit's StateSelection.jl;
// der(x) is a variable of its own, related to x only through `varToDiff`.
#pragma once

#include "compiler/structural/BipartiteGraph.h"

#include <span>
#include <vector>

namespace mocc::structural {

/// Incidence graph and derivative chains of a DAE. The four maps always stay
/// mutual inverses; grow the structure only through the add functions.
struct DaeStructure {
  /// The structure of a system whose equations are not differentiated yet.
  /// `varToDiff[v]` is the id of der(v) or -1 (one entry per variable).
  DaeStructure(BipartiteGraph graph, std::vector<int> varToDiff);

  /// Equations x variables, including derivative variables.
  BipartiteGraph graph;
  /// der(v), or -1.
  std::vector<int> varToDiff;
  /// The variable `v` is the derivative of, or -1.
  std::vector<int> diffToVar;
  /// The time derivative of equation `e`, or -1.
  std::vector<int> eqToDiff;
  /// The equation `e` is the derivative of, or -1.
  std::vector<int> diffToEq;

  /// Number of equations, derivatives included.
  int numEquations() const { return graph.numEquations(); }
  /// Number of variables, derivatives included.
  int numVariables() const { return graph.numVariables(); }

  /// Adds a variable that is no derivative; returns its id.
  int addVariable();
  /// Adds an equation that is no derivative, with the given variables;
  /// returns its id.
  int addEquation(std::span<const int> vars);
  /// Adds the variable der(`var`), which must not exist yet; returns its id.
  int addDerivativeVariable(int var);
  /// Adds equation d/dt(`eq`), which must not exist yet, with the given
  /// variables; returns its id.
  int addDerivativeEquation(int eq, std::span<const int> vars);

  /// The variable at the bottom of `var`'s chain (var itself if it is not a
  /// derivative).
  int baseVariable(int var) const;
  /// How many times `var` is differentiated from its base variable.
  int variableOrder(int var) const;
  /// The original equation `eq` was derived from (eq itself if original).
  int baseEquation(int eq) const;
  /// How many times `eq` is differentiated from its base equation.
  int equationOrder(int eq) const;
  /// How many times original equation `eq` has been differentiated: the
  /// length of its chain above it.
  int differentiationCount(int eq) const;
  /// The highest derivative of equation `eq` (eq itself if not
  /// differentiated).
  int highestDerivative(int eq) const;
};

} // namespace mocc::structural
