// Kernels: the unit of the plan and of generated code. A kernel is an
// ordered list of steps over the slot vector `v` of the runtime (Plan.h):
// assignments `v[target] := expr`, residuals `res[k] := expr` (k counts the
// residual steps in order), the checks of assert() and terminate(), calls
// of functions for their effects, and calls that store their outputs. Code
// generation turns each kernel into a native function `void name(double t,
// double *v, double *res)` and, when asked, its forward-mode derivative
// `void name_jvp(double t, const double *v, double *dv, double *dres)` (a
// batch of small kernels takes the case to run as a last `int32_t`). The
// arrays passed to one call must not overlap (the functions declare them
// `noalias`).
#pragma once

#include "compiler/flat/Function.h"
#include "compiler/symbolic/Expr.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mocc::plan {

/// One step of a kernel.
struct KernelStep {
  enum class Kind : uint8_t {
    Assign,    ///< v[target] := expr
    Residual,  ///< res[k] := expr
    Assert,    ///< if expr is false: report `message` (level 1 error: the kernel
               ///< stops; level 2 warning, once per step)
    Terminate, ///< if expr is true: report terminate(message) and go on
    /// expr is an effect (flat::CallEffect): the calls it selects run for
    /// their effects; a failed one stops the kernel as a failed assert does.
    Call,
    /// expr is an effect as for Call, over one call of a function; where
    /// the call runs, its output k is stored into slot targets[k] (none for
    /// an invalid entry). Each target's Assign step comes later in the
    /// kernel and reads the stored value (`a := if c then a else pre(a)`):
    /// a call whose outputs many assignments use runs once, its arguments
    /// passed once (causalize/SharedCalls.h). Never in a kernel with a JVP.
    Outputs,
  } kind = Kind::Assign;
  sym::VarId target; ///< Assign only: the slot written
  sym::ExprId expr;
  std::vector<flat::MessagePart> message; ///< Assert, Terminate
  int level = 1;                          ///< Assert
  /// The equation (or binding) the step computes, for the message of a run
  /// that stops on a value that is not finite; may be invalid.
  SourceRange loc{};
  /// Assign only: the slot whose binding or start value `expr` is (a
  /// parameter's binding, a start value, x = x.start of fixed = true), or
  /// -1. A value the run sets for that slot (`simulate --override`, the
  /// runtime's override table) replaces `expr`: an override changes no code.
  int32_t overrideSlot = -1;
  std::vector<sym::VarId> targets{}; ///< Outputs only: the slot of each output

  KernelStep() = default;
  KernelStep(Kind kind, sym::VarId target, sym::ExprId expr,
             std::vector<flat::MessagePart> message = {}, int level = 1, SourceRange loc = {})
      : kind(kind), target(target), expr(expr), message(std::move(message)), level(level),
        loc(loc) {}
};

/// A named list of steps to compile into one function (and its JVP).
struct KernelSpec {
  std::string name;
  std::vector<KernelStep> steps;
  bool withJvp = false;
  /// The JVP differentiates the first jvpSteps steps only: the later ones
  /// compute values that no residual depends on (the eliminated aliases,
  /// for the results), so their tangents would be dead code.
  size_t jvpSteps = SIZE_MAX;
  /// Empty for a kernel of its own. Otherwise the kernel is a batch of
  /// small kernels, its cases: case k holds the steps [caseStart[k],
  /// caseStart[k + 1]) (caseStart has one entry more than there are
  /// cases), and numbers its residuals from 0. Its native function takes
  /// the case as a last argument (the runtime's BatchedKernelFn) and runs
  /// only that case. A batch is one function,
  /// never split, and its JVP covers every step.
  std::vector<uint32_t> caseStart{};

  bool isBatch() const { return !caseStart.empty(); }
  size_t numCases() const { return caseStart.empty() ? 0 : caseStart.size() - 1; }
};

} // namespace mocc::plan
