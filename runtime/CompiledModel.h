// The contract between the compiler and the runtime: a model whose equations
// were compiled to native functions (by the JIT, or written by hand in tests)
// and everything the solver needs to know about them. This header has no
// compiler dependency: the runtime knows nothing of Modelica.
//
// All model quantities live in one array of doubles, the slot vector `v`:
// parameters, states, state derivatives, algebraic variables (Integer and
// Boolean values are stored as doubles, false = 0, true = 1). Every generated
// function reads and writes slots of `v`.
#pragma once

#include "common/SimulationData.h"

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace mocc::rt {

/// Evaluates a kernel at time t: performs its assignments into v (in order)
/// and writes its residuals into res (res may be null for kernels that have
/// no residuals).
using KernelFn = void (*)(double t, double *v, double *res);

/// Forward-mode derivative of a kernel (a Jacobian-vector product). On entry
/// v holds the values of the point (the kernel was just evaluated there) and
/// dv holds the seed direction in the slots of the unknowns (all other slots
/// are zero or will be written). It writes into dv the directional
/// derivatives of every slot the kernel assigns, and into dres those of the
/// residuals.
using KernelJvpFn = void (*)(double t, const double *v, double *dv, double *dres);

/// Many small kernels (the systems of initialization, one or two per
/// component) are cases of one batched native function: the last argument
/// selects the case, which then behaves as a KernelFn (a KernelJvpFn). One
/// function per small kernel would cost the JIT far more than its code.
using BatchedKernelFn = void (*)(double t, double *v, double *res, int32_t which);
using BatchedKernelJvpFn = void (*)(double t, const double *v, double *dv, double *dres,
                                    int32_t which);

/// A kernel as the runtime calls it: a function of its own (`Fn`), or a
/// case of a batched one (`Batched`, which takes the case as a last
/// argument).
template <class Fn, class Batched>
struct CaseRef {
  Fn fn = nullptr;
  Batched batched = nullptr;
  int32_t which = 0;

  CaseRef() = default;
  /// A plain function (or a lambda without captures) is a kernel.
  template <class F>
    requires std::is_convertible_v<F, Fn>
  CaseRef(F fn) : fn(fn) {} // NOLINT(google-explicit-constructor)
  CaseRef(Batched batched, int32_t which) : batched(batched), which(which) {}
  explicit operator bool() const { return fn || batched; }
  template <class... Args>
  void operator()(Args... args) const {
    if (fn)
      fn(args...);
    else
      batched(args..., which);
  }
};

using KernelRef = CaseRef<KernelFn, BatchedKernelFn>;
using KernelJvpRef = CaseRef<KernelJvpFn, BatchedKernelJvpFn>; ///< the JVP of a KernelRef

using data::ExperimentDefaults;
using data::OutputVariable;
using data::PivotBlock;
using data::SelectionMatrix;
using data::SparsityPattern;

/// A system of equations solved together: `residual` computes residuals for
/// the current values of the unknown slots `unknowns`.
struct ImplicitSystem {
  std::vector<int32_t> unknowns; ///< slots of the unknowns (iteration variables)
  KernelRef residual;            ///< writes unknowns.size() residuals
  KernelJvpRef jvp;
  /// Every slot the residual kernel assigns: the JVP writes their tangents
  /// into dv, which initialization shares between its systems and zeroes
  /// again at these slots (see solveImplicitSystem).
  std::vector<int32_t> assigned;
  SparsityPattern pattern;       ///< Jacobian d residual / d unknowns
  std::vector<double> nominal;   ///< scale of each unknown (1 if not given)
  std::string description;       ///< which equations/variables, for messages
};

/// One step of initialization: either explicit assignments or a system to
/// solve (with the values in the unknowns' slots as the starting guess).
struct InitStep {
  enum class Kind { Assign, Solve } kind = Kind::Assign;
  KernelRef assign;          ///< Assign: computes slots explicitly
  ImplicitSystem system;     ///< Solve
};




/// One choice of states: the DAE as IDA sees it with these states (the
/// fields mean what the CompiledModel fields of the same names mean).
struct StateSet {
  std::vector<int32_t> ySlot;   ///< see CompiledModel::ySlot
  std::vector<int32_t> ypSlot;  ///< see CompiledModel::ypSlot
  std::vector<double> yNominal; ///< see CompiledModel::yNominal
  KernelFn residual = nullptr;  ///< see CompiledModel::residual
  KernelJvpFn jvp = nullptr;    ///< see CompiledModel::jvp
  SparsityPattern jacobian;     ///< see CompiledModel::jacobian
  /// The blocks whose determinants rate this set at a point.
  std::vector<PivotBlock> pivotBlocks;
  std::string description; ///< the states, for messages
};


/// Dynamic state selection (S. E. Mattsson, H. Olsson and H. Elmqvist,
/// "Dynamic selection of states in Dymola", 2000): when no single choice of
/// states is valid along the whole solution (a pendulum in Cartesian
/// coordinates), the compiler gives every equally good choice; the runtime
/// rates them by the determinants of their pivot blocks, integrates with the
/// best, and switches (restarting IDA from the current, consistent values)
/// when the current set's rating falls below `switchRatio` times the best.
struct DynamicStateSelection {
  /// The alternatives; empty for a model with one choice of states (then
  /// the CompiledModel's own ySlot, residual, ... are used). When not empty,
  /// sets[0] is the same as the CompiledModel's own.
  std::vector<StateSet> sets;
  /// The pivot kernel: its residuals are the equations of the pivot blocks;
  /// its JVP with respect to `columns` gives the pivot Jacobian. It only
  /// reads slots (no assignments).
  KernelFn pivots = nullptr;
  KernelJvpFn pivotsJvp = nullptr;   ///< the pivot kernel's JVP
  int32_t numPivotRows = 0;          ///< residuals of the pivot kernel
  std::vector<int32_t> columns;      ///< slots of the pivot Jacobian's columns
  /// Which columns each pivot row reads, colored (size = columns.size(),
  /// rowIdx < numPivotRows); empty: every row may read every column.
  SparsityPattern pattern;
  double switchRatio = 0.1;          ///< hysteresis of the switch, in (0, 1]
  /// The state sets' pivot blocks have a Jacobian of constants and
  /// parameters: the set chosen at the start holds all run.
  bool constantSetPivots = false;
  /// State sets with selection matrices (with one state set or several).
  std::vector<SelectionMatrix> matrices;
};

/// A time event source, sample(start, interval): its flag slot is 1 during
/// the event iteration at the instants start + k*interval (k = 0, 1, ...;
/// only those at or after the start time of the run) and 0 at every other
/// time. The runtime sets it to 1 after the first pre := value of the
/// iteration (so a pre() of the flag, if it has one, is 0 in its first
/// round) and back to 0 once the iteration has converged.
struct SampleClock {
  int32_t flagSlot = -1;
  int32_t startSlot = -1;    ///< slot of the start time (set by setParameters)
  int32_t intervalSlot = -1; ///< slot of the interval (> 0)
  /// The time event of a relation (time >= t1, one tick, interval
  /// "infinite"): its event happens at t1 exactly, not at an output time
  /// within roundoff before it, where the relation would still be false.
  bool relation = false;
  /// A relation's time event whose instant moves (time >= pre(next)):
  /// `update` assigns startSlot, and the clock ticks once at that instant
  /// if it is still ahead after the event iteration that set it.
  bool moving = false;
};

/// The discrete part of a model (MLS 8.5 and 8.6). Empty for a purely
/// continuous model.
///
/// Between events, every relation that generates events is held in a slot
/// of its own, so the residual is smooth. IDA locates the sign changes of
/// the zero-crossing functions (one per relation); at such a root, at a
/// sample instant, and at the start time after initialization, the runtime
/// runs the event iteration: pre := value for every pair (for a continuous
/// variable this is its left limit), then `residual` (at the event point,
/// on the values as they are: it recomputes the assigned slots), then
/// `update`; again until `update` leaves every value equal to its pre (at
/// most maxEventIterations rounds, also without an `update` kernel: the
/// residual alone may change a discrete value, `b = not pre(b)`). Afterwards the sample flags
/// and initial() go to 0 and IDA is reinitialized from the new values
/// (states may have been changed by reinit(); y' and the algebraic
/// components are made consistent), and one more round of pre := value and
/// `update` on these values must change nothing (else the iteration goes
/// on). A root is reported where each function that crossed zero has its
/// new sign (never exactly at a zero), so `update` sees every relation that
/// changed with its new value. runtime/Integration.cpp has the whole order
/// of the calls.
struct EventModel {
  /// Writes the zero-crossing functions g_k (k < numZeroCrossings) into
  /// res; evaluated after `residual` at the same point.
  KernelFn zeroCrossings = nullptr;
  int32_t numZeroCrossings = 0;
  /// One step of the event iteration: recomputes the relation slots, the
  /// when-clauses (a clause fires on the rising edge of its condition:
  /// condition and not pre(condition)) and the discrete variables they
  /// assign. Evaluated after `residual`, and again with the continuous
  /// equations within a round until the discrete values stop changing.
  KernelFn update = nullptr;
  /// The rest of a round, once, after `update` has settled (see
  /// Integration.cpp): reinit(), calls, asserts and terminate() of the
  /// when-branches that fire.
  KernelFn effects = nullptr; // may report terminate() and failed asserts
                              // through the hooks of runtime/RuntimeErrors.h;
                              // after a round in which terminate() was
                              // reported, the run ends (successfully) at the
                              // event time, after its row
  /// The relations of `update` alone: recomputes the relation slots
  /// (`relationSlots`) from the values in v. Within a round of the event
  /// iteration (pre() fixed) the runtime alternates solving the continuous
  /// equations with the relations held and `relations`, until the relations
  /// stop changing: the relations and the continuous unknowns of a mixed
  /// system are then consistent before `update` runs.
  KernelFn relations = nullptr;
  std::vector<int32_t> relationSlots;
  /// pre(v) pairs: preSlot[i] holds pre of valueSlot[i].
  std::vector<int32_t> preSlot;
  std::vector<int32_t> valueSlot;
  std::vector<SampleClock> samples;
  /// initial(): 1 while the initialization problem is solved (and for the
  /// one `assertions` call of the initial event iteration), 0 in the event
  /// iteration at the start time and after (MLS 3.7.3).
  int32_t initialSlot = -1;
  /// terminal(): 1 at the final evaluation (pre := value, `residual`,
  /// `update` once, at the stop time or after terminate(), before the last
  /// row), else 0.
  int32_t terminalSlot = -1;
  /// 1 while `update` runs again within a round (assignments that call an
  /// impure function keep their values then), else 0; -1 if none.
  int32_t repeatSlot = -1;
  /// lambda of homotopy(actual, simplified): followed from 0 to 1 while the
  /// initialization problem is solved (continuation), else 1; -1 if none.
  int32_t homotopySlot = -1;
  /// Checks the model's assert()s (Assert steps, reporting through the
  /// hooks); run before every row of the result (output times, and before
  /// and after every event): a level-1 failure ends the run with its
  /// message and the time.
  KernelFn assertions = nullptr;
  int32_t maxEventIterations = 100;
  bool empty() const {
    return numZeroCrossings == 0 && !update && !effects && samples.empty() && !assertions;
  }
};

/// Everything needed to initialize and simulate a model.
///
/// Initialization: v is zeroed; `setParameters` computes parameter values;
/// `setStartValues` writes start values (the guesses) of the other slots;
/// then the `init` steps run in order. Afterwards every slot is consistent.
///
/// Simulation: IDA solves F(t, y, y') = 0 where y[i] is stored in slot
/// ySlot[i] and y'[i] in slot ypSlot[i] (-1 for an algebraic component,
/// whose derivative does not appear). `residual` computes every other slot
/// from them by assignment, but for the eliminated aliases that no kernel
/// reads, and writes the size() residuals; `jvp` is its derivative;
/// `jacobian` is the pattern of dF/dy + cj dF/dy'. `aliases` (if any)
/// assigns those aliases from the slots they alias: it runs before a row of
/// results is written that holds one, not at every evaluation of the
/// residual.
struct CompiledModel {
  std::string name;
  int32_t numSlots = 0;

  KernelFn setParameters = nullptr;
  KernelFn setStartValues = nullptr;
  std::vector<InitStep> init;
  /// The run's values of bindings and start values, per slot (NaN, or
  /// shorter than numSlots: none): initialization gives them to the code
  /// (mocc_start_override), which uses them instead of the model's. Set by
  /// `simulate --override`; not part of the compiled code.
  std::vector<double> overrides;

  std::vector<int32_t> ySlot;
  std::vector<int32_t> ypSlot;
  std::vector<double> yNominal; ///< scale for IDA's error weights (1 if none)
  KernelFn residual = nullptr;
  KernelJvpFn jvp = nullptr;
  SparsityPattern jacobian;
  KernelFn aliases = nullptr;
  /// The slots `aliases` assigns: it runs only before rows that write one
  /// (all rows if this is empty).
  std::vector<int32_t> aliasSlots;

  std::vector<OutputVariable> outputs;
  ExperimentDefaults experiment;
  /// The slots of Integer variables and parameters (with their names): a
  /// value outside the range of Integer (-2147483648 to 2147483647, as the
  /// translation checks constants) stops the run, as a NaN does.
  std::vector<std::pair<int32_t, std::string>> integerSlots;

  /// Alternative choices of states; see DynamicStateSelection.
  DynamicStateSelection stateSelection;

  /// Events, time events, discrete variables and assertions.
  EventModel events;

  /// External objects (MLS 12.9.7) that `setParameters` constructed: the
  /// slot holding each (the bits of its pointer) and its destructor, a
  /// lowered function `i32 (const double *in, double *out)` taking the
  /// slot's value. After the run (also a failed one) each distinct object
  /// is destroyed once, in the reverse order.
  struct ExternalObject {
    int32_t slot = -1;
    int32_t (*destructor)(const double *in, double *out) = nullptr;
  };
  std::vector<ExternalObject> externalObjects;

  /// Where a value that is not finite came from, for the message of the
  /// failure it causes (the compiler knows the equations; empty in models
  /// written by hand): called with the time, the slots and, where a
  /// residual was not finite, the residuals of the residual kernel of state
  /// set `set` (else null). Returns "`z` is NaN: square root of a negative
  /// number: `sqrt(time - 0.5)` with `time - 0.5` = -0.002 (at m.mo:4:3)".
  std::function<std::string(double t, const double *v, const double *residuals, int32_t set)>
      explainNonFinite;
};

} // namespace mocc::rt
