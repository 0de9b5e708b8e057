// Ownership of SUNDIALS objects and capture of SUNDIALS' error messages. Every
// vector, matrix, linear solver and context the runtime creates is held by one
// of these owners, so each path out of a solver frees everything, and the
// error handler keeps SUNDIALS' last message for the run status instead of
// letting SUNDIALS print it to stderr.
#pragma once

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

#include <memory>
#include <new>
#include <string>
#include <type_traits>

namespace mocc::rt {

/// Owns a SUNContext (SUNDIALS v6 needs one for every object it creates).
class SunContext {
public:
  SunContext();
  ~SunContext();
  SunContext(const SunContext &) = delete;
  SunContext &operator=(const SunContext &) = delete;

  /// The context, or null if it could not be created.
  SUNContext get() const { return context_; }

private:
  SUNContext context_ = nullptr;
};

/// Destroys an N_Vector.
struct NVectorDeleter {
  void operator()(N_Vector vector) const { N_VDestroy(vector); }
};
/// Destroys a SUNMatrix.
struct SunMatrixDeleter {
  void operator()(SUNMatrix matrix) const { SUNMatDestroy(matrix); }
};
/// Frees a SUNLinearSolver.
struct SunLinearSolverDeleter {
  void operator()(SUNLinearSolver solver) const { SUNLinSolFree(solver); }
};

/// An owned N_Vector.
using NVectorPtr = std::unique_ptr<std::remove_pointer_t<N_Vector>, NVectorDeleter>;
/// An owned SUNMatrix.
using SunMatrixPtr = std::unique_ptr<std::remove_pointer_t<SUNMatrix>, SunMatrixDeleter>;
/// An owned SUNLinearSolver.
using SunLinearSolverPtr =
    std::unique_ptr<std::remove_pointer_t<SUNLinearSolver>, SunLinearSolverDeleter>;

/// A direct linear solver of our own (KluSolver, LinearSolver): a new
/// `Content` (with a `sunindextype lastFlag` member), owned and deleted by
/// the solver, and the given operations; SUNDIALS' other operations are the
/// same for all of them. Null on failure.
template <class Content>
SunLinearSolverPtr makeDirectSolver(SUNContext context, int (*initialize)(SUNLinearSolver),
                                    int (*setup)(SUNLinearSolver, SUNMatrix),
                                    int (*solve)(SUNLinearSolver, SUNMatrix, N_Vector, N_Vector,
                                                 double)) {
  SUNLinearSolver s = SUNLinSolNewEmpty(context);
  if (!s)
    return nullptr;
  s->content = new (std::nothrow) Content;
  if (!s->content) {
    SUNLinSolFreeEmpty(s);
    return nullptr;
  }
  s->ops->gettype = [](SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; };
  s->ops->getid = [](SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; };
  s->ops->initialize = initialize;
  s->ops->setup = setup;
  s->ops->solve = solve;
  s->ops->lastflag = [](SUNLinearSolver solver) -> sunindextype {
    return static_cast<Content *>(solver->content)->lastFlag;
  };
  s->ops->space = [](SUNLinearSolver, long *realWords, long *intWords) {
    *realWords = 0; // the factorizations are opaque, as SUNLinSol_KLU reports
    *intWords = 2;
    return static_cast<int>(SUNLS_SUCCESS);
  };
  s->ops->free = [](SUNLinearSolver solver) {
    if (!solver)
      return static_cast<int>(SUNLS_SUCCESS);
    delete static_cast<Content *>(solver->content);
    solver->content = nullptr;
    SUNLinSolFreeEmpty(solver);
    return static_cast<int>(SUNLS_SUCCESS);
  };
  return SunLinearSolverPtr(s);
}

/// Creates a serial vector of the given length (null on failure).
NVectorPtr makeVector(int64_t length, SUNContext context);

/// Collects the error messages SUNDIALS reports through an error handler
/// (IDASetErrHandlerFn, KINSetErrHandlerFn); warnings are ignored.
class SolverMessages {
public:
  /// The handler to install, with a SolverMessages object as its user data.
  static void handle(int errorCode, const char *module, const char *function, char *message,
                     void *self);

  /// The last error message ("IDASolve: ..."), empty if none.
  const std::string &last() const { return last_; }
  void clear() { last_.clear(); }

private:
  std::string last_;
};

/// Converts a flag name that SUNDIALS allocated with malloc (IDAGetReturnFlagName,
/// KINGetReturnFlagName) to a string and frees it.
std::string takeFlagName(char *name);

} // namespace mocc::rt
