// The vector operations that makeVector installs in place of
// nvector_serial's (SundialsSupport.cpp): a dot product with four partial
// sums and a linear combination in one pass. Checked against the plain
// loops they replace, on lengths that are not multiples of their blocks.
#include "runtime/SundialsSupport.h"

#include <doctest/doctest.h>
#include <nvector/nvector_serial.h>

#include <cmath>
#include <vector>

using namespace mocc::rt;

namespace {

void fill(N_Vector v, double seed) {
  double *d = N_VGetArrayPointer(v);
  for (sunindextype i = 0; i < N_VGetLength(v); ++i)
    d[i] = std::sin(seed * static_cast<double>(i + 1)) * (1.0 + static_cast<double>(i % 7));
}

} // namespace

TEST_CASE("the dot product of makeVector's vectors is the sum of the products") {
  SunContext context;
  for (sunindextype n : {1, 3, 4, 5, 1027}) {
    CAPTURE(n);
    NVectorPtr x = makeVector(n, context.get()), y = makeVector(n, context.get());
    fill(x.get(), 0.3);
    fill(y.get(), 1.7);
    double expected = 0.0, magnitude = 0.0;
    for (sunindextype i = 0; i < n; ++i) {
      expected += N_VGetArrayPointer(x.get())[i] * N_VGetArrayPointer(y.get())[i];
      magnitude += std::fabs(N_VGetArrayPointer(x.get())[i] * N_VGetArrayPointer(y.get())[i]);
    }
    CHECK(std::fabs(N_VDotProd(x.get(), y.get()) - expected) <= 1e-14 * magnitude);
    // The operations are installed, and a clone (how IDA and GMRES make
    // their vectors) has them too.
    CHECK((x->ops->nvdotprod != N_VDotProd_Serial));
    CHECK((x->ops->nvlinearcombination != nullptr));
    NVectorPtr clone(N_VClone(x.get()));
    CHECK((clone->ops->nvdotprod == x->ops->nvdotprod));
    CHECK((clone->ops->nvlinearcombination == x->ops->nvlinearcombination));
  }
}

TEST_CASE("a linear combination of makeVector's vectors is the same to the bit as the "
          "scale and linear sums it replaces") {
  SunContext context;
  for (sunindextype n : {1, 511, 512, 513, 1500}) {
    for (int nvec : {1, 2, 3, 6, 31}) {
      CAPTURE(n);
      CAPTURE(nvec);
      std::vector<NVectorPtr> owned;
      std::vector<N_Vector> x;
      std::vector<double> c;
      for (int j = 0; j < nvec; ++j) {
        owned.push_back(makeVector(n, context.get()));
        fill(owned.back().get(), 0.11 * (j + 1));
        x.push_back(owned.back().get());
        c.push_back(j == 1 ? 1.0 : j == 2 ? -1.0 : 0.37 * (j + 1) - 0.5);
      }
      // What SUNDIALS does without the operation: z = c0 x0, z += cj xj.
      std::vector<double> expected(static_cast<size_t>(n));
      for (sunindextype i = 0; i < n; ++i) {
        double z = c[0] * N_VGetArrayPointer(x[0])[i];
        for (int j = 1; j < nvec; ++j)
          z = c[j] * N_VGetArrayPointer(x[j])[i] + z;
        expected[static_cast<size_t>(i)] = z;
      }
      NVectorPtr z = makeVector(n, context.get());
      REQUIRE(N_VLinearCombination(nvec, c.data(), x.data(), z.get()) == 0);
      bool same = true;
      for (sunindextype i = 0; i < n; ++i)
        same &= N_VGetArrayPointer(z.get())[i] == expected[static_cast<size_t>(i)];
      CHECK(same);
      // z may be one of the vectors combined (IDA's z = x0 + ...).
      REQUIRE(N_VLinearCombination(nvec, c.data(), x.data(), x[0]) == 0);
      same = true;
      for (sunindextype i = 0; i < n; ++i)
        same &= N_VGetArrayPointer(x[0])[i] == expected[static_cast<size_t>(i)];
      CHECK(same);
    }
  }
}
