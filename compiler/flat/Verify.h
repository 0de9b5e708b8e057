// The checker of the flat model's contract (docs/ir-contracts.md, "Flat
// model"): variable names unique, the der()/pre() links mutual, bindings on
// parameters and constants only, every expression of an equation, binding,
// assertion or call in the pool with its variables in range, the call
// indices in the function table. Linear in the size of the model. The driver
// runs it after flattening and after causalization in Debug builds and
// wherever MOCC_VERIFY_IR is set (every test sets it).
#pragma once

#include "compiler/flat/FlatModel.h"

#include <string>
#include <vector>

namespace mocc::flat {

/// The breaches of the contract, one message each (empty: none). With
/// `flattened` (the model as flattening made it, before causalization), no
/// variable may have a `$` name: those are causalization's.
std::vector<std::string> verify(const FlatModel &model, bool flattened);

} // namespace mocc::flat
