// Finding and describing values that are not finite; see NonFinite.h.
#include "runtime/NonFinite.h"

#include "runtime/NumberFormat.h"

#include <cmath>

namespace mocc::rt {

namespace {

bool isExternalObject(const CompiledModel &model, int32_t slot) {
  for (const CompiledModel::ExternalObject &object : model.externalObjects)
    if (object.slot == slot)
      return true;
  return false;
}

std::string valueText(double x) { return std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf"; }

} // namespace

bool allSlotsFinite(const CompiledModel &model, const double *v) {
  // x * 0 is 0 for every finite x and NaN for NaN and infinity: sums of
  // them in eight independent lanes, which the compiler turns into vector
  // operations (about 0.1 ns a slot; a branch per slot cost eight times
  // that, 5% of the integration of heat conduction in 50,000 cells).
  auto n = static_cast<size_t>(model.numSlots);
  double lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (size_t j = 0; j < 8; ++j)
      lanes[j] += v[i + j] * 0.0;
  double sum = 0;
  for (; i < n; ++i)
    sum += v[i] * 0.0;
  for (double lane : lanes)
    sum += lane;
  if (sum == 0.0)
    return true;
  for (int32_t i = 0; i < model.numSlots; ++i)
    if (!std::isfinite(v[i]) && !isExternalObject(model, i))
      return false;
  return true;
}

std::string integerOutOfRange(const CompiledModel &model, const double *v) {
  for (const auto &[slot, name] : model.integerSlots) {
    double x = v[slot];
    if (x >= -2147483648.0 && x <= 2147483647.0)
      continue;
    return "the Integer `" + name + "` is " + formatNumber(x) +
           ", outside the range of Integer (-2147483648 to 2147483647)";
  }
  return {};
}

std::string describeNonFinite(const CompiledModel &model, double t, const double *v,
                              const double *residuals, int64_t numResiduals, int32_t set) {
  if (model.explainNonFinite)
    return model.explainNonFinite(t, v, residuals, set);
  for (int32_t i = 0; i < model.numSlots; ++i) {
    if (std::isfinite(v[i]) || isExternalObject(model, i))
      continue;
    for (const OutputVariable &output : model.outputs)
      if (output.slot == i)
        return "`" + output.name + "` is " + valueText(v[i]);
    return "slot " + std::to_string(i) + " is " + valueText(v[i]);
  }
  for (int64_t k = 0; residuals && k < numResiduals; ++k)
    if (!std::isfinite(residuals[k]))
      return "residual " + std::to_string(k) + " is " + valueText(residuals[k]);
  return "a value is not finite";
}

} // namespace mocc::rt
