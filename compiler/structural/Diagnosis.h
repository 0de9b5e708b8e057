// Diagnosis of structurally singular or unbalanced systems: which equations
// and variables are involved, so the caller can print exactly those. From a
// maximum matching, the coarse Dulmage–Mendelsohn decomposition (A. L.
// Dulmage and N. S. Mendelsohn, "Coverings of bipartite graphs", Canad. J.
// Math. 10, 1958; computed as in A. Pothen and C.-J. Fan, "Computing the block
// triangular form of a sparse matrix", ACM TOMS 16(4), 1990) splits the system
// into an over-determined part (more equations than variables), an
// under-determined part (more variables than equations) and a well-determined
// square part. The decomposition does not depend on which maximum matching
// is given.
#pragma once

#include "compiler/structural/BipartiteGraph.h"
#include "compiler/structural/Matching.h"

#include <vector>

namespace mocc::structural {

/// The coarse Dulmage–Mendelsohn decomposition; every list is ascending.
struct DulmageMendelsohn {
  /// Equations of the over-determined part: the unmatched equations and all
  /// equations reachable from them by alternating paths.
  std::vector<int> overEquations;
  /// Variables of the over-determined part (all matched, all within it).
  std::vector<int> overVariables;
  /// Equations of the under-determined part (all matched).
  std::vector<int> underEquations;
  /// Variables of the under-determined part: the unmatched variables and all
  /// variables reachable from them by alternating paths.
  std::vector<int> underVariables;
  /// Equations of the square, structurally nonsingular rest.
  std::vector<int> wellEquations;
  /// Variables of the square, structurally nonsingular rest.
  std::vector<int> wellVariables;
  /// Equations unmatched in the given maximum matching.
  std::vector<int> unmatchedEquations;
  /// Variables unmatched in the given maximum matching.
  std::vector<int> unmatchedVariables;

  /// Whether the system is square and structurally nonsingular.
  bool isWellDetermined() const {
    return overEquations.empty() && underVariables.empty();
  }
};

/// Computes the decomposition from a maximum matching of `graph` (a matching
/// that is not maximum is a precondition violation). O(E + V).
DulmageMendelsohn computeDulmageMendelsohn(const BipartiteGraph &graph,
                                           const Matching &maximum);

} // namespace mocc::structural
