// Flattening: from the instance tree of a model to the flat model. Every
// component of a built-in type becomes scalar variables, every binding and
// equation is lowered to scalar symbolic equations (arrays scalarized,
// for-equations unrolled, parameter-dependent if-equations resolved), and
// parameters that decide structure (array sizes, conditions) are evaluated.
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/instantiate/Instance.h"

#include <optional>

namespace mocc {

/// Flattens the model `model`; reports errors to diags and returns nothing
/// if there was any.
std::optional<flat::FlatModel> flatten(inst::Instantiator &instantiator, inst::Instance *model,
                                       Diagnostics &diags);

} // namespace mocc
