// The coarse Dulmage–Mendelsohn decomposition (Dulmage and Mendelsohn 1958),
// computed by alternating breadth-first searches from the unmatched vertices
// of a maximum matching (Pothen and Fan 1990).
#include "compiler/structural/Diagnosis.h"

#include <cassert>

namespace mocc::structural {

namespace {

/// Marks every row and column reachable from an unmatched row by an
/// alternating path: from a row along any edge to a column, from a column
/// along its matched edge to a row. In a maximum matching every column so
/// reached is matched (otherwise the path would be augmenting).
void markAlternatingReach(const BipartiteGraph &adjacency,
                          const std::vector<int> &rowMate,
                          const std::vector<int> &colMate,
                          std::vector<char> &rowReached,
                          std::vector<char> &colReached) {
  std::vector<int> queue;
  for (int row = 0; row < adjacency.numEquations(); ++row)
    if (rowMate[row] < 0) {
      rowReached[row] = 1;
      queue.push_back(row);
    }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (int col : adjacency.neighbors(queue[head])) {
      if (colReached[col])
        continue;
      colReached[col] = 1;
      int next = colMate[col];
      assert(next >= 0 && "the matching is not maximum");
      if (next >= 0 && !rowReached[next]) {
        rowReached[next] = 1;
        queue.push_back(next);
      }
    }
  }
}

/// The part of each vertex, from the reach of the two searches.
enum class PartKind : char { Well, Over, Under };

/// Combines the two reach marks; the parts are disjoint for a maximum
/// matching (Pothen and Fan 1990).
std::vector<PartKind> classify(const std::vector<char> &over,
                               const std::vector<char> &under) {
  std::vector<PartKind> part(over.size(), PartKind::Well);
  for (std::size_t i = 0; i < over.size(); ++i) {
    assert(!(over[i] && under[i]) && "the matching is not maximum");
    if (over[i])
      part[i] = PartKind::Over;
    else if (under[i])
      part[i] = PartKind::Under;
  }
  return part;
}

/// The indices, ascending, whose entry equals `value`.
template <typename T>
std::vector<int> indicesOf(const std::vector<T> &values, T value) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(values.size()); ++i)
    if (values[i] == value)
      out.push_back(i);
  return out;
}

} // namespace

DulmageMendelsohn computeDulmageMendelsohn(const BipartiteGraph &graph,
                                           const Matching &maximum) {
  int numEqs = graph.numEquations();
  int numVars = graph.numVariables();
  assert(static_cast<int>(maximum.eqToVar.size()) == numEqs &&
         static_cast<int>(maximum.varToEq.size()) == numVars);
  // Step 1: over-determined part, from the unmatched equations.
  std::vector<char> overEq(numEqs, 0), overVar(numVars, 0);
  markAlternatingReach(graph, maximum.eqToVar, maximum.varToEq, overEq,
                       overVar);
  // Step 2: under-determined part, from the unmatched variables, on the
  // transpose (a variable's equations, an equation's matched variable).
  std::vector<char> underEq(numEqs, 0), underVar(numVars, 0);
  markAlternatingReach(graph.transpose(), maximum.varToEq, maximum.eqToVar,
                       underVar, underEq);
  // Step 3: everything else is the well-determined part.
  std::vector<PartKind> eqPart = classify(overEq, underEq);
  std::vector<PartKind> varPart = classify(overVar, underVar);
  DulmageMendelsohn dm;
  dm.overEquations = indicesOf(eqPart, PartKind::Over);
  dm.overVariables = indicesOf(varPart, PartKind::Over);
  dm.underEquations = indicesOf(eqPart, PartKind::Under);
  dm.underVariables = indicesOf(varPart, PartKind::Under);
  dm.wellEquations = indicesOf(eqPart, PartKind::Well);
  dm.wellVariables = indicesOf(varPart, PartKind::Well);
  dm.unmatchedEquations = indicesOf(maximum.eqToVar, -1);
  dm.unmatchedVariables = indicesOf(maximum.varToEq, -1);
  return dm;
}

} // namespace mocc::structural
