// The transformation of chains of semiLinear equations that the Modelica
// Language Specification recommends (MLS 3.6, section 3.7.4.5, rule 1):
//
//   y = semiLinear(x, sa, s1);  y = semiLinear(x, s1, s2);  ...
//   y = semiLinear(x, sN, sb);
//
// becomes
//
//   s1 = if x >= 0 then sa else sb;  s2 = s1;  ...  sN = sN-1;
//   y = semiLinear(x, sa, sb);
//
// Where x = 0 the chain leaves s1 ... sN free (every equation is 0 = 0):
// a mass-less two-port of FluidHeatFlow between two ports at zero flow
// (`H_a = semiLinear(m_flow, h_a, h)`, `H_b = semiLinear(-m_flow, h_b, h)`,
// `H_a + H_b = 0`) has a singular Jacobian in h there. After the rule the
// enthalpy is the upstream one, and the solution is the same wherever x is
// not 0.
#pragma once

#include "compiler/flat/FlatModel.h"

#include <functional>
#include <vector>

namespace mocc::causalize {

/// Applies rule 1 to `equations` (aliases substituted, so that the two
/// ports' flows are one variable up to sign) in place: the count and order
/// of the equations stay. semiLinear(x, a, b) is recognized in the form the
/// flattener gives it, smooth(0, if x >= 0 then a * x else b * x), with
/// semiLinear(-x, a, b) = -semiLinear(x, b, a) and y or -y on either side.
/// The y of a chain may differ where another equation links them as equal
/// or opposite variables (a = ±b, a ± b = 0); those equations stay.
/// The intermediate s1 ... sN must be variables for which `isUnknown`
/// holds (the equations determine them). Returns how many chains were
/// rewritten. Then a junction's energy balance Σ ±H_k = 0 (three or more
/// terms, each the y of one H_k = semiLinear(m_k, h, s_k) with the same
/// unknown h) gets `+ (if noEvent(all m_k == 0) then h - mean(s_k) else 0)`:
/// where every flow is zero the balance says 0 = 0 and h would be free; it
/// takes inStream's zero-flow value (MLS 15.2) there and nothing changes
/// elsewhere. The count includes these. Linear in the equations' size.
int applySemiLinearRules(sym::ExprPool &pool, std::vector<flat::Equation> &equations,
                         const std::function<bool(sym::VarId)> &isUnknown);

} // namespace mocc::causalize
