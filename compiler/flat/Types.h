// Kinds shared by the flat model and its functions: element types,
// variability, causality and state selection.
#pragma once

namespace mocc::flat {

enum class TypeKind { Real, Integer, Boolean, String, Enumeration };
enum class VariabilityKind { Constant, Parameter, Discrete, Continuous };
enum class CausalityKind { None, Input, Output };
enum class StateSelectKind { Never, Avoid, Default, Prefer, Always };

} // namespace mocc::flat
