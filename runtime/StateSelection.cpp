// Rating and choosing state sets; see StateSelection.h.
#include "runtime/StateSelection.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace mocc::rt {

double PivotMatrix::at(int64_t row, int64_t column) const {
  if (!pattern)
    return values[column * numRows + row];
  auto begin = pattern->rowIdx.begin() + pattern->colPtr[column];
  auto end = pattern->rowIdx.begin() + pattern->colPtr[column + 1];
  auto it = std::lower_bound(begin, end, row);
  return it != end && *it == row ? values[it - pattern->rowIdx.begin()] : 0.0;
}

double logAbsDeterminant(const PivotMatrix &matrix, const PivotBlock &block) {
  auto n = static_cast<int64_t>(block.rows.size());
  std::vector<double> a; // row-major copy
  matrix.gather(block.rows, n, [&](int64_t j) { return block.columns[j]; }, a);
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

double logRating(const PivotMatrix &matrix, const std::vector<PivotBlock> &blocks) {
  double sum = 0.0;
  for (const PivotBlock &block : blocks)
    sum += logAbsDeterminant(matrix, block);
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
    : selection_(model.stateSelection), sparse_(!selection_.pattern.colPtr.empty()),
      product_(static_cast<size_t>(selection_.numPivotRows)),
      residual_(static_cast<size_t>(selection_.numPivotRows)),
      seed_(static_cast<size_t>(model.numSlots), 0.0), ratings_(selection_.sets.size()) {
  if (sparse_) {
    const SparsityPattern &p = selection_.pattern;
    jacobian_.resize(p.rowIdx.size());
    colorColumns_.resize(static_cast<size_t>(p.numColors));
    for (size_t j = 0; j < p.colors.size(); ++j)
      colorColumns_[p.colors[j]].push_back(static_cast<int32_t>(j));
  } else {
    jacobian_.resize(selection_.columns.size() * static_cast<size_t>(selection_.numPivotRows));
  }
}

std::vector<int32_t> bestSelectionStates(const PivotMatrix &matrix, const SelectionMatrix &m,
                                         double &logRating) {
  auto r = static_cast<int64_t>(m.rows.size());
  auto f = static_cast<int64_t>(m.forced.size());
  auto c = static_cast<int64_t>(m.columns.size());
  int64_t width = f + c;
  std::vector<double> a; // row-major copy
  matrix.gather(m.rows, width, [&](int64_t j) { return j < f ? m.forced[j] : m.columns[j - f]; },
                a);
  std::vector<char> taken(static_cast<size_t>(width), 0);
  // The pivot row's nonzeros among the columns not taken: nonzero[0, count).
  std::vector<int64_t> nonzero(static_cast<size_t>(width));
  bool singular = false;
  double mantissa = 1.0;
  int64_t exponents = 0;
  for (int64_t k = 0; k < r; ++k) {
    // Rows k.. are left; a forced column first, else the largest entry.
    int64_t pivotRow = -1, pivotColumn = -1;
    double best = -1.0;
    int64_t from = k < f ? k : f, to = k < f ? k + 1 : width;
    for (int64_t j = from; j < to; ++j) {
      if (taken[j])
        continue;
      for (int64_t i = k; i < r; ++i)
        if (std::fabs(a[i * width + j]) > best) {
          best = std::fabs(a[i * width + j]);
          pivotRow = i;
          pivotColumn = j;
        }
    }
    if (pivotColumn < 0 || !(best > 0.0) || !std::isfinite(best)) {
      singular = true;
      if (pivotColumn < 0)
        break;
    } else {
      // log |det| as mantissas multiplied and exponents added: one log at
      // the end instead of one per pivot.
      int exponent = 0;
      mantissa *= std::frexp(best, &exponent);
      exponents += exponent;
      if (mantissa < 0x1p-512) {
        mantissa = std::frexp(mantissa, &exponent);
        exponents += exponent;
      }
    }
    taken[pivotColumn] = 1;
    if (pivotRow != k)
      std::swap_ranges(a.begin() + k * width, a.begin() + (k + 1) * width,
                       a.begin() + pivotRow * width);
    double p = a[k * width + pivotColumn];
    if (p == 0.0)
      continue;
    // The rows are sparse (a MultiBody pivot row has a few entries), and
    // the columns taken are never read again: the update goes over the
    // pivot row's other nonzeros only, which is the same arithmetic on
    // every entry read later. Forced columns are pivots in their order:
    // those before k are taken. Branch-free: whether an entry is zero has
    // no pattern that a branch predictor learns.
    size_t count = 0;
    for (int64_t j = std::min(k, f); j < width; ++j) {
      nonzero[count] = j;
      count += static_cast<size_t>(!taken[j] & (a[k * width + j] != 0.0));
    }
    for (int64_t i = k + 1; i < r; ++i) {
      double below = a[i * width + pivotColumn];
      if (below == 0.0) // most are: no division
        continue;
      double factor = below / p;
      if (factor != 0.0)
        for (size_t q = 0; q < count; ++q)
          a[i * width + nonzero[q]] -= factor * a[k * width + nonzero[q]];
    }
  }
  logRating = singular ? -std::numeric_limits<double>::infinity()
                       : std::log(mantissa) + static_cast<double>(exponents) * std::log(2.0);
  std::vector<int32_t> states;
  for (int64_t j = 0; j < c; ++j)
    if (!taken[f + j])
      states.push_back(static_cast<int32_t>(j));
  states.resize(static_cast<size_t>(m.numStates), 0);
  return states;
}

double selectionLogRating(const PivotMatrix &matrix, const SelectionMatrix &m,
                          std::span<const int32_t> states) {
  PivotBlock block;
  block.rows = m.rows;
  block.columns = m.forced;
  for (int32_t j = 0; j < static_cast<int32_t>(m.columns.size()); ++j)
    if (std::find(states.begin(), states.end(), j) == states.end())
      block.columns.push_back(m.columns[j]);
  if (block.columns.size() != block.rows.size())
    return -std::numeric_limits<double>::infinity();
  return logAbsDeterminant(matrix, block);
}

PivotMatrix StateSetRater::evaluate(double t, std::vector<double> &v) {
  // The pivot kernel has no assignments, so a seed in some slots gives the
  // sum of those columns of the Jacobian of its residuals: one column per
  // product, or every column of a color, which share no row.
  auto rows = static_cast<size_t>(selection_.numPivotRows);
  if (selection_.pivots)
    selection_.pivots(t, v.data(), residual_.data());
  if (!sparse_) {
    for (size_t j = 0; j < selection_.columns.size(); ++j) {
      seed_[selection_.columns[j]] = 1.0;
      selection_.pivotsJvp(t, v.data(), seed_.data(), jacobian_.data() + j * rows);
      seed_[selection_.columns[j]] = 0.0;
    }
    return {jacobian_, selection_.numPivotRows, nullptr};
  }
  const SparsityPattern &p = selection_.pattern;
  for (const std::vector<int32_t> &columns : colorColumns_) {
    for (int32_t j : columns)
      seed_[selection_.columns[j]] = 1.0;
    selection_.pivotsJvp(t, v.data(), seed_.data(), product_.data());
    for (int32_t j : columns) {
      seed_[selection_.columns[j]] = 0.0;
      for (int64_t k = p.colPtr[j]; k < p.colPtr[j + 1]; ++k)
        jacobian_[k] = product_[p.rowIdx[k]];
    }
  }
  return {jacobian_, selection_.numPivotRows, &p};
}

const std::vector<double> &StateSetRater::rate(double t, std::vector<double> &v) {
  PivotMatrix matrix = evaluate(t, v);
  for (size_t k = 0; k < selection_.sets.size(); ++k)
    ratings_[k] = logRating(matrix, selection_.sets[k].pivotBlocks);
  return ratings_;
}

} // namespace mocc::rt
