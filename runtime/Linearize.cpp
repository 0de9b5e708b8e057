// Linearization around an operating point; see Linearize.h.
#include "runtime/Linearize.h"

#include "runtime/ColoredJacobian.h"
#include "runtime/Integration.h"
#include "runtime/KluSolver.h"
#include "runtime/NumberFormat.h"
#include "runtime/RuntimeErrors.h"

#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>

namespace mocc::rt {

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
  if (static_cast<double>(nx + ny) * static_cast<double>(nx + nu) > maxLinearizedEntries)
    return {false, t,
            "linearizing a model of " + std::to_string(nx) + " states, " + std::to_string(nu) +
                " inputs and " + std::to_string(ny) +
                " outputs is not supported yet: A, B, C and D would hold more than " +
                std::to_string(static_cast<long>(maxLinearizedEntries)) + " entries"};
  std::vector<double> residuals(std::max<std::size_t>(n, 1)), dres(std::max<std::size_t>(n, 1));
  model.residual(t, v.data(), residuals.data());
  if (auto failure = generatedCodeFailure(t))
    return *failure;
  // The component whose change column i of J holds: x'_i or z_i.
  auto seedOf = [&](std::size_t i) { return model.ypSlot[i] >= 0 ? model.ypSlot[i] : model.ySlot[i]; };
  // J = [dF/dx' dF/dz] has the pattern of IDA's dF/dy + cj dF/dy' or less:
  // assembled by its colored JVPs, factored sparse by KLU.
  SunContext context;
  std::vector<int32_t> seeds(n);
  for (std::size_t i = 0; i < n; ++i)
    seeds[i] = seedOf(i);
  SunMatrixPtr matrix;
  SunLinearSolverPtr solver;
  NVectorPtr solution, rhs;
  if (n > 0) {
    ColoredJacobian jacobian(model.jacobian, model.jvp, model.numSlots, seeds);
    std::vector<double> values(static_cast<std::size_t>(jacobian.nonzeros()));
    jacobian.evaluate(t, v.data(), 0.0, values.data());
    matrix.reset(SUNSparseMatrix(static_cast<sunindextype>(n), static_cast<sunindextype>(n),
                                 jacobian.matrixNonzeros(), CSC_MAT, context.get()));
    if (matrix)
      solver = makeKluSolver(context.get());
    solution = makeVector(static_cast<int64_t>(n), context.get());
    rhs = makeVector(static_cast<int64_t>(n), context.get());
    if (!matrix || !solver || !solution || !rhs)
      return {false, t, "out of memory while linearizing"};
    jacobian.store(values.data(), nullptr, matrix.get());
    if (SUNLinSolInitialize(solver.get()) != 0 || SUNLinSolSetup(solver.get(), matrix.get()) != 0)
      return {false, t,
              "cannot linearize at t = " + formatTime(t) +
                  ": the Jacobian of the equations with respect to the state derivatives and "
                  "the algebraic variables is singular"};
  }
  std::vector<double> dv(v.size(), 0.0);

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
                    std::size_t j, std::size_t columns) -> bool {
    std::fill(dv.begin(), dv.end(), 0.0);
    dv[seed] = 1.0;
    model.jvp(t, v.data(), dv.data(), dres.data());
    if (n > 0) {
      double *b = N_VGetArrayPointer(rhs.get());
      for (std::size_t r = 0; r < n; ++r)
        b[r] = -dres[r];
      if (SUNLinSolSolve(solver.get(), matrix.get(), solution.get(), rhs.get(), 0.0) != 0)
        return false;
      std::copy_n(N_VGetArrayPointer(solution.get()), n, w.begin());
    }
    std::fill(dv.begin(), dv.end(), 0.0);
    dv[seed] = 1.0;
    for (std::size_t i = 0; i < n; ++i)
      dv[seedOf(i)] = w[i];
    model.jvp(t, v.data(), dv.data(), dres.data());
    for (std::size_t k = 0; k < nx; ++k)
      top[k * columns + j] = w[differential[k]];
    for (std::size_t k = 0; k < ny; ++k)
      bottom[k * columns + j] = outputs[k].constant ? 0.0 : outputValue(outputs[k], dv);
    return true;
  };
  bool solved = true;
  for (std::size_t j = 0; j < nx && solved; ++j)
    solved = column(model.ySlot[differential[j]], result.A, result.C, j, nx);
  for (std::size_t j = 0; j < nu && solved; ++j)
    solved = column(inputs[j], result.B, result.D, j, nu);
  if (!solved)
    return {false, t, "cannot linearize at t = " + formatTime(t) + ": a linear solve failed"};
  for (const std::vector<double> *m : {&result.A, &result.B, &result.C, &result.D})
    for (double x : *m)
      if (!std::isfinite(x))
        return {false, t, "the linearization at t = " + formatTime(t) + " is not finite"};
  return {true, t, ""};
}

} // namespace mocc::rt
