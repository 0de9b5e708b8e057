// A SUNDIALS direct linear solver on KLU (Davis and Palamadai Natarajan
// 2010, "Algorithm 907: KLU, a direct sparse solver for circuit simulation
// problems", ACM TOMS 37(3)) that factors with 32-bit indices whenever the
// matrix allows it.
//
// SUNDIALS' own KLU module (SUNLinSol_KLU) calls KLU's 64-bit interface
// (klu_l_*), because SUNDIALS is built with 64-bit sunindextype. A
// triangular solve streams L and U from memory once per call, and once
// they no longer fit in the caches it runs at the speed of memory: 16 bytes
// per nonzero (an index and a value) against 12 with 32-bit indices. On the
// Jacobians of a chain of MultiBody links (minimum of 4 runs), a solve took
// 2.1 ms with klu_l_solve and 1.1 ms with klu_solve at 351 links (21,825
// unknowns, 0.9 million nonzeros in L and U: the 32-bit factors still fit in
// the cache), 16.9 and 13.7 ms at 1,754 links (109,435 unknowns, 4.7
// million); on small systems the two are the same.
//
// The solver behaves as SUNLinSol_KLU does (COLAMD ordering, the symbolic
// analysis at the first setup, a refactorization with the same pivots at
// each later one, a new factorization when the condition estimate says the
// pivots went bad, here only if new pivots could do better), with the
// 32-bit interface while the matrix's size and nonzeros fit in an int, and
// the 64-bit one otherwise or once a 32-bit factorization reports that its
// factors would not fit (KLU_TOO_LARGE).
// Unlike SUNLinSol_KLU it leaves out of the factors the stored entries that
// have been zero so far, and keeps them once one turns nonzero
// (KluSolver.cpp has the rule).
#pragma once

#include "runtime/SundialsSupport.h"

#include <sundials/sundials_linearsolver.h>

namespace mocc::rt {

/// Which of KLU's interfaces a solver uses.
enum class KluIndices {
  Automatic, ///< 32-bit while the matrix and its factors fit, 64-bit otherwise
  Int64,     ///< always 64-bit (klu_l_*), as SUNLinSol_KLU
};

/// A direct linear solver for SUNDIALS sparse CSC matrices (null if out of
/// memory). SUNLinSolSetup factors, SUNLinSolSolve solves with the last
/// factorization; both return SUNLS_PACKAGE_FAIL_REC when KLU fails (a
/// singular matrix), so that an integrator retries.
SunLinearSolverPtr makeKluSolver(SUNContext context, KluIndices indices = KluIndices::Automatic);

/// Whether `solver` (from makeKluSolver) now factors with 32-bit indices.
bool kluUses32BitIndices(SUNLinearSolver solver);

/// What a solver from makeKluSolver has done so far.
struct KluCounts {
  long analyses = 0;         ///< symbolic analyses (orderings)
  long factorizations = 0;   ///< numeric factorizations that chose pivots
  long refactorizations = 0; ///< factorizations with the pivots of the last one
};
KluCounts kluCounts(SUNLinearSolver solver);

/// The column of the matrix in which the last factorization found no
/// nonzero pivot (KLU's singular_col: it depends on the columns factored
/// before it), or -1 if that factorization did not fail so.
long kluSingularColumn(SUNLinearSolver solver);

} // namespace mocc::rt
