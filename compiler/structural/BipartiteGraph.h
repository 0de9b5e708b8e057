// The incidence structure every structural algorithm works on: equations
// 0..E-1 on one side, variables 0..V-1 on the other, an edge when a variable
// occurs in an equation. It is stored in compressed sparse row (CSR) form, one
// ascending list of variables per equation, and knows nothing of expressions.
// The transpose (per variable, its equations) is the same structure with the
// roles swapped. Equations and variables can be appended, which is what index
// reduction needs when it differentiates equations.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace mocc::structural {

/// An incidence: (equation, variable).
using Edge = std::pair<int, int>;

/// Equations (rows) x variables (columns) incidence in CSR form.
class BipartiteGraph {
public:
  /// A graph with no equations and `numVariables` variables.
  explicit BipartiteGraph(int numVariables = 0);

  /// Builds a graph from edges in linear time; each row comes out ascending,
  /// duplicate edges are merged.
  static BipartiteGraph fromEdges(int numEquations, int numVariables,
                                  std::span<const Edge> edges);
  /// Builds a graph from one variable list per equation.
  static BipartiteGraph fromRows(int numVariables,
                                 const std::vector<std::vector<int>> &rows);

  /// Number of equations (rows).
  int numEquations() const { return static_cast<int>(rowStart_.size()) - 1; }
  /// Number of variables (columns).
  int numVariables() const { return numVariables_; }
  /// Number of edges.
  std::size_t numEdges() const { return columns_.size(); }

  /// The variables of equation `eq`, ascending. In a transposed graph, the
  /// equations of variable `eq`.
  std::span<const int> variables(int eq) const {
    return {columns_.data() + rowStart_[eq],
            columns_.data() + rowStart_[eq + 1]};
  }
  /// Same as variables(); reads better on a transposed graph.
  std::span<const int> neighbors(int row) const { return variables(row); }
  /// Number of variables of equation `eq`.
  int degree(int eq) const {
    return static_cast<int>(rowStart_[eq + 1] - rowStart_[eq]);
  }
  /// Whether equation `eq` contains variable `var` (binary search).
  bool contains(int eq, int var) const;

  /// Appends an equation with the given variables (sorted and deduplicated
  /// here); returns its id.
  int addEquation(std::span<const int> vars);
  /// Appends a variable that occurs in no equation yet; returns its id.
  int addVariable() { return numVariables_++; }

  /// The transpose: row v lists, ascending, the equations containing v.
  BipartiteGraph transpose() const;

  /// Raw CSR row offsets: row r spans columnIndices()[rowStarts()[r] ..
  /// rowStarts()[r + 1]).
  std::span<const std::size_t> rowStarts() const { return rowStart_; }
  /// Raw CSR column indices, row after row.
  std::span<const int> columnIndices() const { return columns_; }

private:
  int numVariables_;
  std::vector<std::size_t> rowStart_;
  std::vector<int> columns_;
};

} // namespace mocc::structural
