// The speed limit for mocc's simulations: the benchmark models `masses` and
// `heat` (see bench/generate) integrated by hand-written C++ with the setup
// mocc's runtime uses (runtime/DaeIntegrator.cpp): SUNDIALS 6.4 IDA on
// F(t, y, y') = y' - f(y) = 0, the runtime's KLU solver (runtime/KluSolver.h,
// KLU with 32-bit indices) with an analytic CSC
// Jacobian dF/dy + cj dF/dy', relative tolerance TOL, absolute tolerance
// TOL (nominal values 1), IDASetId, at most 100000 steps per output interval,
// the stop time set, IDA_NORMAL to each point of the output grid, and no
// IDACalcIC (y' is consistent from the start). The states are in mocc's
// order, and the result file has the columns that `mocc simulate --vars`
// writes for the same model, so `mocc compare` can check one against the
// other.
//
//   mocc-baseline MODEL N [--stop-time T] [--intervals K] [--tolerance TOL] [-o OUT.csv]
//
// prints one line: "baseline MODEL N=...: n ... nnz ... steps ... residuals
// ... jacobians ... integration S s output S s".
#include "runtime/KluSolver.h"

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// An ODE y' = f(y) with its Jacobian df/dy, written by hand for one model.
class Problem {
public:
  virtual ~Problem() = default;
  /// Number of states.
  virtual int64_t size() const = 0;
  /// Nonzeros of the Jacobian of F (diagonal included).
  virtual int64_t nonzeros() const = 0;
  /// The initial values of the states.
  virtual void start(double *y) const = 0;
  /// ydot = f(y).
  virtual void rates(const double *y, double *ydot) const = 0;
  /// The CSC matrix of dF/dy + cj dF/dy' = cj I - df/dy (rows sorted).
  virtual void jacobian(double cj, sunindextype *colPtr, sunindextype *rowIdx,
                        double *data) const = 0;
  /// Result-file column names, one per state (the order of `values`).
  virtual std::vector<std::string> columns() const = 0;
  /// The values of the columns for states y.
  virtual void values(const double *y, double *out) const = 0;
};

/// Writes the entries of one CSC column, rows in increasing order.
class ColumnWriter {
public:
  ColumnWriter(sunindextype *colPtr, sunindextype *rowIdx, double *data)
      : colPtr_(colPtr), rowIdx_(rowIdx), data_(data) {
    colPtr_[0] = 0;
  }
  void add(int64_t row, double value) {
    rowIdx_[next_] = row;
    data_[next_++] = value;
  }
  void endColumn(int64_t column) { colPtr_[column + 1] = next_; }

private:
  sunindextype *colPtr_;
  sunindextype *rowIdx_;
  double *data_;
  int64_t next_ = 0;
};

/// Model `masses`: mass i (1-based) has position s_i = y[2i-2] and velocity
/// v_i = y[2i-1]; spring-damper i pulls between mass i-1 (the fixed flange
/// for i = 1) and mass i with f_i = c (s_i - s_{i-1}) + d (v_i - v_{i-1});
/// the last mass is free: m v_i' = f_{i+1} - f_i with f_{N+1} = 0.
class MassChain final : public Problem {
public:
  explicit MassChain(int64_t n) : n_(n) {}
  int64_t size() const override { return 2 * n_; }
  int64_t nonzeros() const override { return 8 * n_ - 4; }

  void start(double *y) const override {
    for (int64_t i = 1; i <= n_; ++i) {
      y[2 * i - 2] = static_cast<double>(i) * stretch_;
      y[2 * i - 1] = 0.0;
    }
  }

  void rates(const double *y, double *ydot) const override {
    double fLeft = force(y, 1);
    for (int64_t i = 1; i <= n_; ++i) {
      double fRight = i < n_ ? force(y, i + 1) : 0.0;
      ydot[2 * i - 2] = y[2 * i - 1];
      ydot[2 * i - 1] = (fRight - fLeft) / m_;
      fLeft = fRight;
    }
  }

