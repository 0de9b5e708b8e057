// Ownership of SUNDIALS objects and capture of SUNDIALS' error messages; see
// SundialsSupport.h.
#include "runtime/SundialsSupport.h"

#include <nvector/nvector_serial.h>

#include <algorithm>
#include <cstdlib>

namespace mocc::rt {

SunContext::SunContext() {
  if (SUNContext_Create(nullptr, &context_) != 0)
    context_ = nullptr;
}

SunContext::~SunContext() {
  if (context_)
    SUNContext_Free(&context_);
}

namespace {

/// x . y with four partial sums: the loop of nvector_serial adds into one
/// sum, so each addition waits for the one before it, and a dot product of
/// a large vector took as long as reading it twice from memory (GMRES's
/// orthogonalization on the grid3d bench).
sunrealtype dotProduct(N_Vector x, N_Vector y) {
  sunindextype n = NV_LENGTH_S(x);
  const sunrealtype *xd = NV_DATA_S(x), *yd = NV_DATA_S(y);
  sunrealtype s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  sunindextype i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += xd[i] * yd[i];
    s1 += xd[i + 1] * yd[i + 1];
    s2 += xd[i + 2] * yd[i + 2];
    s3 += xd[i + 3] * yd[i + 3];
  }
  for (; i < n; ++i)
    s0 += xd[i] * yd[i];
  return (s0 + s1) + (s2 + s3);
}

/// z = sum c[j] X[j] in blocks that stay in the first-level cache: each
/// vector is read once and z written once. Without it, SUNDIALS does a
/// scale and nvec - 1 linear sums, each a pass that reads and writes z
/// (IDA's interpolation to every output time, its predictor, the solution
/// of a GMRES solve). The additions are in the same order, so the result
/// is the same to the bit. z may be one of the X[j]: an element is read
/// before it is written.
int linearCombination(int nvec, sunrealtype *c, N_Vector *X, N_Vector z) {
  if (nvec < 1)
    return -1;
  sunindextype n = NV_LENGTH_S(z);
  sunrealtype *zd = NV_DATA_S(z);
  constexpr sunindextype block = 512;
  sunrealtype sum[block];
  for (sunindextype start = 0; start < n; start += block) {
    sunindextype m = std::min(block, n - start);
    const sunrealtype *x0 = NV_DATA_S(X[0]) + start;
    for (sunindextype i = 0; i < m; ++i)
      sum[i] = c[0] * x0[i];
    for (int j = 1; j < nvec; ++j) {
      const sunrealtype *xj = NV_DATA_S(X[j]) + start;
      sunrealtype cj = c[j];
      for (sunindextype i = 0; i < m; ++i)
        sum[i] = cj * xj[i] + sum[i];
    }
    std::copy(sum, sum + m, zd + start);
  }
  return 0;
}

} // namespace

NVectorPtr makeVector(int64_t length, SUNContext context) {
  N_Vector v = N_VNew_Serial(static_cast<sunindextype>(length), context);
  if (v) { // clones (IDA's vectors, GMRES's Krylov basis) copy these
    v->ops->nvdotprod = dotProduct;
    v->ops->nvlinearcombination = linearCombination;
  }
  return NVectorPtr(v);
}

void SolverMessages::handle(int errorCode, const char *module, const char *function, char *message,
                            void *self) {
  if (errorCode >= 0 || !self)
    return; // a warning, not an error
  auto *messages = static_cast<SolverMessages *>(self);
  messages->last_ = std::string(function ? function
                                : module ? module
                                         : "SUNDIALS") +
                    ": " + (message ? message : "");
}

std::string takeFlagName(char *name) {
  if (!name)
    return "unknown flag";
  std::string result(name);
  std::free(name);
  return result;
}

} // namespace mocc::rt
