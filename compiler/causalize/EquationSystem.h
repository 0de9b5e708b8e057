// An equation system of the flat model as the structural algorithms see it:
// a subset of the equations, a subset of the variables as unknowns, and the
// bipartite incidence graph between them on integer ids. Also the reporting
// of structural errors with the user's source locations.
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/structural/BipartiteGraph.h"
#include "compiler/structural/Matching.h"
#include "compiler/support/Diagnostics.h"

#include <vector>

namespace mocc::causalize {

/// The role of each variable of the flat model.
enum class RoleKind {
  Known,      ///< parameter, constant or top-level input: computed before
  State,      ///< appears differentiated; known during integration
  Derivative, ///< der(x) of a state
  Algebraic,  ///< everything else that equations determine
};

std::vector<RoleKind> classifyVariables(const flat::FlatModel &model);

/// A system: equations (residual lhs - rhs) and unknowns by local index.
struct EquationSystem {
  std::vector<flat::Equation> equations;
  std::vector<sym::VarId> unknowns;
  std::vector<int32_t> localOf; ///< model variable -> local unknown, or -1
  structural::BipartiteGraph graph;

  /// Builds the incidence graph for the given equations and unknowns.
  void build(const flat::FlatModel &model);
  /// Builds the graph of equations x variable families: each unknown stands
  /// also for all its derivatives (der(x), der(der(x)), ...), which are not
  /// unknowns of their own.
  void buildFamilies(const flat::FlatModel &model);

private:
  void buildGraph(const flat::FlatModel &model);
};

/// Reports that a system has no perfect matching: the over- and
/// under-determined parts (Dulmage-Mendelsohn) with their locations.
void reportSingular(const flat::FlatModel &model, const EquationSystem &system,
                    const structural::Matching &matching, const char *what, Diagnostics &diags);

} // namespace mocc::causalize
