// Values that are not finite end a run (issues 19 and 23: a NaN never goes
// into a result file). The runtime finds them where it looks at values
// anyway: the residuals IDA asks for (a NaN at a trial point is a
// recoverable error; IDA retries with a smaller step), the consistent
// values after an event, the zero-crossing functions, and every slot before
// a row of results is written. These helpers find the slot and word the
// failure, with the compiler's explanation when it gave one.
#pragma once

#include "runtime/CompiledModel.h"

#include <cstdint>
#include <string>

namespace mocc::rt {

/// Whether every slot of `v` is finite (the slots of external objects, the
/// bits of C pointers, aside).
bool allSlotsFinite(const CompiledModel &model, const double *v);

/// "the Integer `i` is 1e+300, outside the range of Integer (...)" for the
/// first Integer slot outside that range (an integer() of a huge value, an
/// overflowing sum); empty if there is none.
std::string integerOutOfRange(const CompiledModel &model, const double *v);

/// What is not finite at t, in words: the model's explainNonFinite if it
/// has one, else the first slot (or residual, of `numResiduals`) that is not
/// finite, by its name where it is an output.
std::string describeNonFinite(const CompiledModel &model, double t, const double *v,
                              const double *residuals, int64_t numResiduals, int32_t set);

} // namespace mocc::rt
