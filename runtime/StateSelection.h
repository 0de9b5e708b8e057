// Dynamic state selection at run time (S. E. Mattsson, H. Olsson and H.
// Elmqvist, "Dynamic selection of states in Dymola", Modelica Workshop
// 2000). Each state set of the compiled model is valid where the square
// blocks of its dummy-derivative selection are nonsingular; a set is rated
// by the product of the absolute determinants of its blocks, taken from the
// pivot Jacobian that the pivot kernel's Jacobian-vector products give. The
// integration uses the best-rated set and switches, with hysteresis, when
// the current set's rating falls below a fraction of the best one's: the
// switch happens long before the current set becomes singular, while its
// values are still accurate, and IDA restarts from them with the new set.
#pragma once

#include "runtime/CompiledModel.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace mocc::rt {

/// The pivot Jacobian (numRows rows, one column per pivot column): dense
/// and column-major when `pattern` is null, else one value per nonzero of
/// the CSC pattern in its order (an entry outside the pattern is 0).
struct PivotMatrix {
  std::span<const double> values;
  int64_t numRows = 0;
  const SparsityPattern *pattern = nullptr;
  /// Entry (row, column); O(log) in the column's nonzeros when sparse.
  double at(int64_t row, int64_t column) const;
  /// The dense submatrix (rows, columns(j) for j < width), row-major in
  /// `out` (rows.size() * width): when sparse, each column's nonzeros are
  /// walked once against the rows in ascending order, O(nnz + r log r).
  template <class ColumnOf>
  void gather(std::span<const int32_t> rows, int64_t width, ColumnOf columnOf,
              std::vector<double> &out) const;
};

template <class ColumnOf>
void PivotMatrix::gather(std::span<const int32_t> rows, int64_t width, ColumnOf columnOf,
                         std::vector<double> &out) const {
  auto r = static_cast<int64_t>(rows.size());
  out.assign(static_cast<size_t>(r * width), 0.0);
  if (!pattern) {
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < width; ++j)
        out[i * width + j] = values[static_cast<int64_t>(columnOf(j)) * numRows + rows[i]];
    return;
  }
  std::vector<std::pair<int32_t, int64_t>> order(static_cast<size_t>(r)); // (row, position)
  for (int64_t i = 0; i < r; ++i)
    order[static_cast<size_t>(i)] = {rows[i], i};
  std::sort(order.begin(), order.end());
  for (int64_t j = 0; j < width; ++j) {
    int64_t column = columnOf(j);
    int64_t k = pattern->colPtr[column], end = pattern->colPtr[column + 1];
    size_t o = 0;
    while (k < end && o < order.size()) {
      int64_t row = pattern->rowIdx[k];
      if (row < order[o].first)
        ++k;
      else if (row > order[o].first)
        ++o;
      else {
        for (size_t q = o; q < order.size() && order[q].first == row; ++q)
          out[order[q].second * width + j] = values[k];
        ++k;
      }
    }
  }
}

/// log |det| of the square submatrix (rows, columns) of the pivot
/// Jacobian, by Gaussian elimination with partial pivoting; -infinity if it
/// is singular.
double logAbsDeterminant(const PivotMatrix &matrix, const PivotBlock &block);

/// The rating of a state set: the sum of logAbsDeterminant over its blocks.
double logRating(const PivotMatrix &matrix, const std::vector<PivotBlock> &blocks);

/// The set to integrate with: the best rated (ties: the lower index),
/// unless the current one (-1: none yet) is rated at least `switchRatio`
/// times the best, in which case it stays.
int chooseStateSet(std::span<const double> logRatings, int current, double switchRatio);

/// The best states of a selection matrix at a point of the pivot Jacobian:
/// Gaussian elimination on the block's rows, first on its forced columns
/// (partial pivoting), then on the largest entry among its other columns
/// (complete pivoting), as many times as rows are left; the columns not
/// taken are the states (indices into m.columns, ascending). `logRating`
/// receives the log |det| of that choice's block.
std::vector<int32_t> bestSelectionStates(const PivotMatrix &matrix, const SelectionMatrix &m,
                                         double &logRating);

/// The log |det| of the block of a selection matrix whose states are
/// `states` (indices into m.columns): its rows, its forced columns and the
/// columns that are not states.
double selectionLogRating(const PivotMatrix &matrix, const SelectionMatrix &m,
                          std::span<const int32_t> states);

/// Rates every state set of a model at a point.
class StateSetRater {
public:
  explicit StateSetRater(const CompiledModel &model);

  /// The log rating of each set at (t, v); v must hold consistent values.
  const std::vector<double> &rate(double t, std::vector<double> &v);
  /// The pivot Jacobian at (t, v): one JVP per color of the columns
  /// (Curtis, Powell and Reid 1974) when the model gives their pattern,
  /// else one per column and dense. Valid until the next call.
  PivotMatrix evaluate(double t, std::vector<double> &v);

private:
  const DynamicStateSelection &selection_;
  bool sparse_;                  // the model gives the pattern
  std::vector<double> jacobian_; // a value per nonzero, or rows x columns
  std::vector<std::vector<int32_t>> colorColumns_; // per color: its columns
  std::vector<double> product_;  // one JVP, a value per row
  std::vector<double> residual_;
  std::vector<double> seed_;
  std::vector<double> ratings_;
};

} // namespace mocc::rt
