// Tearing of algebraic loops: a strongly connected block of equations is
// turned into a short sequence of explicit assignments around a small
// residual system in a few tearing (iteration) variables. Given values of the
// tearing variables, every other variable of the block is computed by an
// equation solved explicitly for it, in order; the equations left over are
// the residuals, as many as tearing variables. Finding the fewest tearing
// variables is NP-hard; this is the heuristic of F. E. Cellier and E.
// Kofman, "Continuous System Simulation", Springer 2006, chapter 7 (after
// H. Elmqvist and M. Otter, "Methods for tearing systems of equations in
// object-oriented modeling", ESM 1994): tear the variables that no equation
// can be solved for; causalize every equation that has a single unknown it
// can be solved for; when none is left, tear the variable
// that occurs in the most equations, ties broken by the number of equations
// with two unknowns it occurs in (those become solvable next), then by lower
// index. A caller may name preferred variables, which go before all others
// when a variable is torn (initialization prefers those with a start value:
// Newton starts there, and a variable without one starts at 0, where a
// length that divides leaves the residual undefined). The algorithm works
// on integer ids; the caller says which (equation, variable) pairs can be
// solved explicitly.
#pragma once

#include "compiler/structural/BipartiteGraph.h"

#include <span>
#include <utility>
#include <vector>

namespace mocc::structural {

/// The result of tearing one block.
struct TearingResult {
  /// Variables chosen as tearing variables, in the order they were chosen
  /// (forced variables are not listed).
  std::vector<int> tearVariables;
  /// (equation, variable) pairs in evaluation order: each equation is solved
  /// for its variable once the tearing variables, the forced variables and
  /// the variables of earlier pairs are known.
  std::vector<std::pair<int, int>> assignments;
  /// The equations not used by an assignment, ascending: the residuals of
  /// the torn system. There are as many as tearing plus forced variables.
  std::vector<int> residualEquations;
};

/// Tears the square block `graph` (its equations x its variables, local
/// ids). `solvable` has one entry per edge in CSR order (edge k of equation e
/// is `graph.columnIndices()[graph.rowStarts()[e] + k]`): nonzero if the
/// equation can be solved explicitly for that variable. Variables with
/// `isForced[v] != 0` are known from outside the block (IDA's derivatives):
/// they count as tearing variables and are never assigned. Variables with
/// `isPreferred[v] != 0` are torn before the others when the heuristic must
/// tear. Deterministic; O(E log E) for blocks of bounded degree.
TearingResult tearBlock(const BipartiteGraph &graph,
                        std::span<const char> solvable,
                        std::span<const char> isForced = {},
                        std::span<const char> isPreferred = {});

} // namespace mocc::structural