  /// Column s_j: row F_s_j (cj), rows F_v_{j-1..j+1}; column v_j: row F_s_j
  /// (-1), rows F_v_{j-1..j+1}. The partial derivatives of m v_i' are
  /// c (or d) for the neighbours and -2c (-c for the last mass) for i itself.
  void jacobian(double cj, sunindextype *colPtr, sunindextype *rowIdx,
                double *data) const override {
    ColumnWriter w(colPtr, rowIdx, data);
    for (int64_t j = 1; j <= n_; ++j) {
      for (int which = 0; which < 2; ++which) { // 0: s_j, 1: v_j
        double k = which == 0 ? c_ : d_;
        int64_t column = 2 * j - 2 + which;
        if (j > 1)
          w.add(2 * (j - 1) - 1, -k / m_);
        w.add(2 * j - 2, which == 0 ? cj : -1.0);
        double self = j < n_ ? -2.0 * k / m_ : -k / m_;
        w.add(2 * j - 1, (which == 1 ? cj : 0.0) - self);
        if (j < n_)
          w.add(2 * (j + 1) - 1, -k / m_);
        w.endColumn(column);
      }
    }
  }

  std::vector<std::string> columns() const override {
    std::vector<std::string> names;
    for (const char *quantity : {"s", "v"})
      for (int64_t i = 1; i <= n_; ++i)
        names.push_back("mass[" + std::to_string(i) + "]." + quantity);
    return names;
  }

  void values(const double *y, double *out) const override {
    for (int64_t i = 0; i < n_; ++i) {
      out[i] = y[2 * i];
      out[n_ + i] = y[2 * i + 1];
    }
  }

private:
  /// f_i, the force in spring-damper i (1 <= i <= N).
  double force(const double *y, int64_t i) const {
    double sLeft = i > 1 ? y[2 * i - 4] : 0.0;
    double vLeft = i > 1 ? y[2 * i - 3] : 0.0;
    return c_ * (y[2 * i - 2] - sLeft) + d_ * (y[2 * i - 1] - vLeft);
  }

  int64_t n_;
  double m_ = 1.0, c_ = 1e4, d_ = 10.0, stretch_ = 1e-3;
};

/// Model `heat`: T_i = y[i-1] in N cells of length dx = 1/N, heat capacity
/// C = dx and conductance G = 1/dx between neighbours, 2G to the ends held at
/// temperature 0: C T_i' = Q_i - Q_{i+1} with Q_i = G (T_{i-1} - T_i).
class HeatConduction final : public Problem {
public:
  explicit HeatConduction(int64_t n)
      : n_(n), dx_(1.0 / static_cast<double>(n)), g_(1.0 / dx_), c_(dx_) {}
  int64_t size() const override { return n_; }
  int64_t nonzeros() const override { return 3 * n_ - 2; }

  void start(double *y) const override {
    for (int64_t i = 1; i <= n_; ++i)
      y[i - 1] = std::sin(M_PI * (static_cast<double>(i) - 0.5) / static_cast<double>(n_));
  }

  void rates(const double *y, double *ydot) const override {
    double qLeft = 2.0 * g_ * (0.0 - y[0]);
    for (int64_t i = 1; i <= n_; ++i) {
      double qRight = i < n_ ? g_ * (y[i - 1] - y[i]) : 2.0 * g_ * (y[n_ - 1] - 0.0);
      ydot[i - 1] = (qLeft - qRight) / c_;
      qLeft = qRight;
    }
  }

  /// Tridiagonal: G/C off the diagonal, -2G/C on it, -3G/C at the two ends
  /// (-4G/C for a single cell).
  void jacobian(double cj, sunindextype *colPtr, sunindextype *rowIdx,
                double *data) const override {
    ColumnWriter w(colPtr, rowIdx, data);
    double off = g_ / c_;
    for (int64_t j = 0; j < n_; ++j) {
      double self = -(j == 0 ? 3.0 : 2.0) * off + (j == n_ - 1 ? -off : 0.0);
      if (n_ == 1)
        self = -4.0 * off;
      if (j > 0)
        w.add(j - 1, -off);
      w.add(j, cj - self);
      if (j + 1 < n_)
        w.add(j + 1, -off);
      w.endColumn(j);
    }
  }

