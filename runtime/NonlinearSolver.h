// Solves the implicit systems of initialization with KINSOL: Newton's method
// with a line search on the system scaled by the unknowns' nominal values and
// by the rows of the Jacobian, using the system's own colored Jacobian (dense
// LU for small systems, sparse KLU for large ones). If that fails, it retries
// once by following a fixed-point homotopy from the starting guess to the
// system, which passes where the line search stops at a local minimum of the
// residual norm; if that fails too, a system of at most maxDenseSystemSize
// unknowns gets the Levenberg-Marquardt method, which copes with a Jacobian
// that is singular at the guess.
#pragma once

#include "runtime/Simulator.h"

#include <cstdint>
#include <span>
#include <vector>

namespace mocc::rt {

/// Systems with more unknowns than this are solved with the sparse KLU solver.
inline constexpr int64_t maxDenseSystemSize = 50;

/// Solves `system` for its unknowns at time t, starting from the values in
/// their slots of v. On success v holds the solution and every slot the
/// residual kernel assigns is evaluated there. On failure the message names
/// the system and the cause, and the status time is t; the caller says what
/// was being done ("initialization failed at time ...").
///
/// `sharedDv`, if not empty, is a dv of v.size() zeros for the system's
/// JVPs (see ColoredJacobian), left zeroed again (at the system's unknowns
/// and `assigned` slots) for the next system.
RunStatus solveImplicitSystem(const ImplicitSystem &system, double t, std::vector<double> &v,
                              SolverStatistics &stats, std::span<double> sharedDv = {});

} // namespace mocc::rt
