// Linearization around an operating point; see Linearize.h.
#include "runtime/Linearize.h"

#include "runtime/Integration.h"
#include "runtime/NumberFormat.h"
#include "runtime/RuntimeErrors.h"

#include <algorithm>
#include <cmath>

namespace mocc::rt {

namespace {

/// A dense LU factorization with partial pivoting of a square matrix
/// (row-major), in place.
class DenseLu {
public:
  /// False if the matrix is singular (a pivot that is zero or negligible
  /// against the largest entry of the matrix).
  bool factor(std::size_t n, std::vector<double> &a) {
    n_ = n;
    a_ = &a;
    pivots_.resize(n);
    double scale = 0;
    for (double x : a)
      scale = std::max(scale, std::fabs(x));
    for (std::size_t k = 0; k < n; ++k) {
      std::size_t p = k;
      for (std::size_t i = k + 1; i < n; ++i)
        if (std::fabs(a[i * n + k]) > std::fabs(a[p * n + k]))
          p = i;
      pivots_[k] = p;
      if (!(std::fabs(a[p * n + k]) > 1e-14 * scale))
        return false;
      if (p != k)
        for (std::size_t j = 0; j < n; ++j)
          std::swap(a[k * n + j], a[p * n + j]);
      for (std::size_t i = k + 1; i < n; ++i) {
        double factor = a[i * n + k] /= a[k * n + k];
        if (factor != 0)
          for (std::size_t j = k + 1; j < n; ++j)
            a[i * n + j] -= factor * a[k * n + j];
      }
    }
    return true;
  }

  /// Solves A x = b in place.
  void solve(std::vector<double> &b) const {
    const std::vector<double> &a = *a_;
    std::size_t n = n_;
    for (std::size_t k = 0; k < n; ++k)
      std::swap(b[k], b[pivots_[k]]);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < i; ++j)
        b[i] -= a[i * n + j] * b[j];
    for (std::size_t i = n; i-- > 0;) {
      for (std::size_t j = i + 1; j < n; ++j)
        b[i] -= a[i * n + j] * b[j];
      b[i] /= a[i * n + i];
    }
  }

private:
  std::size_t n_ = 0;
  const std::vector<double> *a_ = nullptr;
  std::vector<std::size_t> pivots_;
};

} // namespace

RunStatus linearize(const CompiledModel &model, const SimulationOptions &options,
                    const std::vector<int32_t> &inputs, const std::vector<LinearOutput> &outputs,
                    LinearModel &result, SolverStatistics &stats, std::ostream &log) {
  double t = options.stopTime;
  if (model.stateSelection.sets.size() > 1)
    return {false, options.startTime,
            "linearizing a model with dynamic state selection (its states change along the "
            "run) is not supported yet"};
  if (!model.residual || !model.jvp)
    return {false, options.startTime, "the model has no residual function to linearize"};
  limitGeneratedCodeStack();
  // The operating point: initialization, then the run up to `t`.
  std::vector<double> v;
  RunStatus status = initialize(model, options.startTime, v, stats);
  if (!status.ok)
    return status;
  SimulationOptions run = options;
  run.outputPath.clear();
  run.columns.clear();
  run.interval = t > options.startTime ? t - options.startTime : 1.0;
  ResultRows rows(model, nullptr);
  status = integrate(model, run, v, rows, stats, log);
  if (!status.ok)
    return status;
  if (rows.lastTime() < t)
    return {false, rows.lastTime(),
            "the model terminated at t = " + formatTime(rows.lastTime()) +
                ", before the time of the linearization " + formatTime(t)};
  if (model.events.terminalSlot >= 0)
    v[model.events.terminalSlot] = 0.0;

  std::size_t n = model.ySlot.size();
  std::vector<std::size_t> differential;
  for (std::size_t i = 0; i < n; ++i)
    if (model.ypSlot[i] >= 0)
      differential.push_back(i);
  std::size_t nx = differential.size(), nu = inputs.size(), ny = outputs.size();
  std::vector<double> residuals(std::max<std::size_t>(n, 1)), dres(std::max<std::size_t>(n, 1));
  model.residual(t, v.data(), residuals.data());
  if (auto failure = generatedCodeFailure(t))
    return *failure;
  std::vector<double> dv(v.size(), 0.0);
  // The component whose change column i of J holds: x'_i or z_i.
  auto seedOf = [&](std::size_t i) { return model.ypSlot[i] >= 0 ? model.ypSlot[i] : model.ySlot[i]; };
  std::vector<double> jacobian(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    std::fill(dv.begin(), dv.end(), 0.0);
    dv[seedOf(i)] = 1.0;
    model.jvp(t, v.data(), dv.data(), dres.data());
    for (std::size_t r = 0; r < n; ++r)
      jacobian[r * n + i] = dres[r];
  }
  DenseLu lu;
  if (n > 0 && !lu.factor(n, jacobian))
    return {false, t,
            "cannot linearize at t = " + formatTime(t) +
                ": the Jacobian of the equations with respect to the state derivatives and "
                "the algebraic variables is singular"};

  result = {};
  result.time = t;
  for (std::size_t i : differential) {
    result.stateSlots.push_back(model.ySlot[i]);
    result.x0.push_back(v[model.ySlot[i]]);
    result.dx0.push_back(v[model.ypSlot[i]]);
  }
  for (int32_t slot : inputs)
    result.u0.push_back(v[slot]);
  auto outputValue = [&](const LinearOutput &out, const std::vector<double> &values) {
    if (out.aliasOf >= 0)
      return out.negated ? -values[out.aliasOf] : values[out.aliasOf];
    return values[out.slot];
  };
  for (const LinearOutput &out : outputs)
    result.y0.push_back(outputValue(out, v));
  result.A.assign(nx * nx, 0.0);
  result.B.assign(nx * nu, 0.0);
  result.C.assign(ny * nx, 0.0);
  result.D.assign(ny * nu, 0.0);
  // One column of (A; C) per state, of (B; D) per input.
  std::vector<double> w(n);
  auto column = [&](int32_t seed, std::vector<double> &top, std::vector<double> &bottom,
                    std::size_t j, std::size_t columns) {
    std::fill(dv.begin(), dv.end(), 0.0);
    dv[seed] = 1.0;
    model.jvp(t, v.data(), dv.data(), dres.data());
    for (std::size_t r = 0; r < n; ++r)
      w[r] = -dres[r];
    if (n > 0)
      lu.solve(w);
    std::fill(dv.begin(), dv.end(), 0.0);
    dv[seed] = 1.0;
    for (std::size_t i = 0; i < n; ++i)
      dv[seedOf(i)] = w[i];
    model.jvp(t, v.data(), dv.data(), dres.data());
    for (std::size_t k = 0; k < nx; ++k)
      top[k * columns + j] = w[differential[k]];
    for (std::size_t k = 0; k < ny; ++k)
      bottom[k * columns + j] = outputs[k].constant ? 0.0 : outputValue(outputs[k], dv);
  };
  for (std::size_t j = 0; j < nx; ++j)
    column(model.ySlot[differential[j]], result.A, result.C, j, nx);
  for (std::size_t j = 0; j < nu; ++j)
    column(inputs[j], result.B, result.D, j, nu);
  for (const std::vector<double> *m : {&result.A, &result.B, &result.C, &result.D})
    for (double x : *m)
      if (!std::isfinite(x))
        return {false, t, "the linearization at t = " + formatTime(t) + " is not finite"};
  return {true, t, ""};
}

} // namespace mocc::rt