  std::vector<std::string> columns() const override {
    std::vector<std::string> names;
    for (int64_t i = 1; i <= n_; ++i)
      names.push_back("T[" + std::to_string(i) + "]");
    return names;
  }

  void values(const double *y, double *out) const override {
    std::copy(y, y + n_, out);
  }

private:
  int64_t n_;
  double dx_, g_, c_;
};

/// A buffered CSV writer with the format of mocc's result files.
class ResultFile {
public:
  bool open(const std::string &path, const std::vector<std::string> &names) {
    file_ = std::fopen(path.c_str(), "w");
    if (!file_)
      return false;
    buffer_.resize(std::size_t{1} << 20);
    for (std::size_t i = 0; i < names.size(); ++i)
      std::fprintf(file_, "%s\"%s\"", i > 0 ? "," : "", names[i].c_str());
    std::fputc('\n', file_);
    return true;
  }
  void writeRow(const std::vector<double> &row) {
    if (!file_)
      return;
    if (used_ + row.size() * 33 + 1 > buffer_.size())
      flush();
    if (row.size() * 33 + 1 > buffer_.size())
      buffer_.resize(row.size() * 33 + 1);
    char *out = buffer_.data() + used_;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0)
        *out++ = ',';
      out = std::to_chars(out, out + 32, row[i]).ptr;
    }
    *out++ = '\n';
    used_ = static_cast<std::size_t>(out - buffer_.data());
  }
  void close() {
    if (!file_)
      return;
    flush();
    std::fclose(file_);
    file_ = nullptr;
  }

private:
  void flush() {
    std::fwrite(buffer_.data(), 1, used_, file_);
    used_ = 0;
  }
  std::FILE *file_ = nullptr;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
};

struct Options {
  std::string model;
  int64_t n = 0;
  double stopTime = 1.0;
  int64_t intervals = 500;
  double tolerance = 1e-6;
  std::string output;
};

struct Statistics {
  long steps = 0, residuals = 0, jacobians = 0;
  double integrationSeconds = 0.0, outputSeconds = 0.0;
};

struct UserData {
  const Problem *problem;
  long residuals = 0, jacobians = 0;
};

int residualFn(double t, N_Vector y, N_Vector yp, N_Vector r, void *user) {
  auto *data = static_cast<UserData *>(user);
  double *res = N_VGetArrayPointer(r);
  const double *ypv = N_VGetArrayPointer(yp);
  data->problem->rates(N_VGetArrayPointer(y), res);
  int64_t n = data->problem->size();
  for (int64_t i = 0; i < n; ++i)
    res[i] = ypv[i] - res[i];
  ++data->residuals;
  return 0;
}

int jacobianFn(double t, double cj, N_Vector, N_Vector, N_Vector, SUNMatrix jac, void *user,
               N_Vector, N_Vector, N_Vector) {
  auto *data = static_cast<UserData *>(user);
  data->problem->jacobian(cj, SUNSparseMatrix_IndexPointers(jac),
                          SUNSparseMatrix_IndexValues(jac), SUNSparseMatrix_Data(jac));
  ++data->jacobians;
  return 0;
}

