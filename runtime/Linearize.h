// Linearization of a compiled model around an operating point (`mocc
// linearize`): the matrices of
//
//   dx/dt = A x + B u,    y = C x + D u
//
// in the deviations from the point, with x the states (the differential
// components of IDA's y), u the model's inputs and y its outputs. The
// Jacobians come from the model's own forward-mode derivative code (the
// residual's JVP that the solver uses), not from finite differences: with
// the DAE F(x, x', z, u) = 0 (z the algebraic components of IDA's y), the
// columns of J = [dF/dx' dF/dz] are JVPs seeded at x' and z; for each state
// and each input e, J w = -dF/de gives the change w of x' and z (A's and
// B's columns are w's x' part), and a second JVP seeded with e and w gives
// the change of every slot the residual assigns (C's and D's columns are
// the outputs' part). J has the pattern of IDA's Jacobian dF/dy + cj dF/dy'
// or less: it is assembled by the same colored JVPs and factored once by
// KLU, so that a column costs a sparse solve and two JVPs. A singular J (a
// DAE that is not index 1 in these components) is an error.
#pragma once

#include "runtime/Simulator.h"

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace mocc::rt {

/// An output of the linearization, as the result file knows it
/// (CompiledModel.h, OutputVariable): its slot, or what it aliases, or a
/// value that does not change (a parameter expression).
struct LinearOutput {
  int32_t slot = 0;
  int32_t aliasOf = -1;
  bool negated = false;
  bool constant = false;
};

/// The linear model; matrices row-major.
struct LinearModel {
  double time = 0;
  std::vector<int32_t> stateSlots;
  std::vector<double> x0, u0, y0;
  std::vector<double> dx0; ///< the states' derivatives at the point
  std::vector<double> A, B, C, D; ///< nx*nx, nx*nu, ny*nx, ny*nu
};

/// Linear models of more entries than this (in A, B, C, D together: 400
/// MB) are refused.
inline constexpr double maxLinearizedEntries = 5e7;

/// Initializes the model at options.startTime, integrates it to
/// options.stopTime (the operating point; no result file) and linearizes it
/// there with respect to the slots `inputs`, for `outputs`. A model with
/// several state sets (dynamic state selection) is refused: its states
/// change along the run.
RunStatus linearize(const CompiledModel &model, const SimulationOptions &options,
                    const std::vector<int32_t> &inputs, const std::vector<LinearOutput> &outputs,
                    LinearModel &result, SolverStatistics &stats, std::ostream &log);

} // namespace mocc::rt
