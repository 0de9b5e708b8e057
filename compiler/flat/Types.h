// Kinds shared by the flat model and its functions: element types,
// variability, causality and state selection.
#pragma once

namespace mocc::flat {

/// ExternalObject: a value of a class that extends ExternalObject (MLS
/// 12.9.7), an opaque pointer the external functions own; at run time its
/// slot holds the pointer's bits.
enum class TypeKind { Real, Integer, Boolean, String, Enumeration, ExternalObject };
enum class VariabilityKind { Constant, Parameter, Discrete, Continuous };
enum class CausalityKind { None, Input, Output };
enum class StateSelectKind { Never, Avoid, Default, Prefer, Always };

} // namespace mocc::flat
