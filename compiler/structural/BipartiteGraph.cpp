// CSR construction and transposition for BipartiteGraph, all in linear time by
// counting sort (two stable bucket passes give ascending rows without a
// comparison sort).
#include "compiler/structural/BipartiteGraph.h"

#include <algorithm>
#include <cassert>

namespace mocc::structural {

namespace {

/// Turns per-bucket counts (stored at index b + 1) into bucket starts.
void prefixSum(std::vector<std::size_t> &starts) {
  for (std::size_t i = 1; i < starts.size(); ++i)
    starts[i] += starts[i - 1];
}

/// Removes repeated entries inside each (ascending) row, compacting the
/// arrays in place.
void dedupeRows(std::vector<std::size_t> &rowStart, std::vector<int> &columns) {
  std::size_t out = 0;
  std::size_t begin = rowStart[0];
  for (std::size_t row = 0; row + 1 < rowStart.size(); ++row) {
    std::size_t end = rowStart[row + 1];
    rowStart[row] = out;
    for (std::size_t i = begin; i < end; ++i)
      if (i == begin || columns[i] != columns[i - 1])
        columns[out++] = columns[i];
    begin = end;
  }
  rowStart.back() = out;
  columns.resize(out);
}

} // namespace

BipartiteGraph::BipartiteGraph(int numVariables)
    : numVariables_(numVariables), rowStart_(1, 0) {}

BipartiteGraph BipartiteGraph::fromEdges(int numEquations, int numVariables,
                                         std::span<const Edge> edges) {
  // Pass 1: bucket the equations of all edges by variable.
  std::vector<std::size_t> varStart(numVariables + 1, 0);
  for (auto [eq, var] : edges) {
    assert(eq >= 0 && eq < numEquations && var >= 0 && var < numVariables);
    ++varStart[var + 1];
  }
  prefixSum(varStart);
  std::vector<int> eqByVar(edges.size());
  std::vector<std::size_t> next(varStart.begin(), varStart.end() - 1);
  for (auto [eq, var] : edges)
    eqByVar[next[var]++] = eq;

  // Pass 2: bucket by equation, visiting variables in ascending order, so
  // each row is filled in ascending order.
  BipartiteGraph graph(numVariables);
  graph.rowStart_.assign(numEquations + 1, 0);
  for (auto [eq, var] : edges)
    ++graph.rowStart_[eq + 1];
  prefixSum(graph.rowStart_);
  graph.columns_.resize(edges.size());
  next.assign(graph.rowStart_.begin(), graph.rowStart_.end() - 1);
  for (int var = 0; var < numVariables; ++var)
    for (std::size_t i = varStart[var]; i < varStart[var + 1]; ++i)
      graph.columns_[next[eqByVar[i]]++] = var;

  // Pass 3: merge duplicate edges.
  dedupeRows(graph.rowStart_, graph.columns_);
  return graph;
}

BipartiteGraph
BipartiteGraph::fromRows(int numVariables,
                         const std::vector<std::vector<int>> &rows) {
  BipartiteGraph graph(numVariables);
  for (const std::vector<int> &row : rows)
    graph.addEquation(row);
  return graph;
}

bool BipartiteGraph::contains(int eq, int var) const {
  std::span<const int> vars = variables(eq);
  return std::binary_search(vars.begin(), vars.end(), var);
}

int BipartiteGraph::addEquation(std::span<const int> vars) {
  std::size_t begin = columns_.size();
  columns_.insert(columns_.end(), vars.begin(), vars.end());
  auto first = columns_.begin() + static_cast<std::ptrdiff_t>(begin);
  std::sort(first, columns_.end());
  columns_.erase(std::unique(first, columns_.end()), columns_.end());
  assert(std::all_of(first, columns_.end(),
                     [&](int v) { return v >= 0 && v < numVariables_; }));
  rowStart_.push_back(columns_.size());
  return numEquations() - 1;
}

BipartiteGraph BipartiteGraph::transpose() const {
  BipartiteGraph result(numEquations());
  result.rowStart_.assign(numVariables_ + 1, 0);
  for (int var : columns_)
    ++result.rowStart_[var + 1];
  prefixSum(result.rowStart_);
  result.columns_.resize(columns_.size());
  // Equations are visited in ascending order, so each new row is ascending.
  std::vector<std::size_t> next(result.rowStart_.begin(),
                                result.rowStart_.end() - 1);
  for (int eq = 0; eq < numEquations(); ++eq)
    for (int var : variables(eq))
      result.columns_[next[var]++] = eq;
  return result;
}

} // namespace mocc::structural
