// Calls of Modelica functions during flattening. A call is either inlined
// (annotation(Inline = true) and a body whose control flow the compiler can
// follow: the outputs become expressions of the arguments) or compiled: the
// function is lowered once per shape of its arguments into a flat::Function
// (see flat/Function.h) and the call becomes a Call node with one Output
// node per scalar output.
#pragma once

#include "compiler/flatten/Flattener.h"

namespace mocc::flattening {

/// The public inputs of a function instance, in declaration order.
std::vector<inst::Member *> inputsOf(Instance *function);

/// Calls `function` with `args` (one per input, in input order; nothing for
/// an input left to its default) and returns the values of all outputs.
/// When `specialization` is given and the call is compiled, it receives the
/// index of the specialization in the model's functions, and `calls` the
/// Call node.
std::optional<std::vector<Value>> callFunction(Flattener &f, Instance *function,
                                               std::vector<std::optional<Value>> &args,
                                               SourceRange loc, uint32_t *specialization = nullptr,
                                               std::vector<sym::ExprId> *calls = nullptr);

} // namespace mocc::flattening
