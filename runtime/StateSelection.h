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

#include <cstdint>
#include <span>
#include <vector>

namespace mocc::rt {

/// log |det| of the square submatrix (rows, columns) of a dense
/// column-major matrix with `numRows` rows, by Gaussian elimination with
/// partial pivoting; -infinity if it is singular.
double logAbsDeterminant(std::span<const double> matrix, int64_t numRows,
                         const PivotBlock &block);

/// The rating of a state set: the sum of logAbsDeterminant over its blocks.
double logRating(std::span<const double> matrix, int64_t numRows,
                 const std::vector<PivotBlock> &blocks);

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
std::vector<int32_t> bestSelectionStates(std::span<const double> matrix, int64_t numRows,
                                         const SelectionMatrix &m, double &logRating);

/// The log |det| of the block of a selection matrix whose states are
/// `states` (indices into m.columns): its rows, its forced columns and the
/// columns that are not states.
double selectionLogRating(std::span<const double> matrix, int64_t numRows,
                          const SelectionMatrix &m, std::span<const int32_t> states);

/// Rates every state set of a model at a point.
class StateSetRater {
public:
  explicit StateSetRater(const CompiledModel &model);

  /// The log rating of each set at (t, v); v must hold consistent values.
  const std::vector<double> &rate(double t, std::vector<double> &v);
  /// The pivot Jacobian (rows x columns, column-major) at (t, v).
  const std::vector<double> &evaluate(double t, std::vector<double> &v);

private:
  const DynamicStateSelection &selection_;
  std::vector<double> jacobian_; // numPivotRows x columns, column-major
  std::vector<double> residual_;
  std::vector<double> seed_;
  std::vector<double> ratings_;
};

} // namespace mocc::rt
