// Reference solutions for simulation tests: a fixed-step classical
// Runge-Kutta integration, independent of mocc.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

namespace mocc::test {

/// y' = f(y) from times.front() with steps of at most h, sampled at the
/// given (ascending) times.
inline std::vector<std::vector<double>>
rungeKutta(std::vector<double> y, const std::vector<double> &times,
           const std::function<std::vector<double>(const std::vector<double> &)> &f, double h) {
  std::vector<std::vector<double>> out;
  double t = times.front();
  auto axpy = [](const std::vector<double> &a, double s, const std::vector<double> &b) {
    std::vector<double> r(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      r[i] = a[i] + s * b[i];
    return r;
  };
  for (double target : times) {
    while (t < target - 1e-12) {
      double step = std::min(h, target - t);
      auto k1 = f(y), k2 = f(axpy(y, step / 2, k1)), k3 = f(axpy(y, step / 2, k2)),
           k4 = f(axpy(y, step, k3));
      for (std::size_t i = 0; i < y.size(); ++i)
        y[i] += step / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      t += step;
    }
    out.push_back(y);
  }
  return out;
}

} // namespace mocc::test
