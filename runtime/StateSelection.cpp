// Rating and choosing state sets; see StateSelection.h.
#include "runtime/StateSelection.h"

#include <cmath>
#include <limits>
#include <utility>

namespace mocc::rt {

double logAbsDeterminant(std::span<const double> matrix, int64_t numRows,
                         const PivotBlock &block) {
  auto n = static_cast<int64_t>(block.rows.size());
  std::vector<double> a(static_cast<size_t>(n * n)); // row-major copy
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      a[i * n + j] = matrix[block.columns[j] * numRows + block.rows[i]];
  double logDet = 0.0;
  for (int64_t k = 0; k < n; ++k) {
    int64_t pivot = k;
    for (int64_t i = k + 1; i < n; ++i)
      if (std::fabs(a[i * n + k]) > std::fabs(a[pivot * n + k]))
        pivot = i;
    double p = a[pivot * n + k];
    if (p == 0.0 || !std::isfinite(p))
      return -std::numeric_limits<double>::infinity();
    for (int64_t j = 0; j < n; ++j)
      std::swap(a[k * n + j], a[pivot * n + j]);
    logDet += std::log(std::fabs(p));
    for (int64_t i = k + 1; i < n; ++i) {
      double factor = a[i * n + k] / p;
      for (int64_t j = k; j < n; ++j)
        a[i * n + j] -= factor * a[k * n + j];
    }
  }
  return logDet;
}

double logRating(std::span<const double> matrix, int64_t numRows,
                 const std::vector<PivotBlock> &blocks) {
  double sum = 0.0;
  for (const PivotBlock &block : blocks)
    sum += logAbsDeterminant(matrix, numRows, block);
  return sum;
}

int chooseStateSet(std::span<const double> logRatings, int current, double switchRatio) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(logRatings.size()); ++i)
    if (logRatings[i] > logRatings[best])
      best = i;
  if (current < 0)
    return best;
  // Hysteresis: stay unless the best is clearly better.
  if (logRatings[current] >= logRatings[best] + std::log(switchRatio))
    return current;
  return logRatings[best] > logRatings[current] ? best : current;
}

StateSetRater::StateSetRater(const CompiledModel &model)
    : selection_(model.stateSelection),
      jacobian_(selection_.columns.size() * static_cast<size_t>(selection_.numPivotRows)),
      residual_(static_cast<size_t>(selection_.numPivotRows)),
      seed_(static_cast<size_t>(model.numSlots), 0.0), ratings_(selection_.sets.size()) {}

const std::vector<double> &StateSetRater::rate(double t, std::vector<double> &v) {
  // One JVP per column: the pivot kernel has no assignments, so a seed in
  // one slot gives that column of the Jacobian of its residuals.
  auto rows = static_cast<size_t>(selection_.numPivotRows);
  if (selection_.pivots)
    selection_.pivots(t, v.data(), residual_.data());
  for (size_t j = 0; j < selection_.columns.size(); ++j) {
    seed_[selection_.columns[j]] = 1.0;
    selection_.pivotsJvp(t, v.data(), seed_.data(), jacobian_.data() + j * rows);
    seed_[selection_.columns[j]] = 0.0;
  }
  for (size_t k = 0; k < selection_.sets.size(); ++k)
    ratings_[k] = logRating(jacobian_, selection_.numPivotRows, selection_.sets[k].pivotBlocks);
  return ratings_;
}

} // namespace mocc::rt
