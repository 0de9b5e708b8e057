// Plain data that the compiler's simulation plan (compiler/plan) and the
// runtime (runtime/CompiledModel.h) both carry, declared once: neither of
// the two depends on the other, both depend on this header, which holds
// data only (no code, no includes of either side).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mocc::data {

/// A square sparse pattern in compressed-sparse-column form, with a column
/// coloring: columns of one color share no row, so one Jacobian-vector
/// product per color gives all entries.
struct SparsityPattern {
  int64_t size = 0;
  std::vector<int64_t> colPtr; ///< size + 1 entries
  std::vector<int64_t> rowIdx; ///< row of each nonzero, sorted within a column
  std::vector<int32_t> colors; ///< color of each column, 0-based
  int32_t numColors = 0;
};

/// One column of the result file.
struct OutputVariable {
  std::string name; ///< Modelica name, e.g. "body.r_0[1]" or "der(x)"
  int32_t slot = 0;
  /// A parameter: its value, fixed once initialization has ended, is the
  /// same in every row. Also set on a variable that alias elimination
  /// bound to a parameter expression (constant in time just the same).
  bool parameter = false;
  /// What result files that keep them write (MAT's `description`): the
  /// declaration's unit, displayUnit and description string ("" if none).
  std::string unit = {};
  std::string displayUnit = {};
  std::string description = {};
  /// A variable that alias elimination removed: its value is that of slot
  /// `aliasOf`, negated if `negated` (MAT files store it once and refer to
  /// it). -1 for any other output.
  int32_t aliasOf = -1;
  bool negated = false;
};

/// Defaults from the experiment annotation; NaN where not given.
struct ExperimentDefaults {
  double startTime = 0.0;
  double stopTime = 1.0;
  double interval = 0.0; ///< 0: (stop - start) / 500
  double tolerance = 1e-6;
};

/// A square block of a pivot Jacobian: rows (residuals of the pivot
/// kernel) and columns (entries of the pivot columns (rt::DynamicStateSelection::columns, plan::SimulationPlan::pivotColumns)). A state
/// set is valid where the determinants of its blocks are nonzero.
struct PivotBlock {
  std::vector<int32_t> rows;    ///< residuals of the pivot kernel
  std::vector<int32_t> columns; ///< entries of the pivot columns (rt::DynamicStateSelection::columns, plan::SimulationPlan::pivotColumns)
};

/// A state set with a selection matrix (S. E. Mattsson, H. Olsson and H.
/// Elmqvist, "Dynamic selection of states in Dymola", 2000): the states of
/// the set are s = A x, with A numStates x columns.size() in the slots
/// aSlots (row-major, one 1 per row). The columns' candidates (the
/// derivatives of x) are chosen by pivoting the Jacobian of the pivot
/// kernel's `rows` with respect to `forced` (all of which every choice
/// takes) and `columns` (all of them but numStates); the columns left over
/// are the states. A switch sets A and copies each chosen column's chain
/// (x and its derivatives) into the state's chain.
struct SelectionMatrix {
  std::vector<int32_t> rows;    ///< residuals of the pivot kernel
  std::vector<int32_t> forced;  ///< entries of the pivot columns (rt::DynamicStateSelection::columns, plan::SimulationPlan::pivotColumns)
  std::vector<int32_t> columns; ///< entries of the pivot columns (rt::DynamicStateSelection::columns, plan::SimulationPlan::pivotColumns)
  int32_t numStates = 0;
  std::vector<int32_t> aSlots;
  std::vector<std::vector<int32_t>> columnChains; ///< per column: x, der(x), ...
  std::vector<std::vector<int32_t>> stateChains;  ///< per state: s, der(s), ...
  std::vector<int32_t> initial; ///< per state: its column at the start
  /// The rows' Jacobian in the forced and candidate columns holds only
  /// constants and parameters: the choice made at the start holds all run.
  bool constant = false;
};

} // namespace mocc::data
