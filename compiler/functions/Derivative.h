// The forward-mode derivative of a lowered function, as another lowered
// function (IR to IR). For f(x) -> y it builds df(x, dx) -> (y, dy), where dy
// is the directional derivative of y at x in the direction dx: every
// assignment gets the assignment of its tangent, control flow is copied, and
// a call of g becomes a call of g's derivative. Code generation calls these
// functions in the Jacobian-vector products of kernels; index reduction
// calls them for the time derivatives of calls (dx = der(x)).
#pragma once

#include "compiler/flat/Function.h"
#include "compiler/support/DiagnosticKinds.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace mocc::functions {

/// The derivative of a function that is called, as the derivative of a
/// caller refers to it.
struct CalleeDerivative {
  uint32_t function = 0;   ///< index of the callee's derivative in the table
  uint32_t numOutputs = 0; ///< number of flattened outputs of the callee itself
};

/// Gives the derivative of a called function (by its index in the table),
/// or nothing when there is none.
using CalleeDerivativeFn = std::function<std::optional<CalleeDerivative>(uint32_t callee)>;

/// The forward-mode derivative of `f`.
///
/// Layout: if f has N slots, slot s of the derivative holds what slot s of f
/// holds and slot N + s its tangent (further slots are temporaries). The
/// inputs are f's inputs followed by the tangents of all of them, in the
/// same order; the outputs likewise (an Integer or Boolean input or output
/// has a tangent too, which is ignored or always zero). Asserts of level
/// error are kept, those of level warning dropped (the function itself
/// reports them where its derivative runs); messages, conditions, loop
/// bounds and indices use primal values only. A call g(args) in f becomes a call of g's derivative on (args, their
/// tangents), which gives both the value and the tangent. The symbol is
/// f.symbol + "$der".
///
/// Returns nothing and sets `error` if f calls a function without a
/// derivative (callee gives nothing or is empty).
std::optional<flat::Function> differentiateFunction(const flat::Function &f,
                                                    const CalleeDerivativeFn &callee = {},
                                                    diag::Message *error = nullptr);

/// Adds derivatives to a function table on demand: the derivative of a
/// function, and those of the functions it calls (recursion included), are
/// appended once and recorded in Function::forwardDerivative.
class DerivativeTable {
public:
  explicit DerivativeTable(std::vector<flat::Function> &functions) : functions_(functions) {}

  /// The index of the derivative of function `index`, added to the table if
  /// it is not there yet; nothing with `error` set if it cannot be made (a
  /// call of a function that is not in the table).
  std::optional<uint32_t> derivativeOf(uint32_t index, diag::Message *error = nullptr);

private:
  std::vector<uint32_t> reserveDerivatives(uint32_t index, diag::Message *error);

  std::vector<flat::Function> &functions_;
};

} // namespace mocc::functions
