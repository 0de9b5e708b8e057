// Assembly of a Jacobian from colored Jacobian-vector products; see
// ColoredJacobian.h.
#include "runtime/ColoredJacobian.h"

#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>

namespace mocc::rt {

namespace {

/// Checks sizes and index ranges of the CSC arrays.
std::string checkStructure(const SparsityPattern &pattern, int64_t n) {
  if (pattern.size != n)
    return "the pattern has size " + std::to_string(pattern.size) + " for " + std::to_string(n) +
           " unknowns";
  if (static_cast<int64_t>(pattern.colPtr.size()) != n + 1 || pattern.colPtr[0] != 0 ||
      pattern.colPtr[n] != static_cast<int64_t>(pattern.rowIdx.size()))
    return "the column pointers do not match the row indices";
  for (int64_t j = 0; j < n; ++j) {
    if (pattern.colPtr[j] > pattern.colPtr[j + 1])
      return "the column pointers decrease at column " + std::to_string(j);
    for (int64_t k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; ++k) {
      int64_t row = pattern.rowIdx[k];
      bool sorted = k == pattern.colPtr[j] || pattern.rowIdx[k - 1] < row;
      if (row < 0 || row >= n || !sorted)
        return "bad or unsorted row index in column " + std::to_string(j);
    }
  }
  return {};
}

/// Checks that the coloring is complete and that columns of one color share
/// no row.
std::string checkColoring(const SparsityPattern &pattern, int64_t n) {
  if (static_cast<int64_t>(pattern.colors.size()) != n)
    return "the coloring does not cover every column";
  std::vector<std::vector<int64_t>> columnsOfColor(std::max(pattern.numColors, 0));
  for (int64_t j = 0; j < n; ++j) {
    int32_t color = pattern.colors[j];
    if (color < 0 || color >= pattern.numColors)
      return "column " + std::to_string(j) + " has no valid color";
    columnsOfColor[color].push_back(j);
  }
  std::vector<int32_t> rowColor(n, -1);
  for (int32_t color = 0; color < pattern.numColors; ++color) {
    for (int64_t j : columnsOfColor[color]) {
      for (int64_t k = pattern.colPtr[j]; k < pattern.colPtr[j + 1]; ++k) {
        if (rowColor[pattern.rowIdx[k]] == color)
          return "columns of color " + std::to_string(color) + " share row " +
                 std::to_string(pattern.rowIdx[k]);
        rowColor[pattern.rowIdx[k]] = color;
      }
    }
  }
  return {};
}

} // namespace

std::string checkPattern(const SparsityPattern &pattern, int64_t n) {
  if (pattern.colPtr.empty())
    return {}; // stands for the dense pattern
  std::string problem = checkStructure(pattern, n);
  return problem.empty() ? checkColoring(pattern, n) : problem;
}

SparsityPattern densePattern(int64_t n) {
  SparsityPattern pattern;
  pattern.size = n;
  pattern.numColors = static_cast<int32_t>(n);
  pattern.colPtr.reserve(n + 1);
  pattern.rowIdx.reserve(n * n);
  for (int64_t j = 0; j < n; ++j) {
    pattern.colPtr.push_back(j * n);
    for (int64_t i = 0; i < n; ++i)
      pattern.rowIdx.push_back(i);
    pattern.colors.push_back(static_cast<int32_t>(j));
  }
  pattern.colPtr.push_back(n * n);
  return pattern;
}

ColoredJacobian::ColoredJacobian(const SparsityPattern &pattern, KernelJvpRef jvp, int32_t numSlots,
                                 std::vector<int32_t> slots, std::vector<int32_t> rateSlots,
                                 std::span<double> sharedDv)
    : pattern_(pattern), jvp_(jvp), slots_(std::move(slots)), rateSlots_(std::move(rateSlots)) {
  if (sharedDv.empty())
    ownDv_.assign(numSlots, 0.0);
  dv_ = sharedDv.empty() ? ownDv_.data() : sharedDv.data();
  auto n = static_cast<int64_t>(slots_.size());
  if (pattern_.colPtr.empty())
    pattern_ = densePattern(n);
  dres_.assign(n, 0.0);
  columnsOfColor_.resize(std::max(pattern_.numColors, 0));
  for (int64_t j = 0; j < n; ++j)
    columnsOfColor_[pattern_.colors[j]].push_back(static_cast<int32_t>(j));
  buildMatrixPattern();
}

void ColoredJacobian::buildMatrixPattern() {
  int64_t n = pattern_.size;
  matrixColPtr_.assign(1, 0);
  valuePosition_.resize(pattern_.rowIdx.size());
  diagonalPosition_.resize(n);
  for (int64_t j = 0; j < n; ++j) {
    bool diagonalPlaced = false;
    for (int64_t k = pattern_.colPtr[j]; k < pattern_.colPtr[j + 1]; ++k) {
      int64_t row = pattern_.rowIdx[k];
      if (!diagonalPlaced && row >= j) {
        diagonalPosition_[j] = static_cast<int64_t>(matrixRowIdx_.size());
        diagonalPlaced = true;
        if (row > j)
          matrixRowIdx_.push_back(j); // the missing diagonal entry
      }
      valuePosition_[k] = static_cast<int64_t>(matrixRowIdx_.size());
      matrixRowIdx_.push_back(row);
    }
    if (!diagonalPlaced) {
      diagonalPosition_[j] = static_cast<int64_t>(matrixRowIdx_.size());
      matrixRowIdx_.push_back(j);
    }
    matrixColPtr_.push_back(static_cast<int64_t>(matrixRowIdx_.size()));
  }
}

void ColoredJacobian::evaluate(double t, const double *v, double rateFactor, double *values) {
  auto seed = [&](int32_t j, double one, double rate) {
    dv_[slots_[j]] = one;
    if (!rateSlots_.empty() && rateSlots_[j] >= 0)
      dv_[rateSlots_[j]] = rate;
  };
  for (const std::vector<int32_t> &columns : columnsOfColor_) {
    if (columns.empty())
      continue;
    for (int32_t j : columns)
      seed(j, 1.0, rateFactor);
    jvp_(t, v, dv_, dres_.data());
    for (int32_t j : columns) {
      for (int64_t k = pattern_.colPtr[j]; k < pattern_.colPtr[j + 1]; ++k)
        values[k] = dres_[pattern_.rowIdx[k]];
      seed(j, 0.0, 0.0);
    }
  }
}

void ColoredJacobian::store(const double *values, const double *diagonalShift,
                            SUNMatrix matrix) const {
  if (SUNMatGetID(matrix) == SUNMATRIX_SPARSE)
    storeSparse(values, diagonalShift, matrix);
  else
    storeDense(values, diagonalShift, matrix);
}

void ColoredJacobian::storeSparse(const double *values, const double *diagonalShift,
                                  SUNMatrix matrix) const {
  sunindextype *colPtr = SUNSparseMatrix_IndexPointers(matrix);
  sunindextype *rowIdx = SUNSparseMatrix_IndexValues(matrix);
  sunrealtype *data = SUNSparseMatrix_Data(matrix);
  std::copy(matrixColPtr_.begin(), matrixColPtr_.end(), colPtr);
  std::copy(matrixRowIdx_.begin(), matrixRowIdx_.end(), rowIdx);
  std::fill(data, data + matrixRowIdx_.size(), 0.0);
  for (std::size_t k = 0; k < valuePosition_.size(); ++k)
    data[valuePosition_[k]] = values[k];
  if (diagonalShift) {
    for (int64_t j = 0; j < pattern_.size; ++j)
      data[diagonalPosition_[j]] += diagonalShift[j];
  }
}

void ColoredJacobian::storeDense(const double *values, const double *diagonalShift,
                                 SUNMatrix matrix) const {
  SUNMatZero(matrix);
  for (int64_t j = 0; j < pattern_.size; ++j) {
    sunrealtype *column = SUNDenseMatrix_Column(matrix, j);
    for (int64_t k = pattern_.colPtr[j]; k < pattern_.colPtr[j + 1]; ++k)
      column[pattern_.rowIdx[k]] = values[k];
    if (diagonalShift)
      column[j] += diagonalShift[j];
  }
}

} // namespace mocc::rt
