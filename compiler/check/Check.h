// The semantic check: the rules of the Modelica specification that
// flattening does not need in order to produce a flat model, checked on what
// instantiation and flattening used, between flattening and causalization.
// Each rule is a diagnostic at the user's source with the rule's section of
// the specification (MLS 3.6) in the code; rules are grouped by chapter:
// Classes.cpp (4: specialized classes, prefixes, predefined types,
// enumerations), Inheritance.cpp (7: kinds of base classes, combining base
// classes, replaceable classes, constraining types), Scoping.cpp (5:
// inner/outer), Connectors.cpp (9), Functions.cpp (12). Rules that need
// the values or types of expressions live where those are known (lookup and
// lowering in compiler/instantiate and compiler/flatten).
#pragma once

#include "compiler/flat/FlatModel.h"
#include "compiler/instantiate/Instance.h"

namespace mocc::check {

/// Checks the classes, components and extends clauses that instantiating
/// and flattening `model` used, and the flat model; reports each violation
/// once and returns false if there was any.
bool checkSemantics(inst::Instantiator &instantiator, inst::Instance *model,
                    const flat::FlatModel &flat, Diagnostics &diags);

} // namespace mocc::check
