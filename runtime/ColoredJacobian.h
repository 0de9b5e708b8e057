// Assembles a sparse Jacobian from a kernel's Jacobian-vector products, one
// product per color of the pattern's column coloring (Curtis, Powell and Reid
// 1974): the columns of one color share no row, so seeding all of them at once
// yields each of their entries in a distinct row of the product. The entries
// are stored into SUNDIALS dense or sparse (CSC) matrices whose pattern is the
// given one plus the diagonal, so that a diagonal shift (a homotopy's) always
// has a place.
#pragma once

#include "runtime/CompiledModel.h"

#include <sundials/sundials_matrix.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mocc::rt {

/// Describes what is wrong with a pattern for a square system of size n
/// (sizes, index ranges, sorted rows, a coloring whose columns of one color
/// share a row); empty if it is valid. An empty pattern (no column pointers)
/// is valid: it stands for the dense one.
std::string checkPattern(const SparsityPattern &pattern, int64_t n);

/// The full pattern of an n x n matrix, one color per column.
SparsityPattern densePattern(int64_t n);

/// The Jacobian of one kernel with respect to a set of unknowns.
class ColoredJacobian {
public:
  /// Column j of the Jacobian is the derivative with respect to slot
  /// `slots[j]` plus, if `rateSlots` is given and `rateSlots[j] >= 0`, the
  /// factor passed to evaluate() times the derivative with respect to slot
  /// `rateSlots[j]` (IDA's dF/dy + cj dF/dy'). An empty pattern (no column
  /// pointers) stands for a dense one.
  ///
  /// The seeds go into a dv of numSlots zeros: its own, or `sharedDv` if
  /// that is not empty (numSlots zeros, which the caller zeroes again at
  /// the slots the kernel assigns once done: see ImplicitSystem::assigned).
  /// Allocating numSlots doubles for each of many small systems would make
  /// their initialization quadratic in the model's size.
  ColoredJacobian(const SparsityPattern &pattern, KernelJvpRef jvp, int32_t numSlots,
                  std::vector<int32_t> slots, std::vector<int32_t> rateSlots = {},
                  std::span<double> sharedDv = {});
  // dv_ may point into ownDv_: a move keeps the buffer, a copy would not.
  ColoredJacobian(const ColoredJacobian &) = delete;
  ColoredJacobian &operator=(const ColoredJacobian &) = delete;
  ColoredJacobian(ColoredJacobian &&) = default;
  ColoredJacobian &operator=(ColoredJacobian &&) = default;

  /// Fills `values` (one per nonzero of pattern(), in CSC order) with the
  /// Jacobian at the point in v; the kernel must have just been evaluated
  /// there.
  void evaluate(double t, const double *v, double rateFactor, double *values);

  /// Stores values into a dense or CSC sparse matrix created with
  /// matrixNonzeros() nonzeros, adding `diagonalShift[j]` (if not null) to
  /// entry (j, j).
  void store(const double *values, const double *diagonalShift, SUNMatrix matrix) const;

  const SparsityPattern &pattern() const { return pattern_; }
  int64_t size() const { return pattern_.size; }
  int64_t nonzeros() const { return static_cast<int64_t>(pattern_.rowIdx.size()); }
  /// The nonzeros of the stored matrix: the pattern's plus missing diagonals.
  int64_t matrixNonzeros() const { return static_cast<int64_t>(matrixRowIdx_.size()); }

private:
  void buildMatrixPattern();
  void storeSparse(const double *values, const double *diagonalShift, SUNMatrix matrix) const;
  void storeDense(const double *values, const double *diagonalShift, SUNMatrix matrix) const;

  SparsityPattern pattern_;
  KernelJvpRef jvp_;
  std::vector<int32_t> slots_;
  std::vector<int32_t> rateSlots_;
  std::vector<std::vector<int32_t>> columnsOfColor_;
  std::vector<double> ownDv_;
  double *dv_ = nullptr;
  std::vector<double> dres_;
  // The stored matrix's CSC pattern: pattern_ with the diagonal added.
  std::vector<int64_t> matrixColPtr_;
  std::vector<int64_t> matrixRowIdx_;
  std::vector<int64_t> valuePosition_;    // pattern nonzero -> matrix nonzero
  std::vector<int64_t> diagonalPosition_; // column -> matrix nonzero (j, j)
};

} // namespace mocc::rt
