// Run-time errors and warnings raised by generated code: a failed assert, an
// array index out of bounds; and terminate() requests. Generated code calls
// the C hooks below (the
// JIT binds their names to these definitions explicitly); they record the
// message in thread-local state, and the runtime checks that state after
// each call of a kernel and stops with the message. Generated code leaves
// the failing function at once and returns a nonzero status from every
// function on the way out (see compiler/codegen/Codegen.h).
//
// A message is a pattern whose placeholders take values: "%r" formats a
// Real as Modelica's String() does (6 significant digits, "%.6g"), "%i" an
// Integer, "%b" a Boolean ("true" / "false"), "%s" a String known only at
// run time (the value holds its pointer's bits), and "%%" is a percent sign.
// The values come in order from an array of doubles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

extern "C" {
/// Records a run-time error (the first one on this thread wins).
void mocc_runtime_error(const char *pattern, const double *values);
/// Records a run-time warning; execution continues.
void mocc_runtime_warning(const char *pattern, const double *values);
/// Records a terminate() request with its message (the first one on this
/// thread wins); execution continues, the runtime ends the run successfully
/// after the current event.
void mocc_runtime_terminate(const char *pattern, const double *values);
/// The value of a binding or start value of slot `slot`: the run's override
/// of it (mocc::rt::OverrideScope) if it has one, else `value`, the one the
/// model gives (a parameter set with `--override` takes it here, so that
/// the compiled code does not depend on the values overridden).
double mocc_start_override(int32_t slot, double value);

/// Calls of lowered functions in progress: each call site of generated
/// code checks it against mocc::rt::kMaxCallDepth, and the stack against
/// mocc_stack_limit, before the call (a recursion without a base case ends
/// the run with an error instead of overflowing the stack).
extern int64_t mocc_call_depth;
/// The lowest stack address a call of a lowered function may start at
/// (0: not checked); see mocc::rt::limitGeneratedCodeStack.
extern int64_t mocc_stack_limit;
}

namespace mocc::rt {

/// The names and addresses of the hooks, for the JIT to define.
std::vector<std::pair<const char *, void *>> generatedCodeHooks();
/// The names and addresses of the variables generated code reads and
/// writes (mocc_call_depth, mocc_stack_limit), for the JIT to define.
std::vector<std::pair<const char *, void *>> generatedCodeData();

/// While it lives, mocc_start_override on this thread takes the values of
/// `table` (per slot; NaN: not overridden). Initialization installs the
/// model's CompiledModel::overrides with it.
class OverrideScope {
public:
  explicit OverrideScope(const std::vector<double> &table);
  ~OverrideScope();
  OverrideScope(const OverrideScope &) = delete;
  OverrideScope &operator=(const OverrideScope &) = delete;

private:
  const std::vector<double> *previous_;
};

/// Nested calls of lowered functions before a run fails with "recursion of
/// function `f` deeper than N calls".
constexpr int64_t kMaxCallDepth = 100'000;

/// Sets mocc_stack_limit for generated code run on the calling thread: its
/// stack's lowest address plus a reserve for the callee's frame and the C
/// code it may call (an eighth of the stack, at most 8 MiB); and forgets
/// any count of calls left over.
void limitGeneratedCodeStack();

/// A message pattern with its values filled in (see above).
std::string formatMessage(const char *pattern, const double *values);

/// Whether generated code reported an error on this thread that was not
/// taken yet. The first time it says so, `t` is recorded as the model time
/// of the failure.
bool runtimeErrorPending(double t);

/// A run-time error taken from the thread-local state.
struct RuntimeFailure {
  double time = 0;     ///< model time when the runtime noticed it
  std::string message; ///< "assertion failed: ..."

  /// "simulation failed at time t = 0.5: assertion failed: ..."
  std::string describe() const;
};

/// Takes (and clears) the pending error, if any; `t` is its time if none was
/// recorded.
std::optional<RuntimeFailure> takeRuntimeFailure(double t);

/// Takes (and clears) the warnings reported so far on this thread.
std::vector<std::string> takeRuntimeWarnings();

/// Takes (and clears) the message of a pending terminate() request, if any.
std::optional<std::string> takeTerminateRequest();

/// Forgets any pending error, warnings and terminate request (before a new run).
void clearRuntimeMessages();

/// Whether a run-time error is recorded (and not yet taken).
bool runtimeErrorRecorded();

/// Appends `text` to the recorded run-time error's message.
void appendToRuntimeError(const std::string &text);

} // namespace mocc::rt