/// Integrates over the output grid, writing a row at each grid point; false
/// if IDA fails.
bool integrate(const Problem &problem, const Options &options, ResultFile &file,
               Statistics &stats) {
  auto start = Clock::now();
  int64_t n = problem.size();
  SUNContext context = nullptr;
  SUNContext_Create(nullptr, &context);
  N_Vector y = N_VNew_Serial(n, context), yp = N_VNew_Serial(n, context);
  N_Vector id = N_VNew_Serial(n, context), absTol = N_VNew_Serial(n, context);
  problem.start(N_VGetArrayPointer(y));
  problem.rates(N_VGetArrayPointer(y), N_VGetArrayPointer(yp));
  N_VConst(1.0, id);
  N_VConst(options.tolerance, absTol);
  SUNMatrix matrix = SUNSparseMatrix(n, n, problem.nonzeros(), CSC_MAT, context);
  SUNLinearSolver solver = mocc::rt::makeKluSolver(context).release();
  void *ida = IDACreate(context);
  UserData data{&problem};
  bool ok = IDAInit(ida, residualFn, 0.0, y, yp) == IDA_SUCCESS &&
            IDASVtolerances(ida, options.tolerance, absTol) == IDA_SUCCESS &&
            IDASetUserData(ida, &data) == IDA_SUCCESS && IDASetId(ida, id) == IDA_SUCCESS &&
            IDASetMaxNumSteps(ida, 100000) == IDA_SUCCESS &&
            IDASetStopTime(ida, options.stopTime) == IDA_SUCCESS &&
            IDASetLinearSolver(ida, solver, matrix) == IDA_SUCCESS &&
            IDASetJacFn(ida, jacobianFn) == IDA_SUCCESS;
  std::vector<double> row(problem.columns().size() + 1);
  auto write = [&](double t) {
    auto before = Clock::now();
    row[0] = t;
    problem.values(N_VGetArrayPointer(y), row.data() + 1);
    file.writeRow(row);
    stats.outputSeconds += secondsSince(before);
  };
  write(0.0);
  for (int64_t k = 1; ok && k <= options.intervals; ++k) {
    double interval = options.stopTime / static_cast<double>(options.intervals);
    double tout = k == options.intervals ? options.stopTime : static_cast<double>(k) * interval;
    double reached = 0.0;
    ok = IDASolve(ida, tout, &reached, y, yp, IDA_NORMAL) >= 0;
    if (ok)
      write(reached);
  }
  IDAGetNumSteps(ida, &stats.steps);
  stats.residuals = data.residuals;
  stats.jacobians = data.jacobians;
  IDAFree(&ida);
  SUNLinSolFree(solver);
  SUNMatDestroy(matrix);
  for (N_Vector v : {y, yp, id, absTol})
    N_VDestroy(v);
  SUNContext_Free(&context);
  stats.integrationSeconds = secondsSince(start) - stats.outputSeconds;
  return ok;
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: mocc-baseline masses|heat N [--stop-time T] [--intervals K] "
                       "[--tolerance TOL] [-o OUT.csv]\n");
  std::exit(2);
}

Options parseOptions(int argc, char **argv) {
  if (argc < 3)
    usage();
  Options options;
  options.model = argv[1];
  options.n = std::atoll(argv[2]);
  for (int i = 3; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc)
      usage();
    const char *value = argv[++i];
    if (arg == "--stop-time")
      options.stopTime = std::atof(value);
    else if (arg == "--intervals")
      options.intervals = std::atoll(value);
    else if (arg == "--tolerance")
      options.tolerance = std::atof(value);
    else if (arg == "-o")
      options.output = value;
    else
      usage();
  }
  if (options.n < 1 || options.intervals < 1 || !(options.stopTime > 0.0))
    usage();
  return options;
}

} // namespace

int main(int argc, char **argv) {
  Options options = parseOptions(argc, argv);
  MassChain masses(options.n);
  HeatConduction heat(options.n);
  const Problem *problem = options.model == "masses" ? static_cast<const Problem *>(&masses)
                           : options.model == "heat" ? &heat
                                                     : nullptr;
  if (!problem)
    usage();
  ResultFile file;
  std::vector<std::string> names{"time"};
  for (std::string &name : problem->columns())
    names.push_back(std::move(name));
  if (!options.output.empty() && !file.open(options.output, names)) {
    std::fprintf(stderr, "mocc-baseline: cannot write `%s`\n", options.output.c_str());
    return 2;
  }
  Statistics stats;
  bool ok = integrate(*problem, options, file, stats);
  file.close();
  std::printf("baseline %s N=%lld: n %lld nnz %lld steps %ld residuals %ld jacobians %ld "
              "integration %.6f s output %.6f s\n",
              options.model.c_str(), static_cast<long long>(options.n),
              static_cast<long long>(problem->size()),
              static_cast<long long>(problem->nonzeros()), stats.steps, stats.residuals,
              stats.jacobians, stats.integrationSeconds, stats.outputSeconds);
  if (!ok) {
    std::fprintf(stderr, "mocc-baseline: IDA failed\n");
    return 3;
  }
  return 0;
}
