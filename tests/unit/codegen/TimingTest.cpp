// Compile-time measurements (printed, not asserted) for a kernel of 100,000
// simple steps at each optimization level, with and without its JVP: the
// numbers behind jit::suggestOptLevel. MOCC_TIMING_STEPS overrides the size.
// Not part of the default run (see below).
#include "tests/unit/codegen/KernelHarness.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::ExprId;
using sym::VarId;

namespace {

/// res[i] = v[i+1] - v[i] - 0.01 v[i] v[i+1] for i < n: a chain of residuals.
KernelSpec chainKernel(sym::ExprPool &pool, uint32_t n, bool withJvp) {
  KernelSpec spec{"chain", {}, withJvp};
  spec.steps.reserve(n);
  ExprId c = pool.constant(0.01);
  for (uint32_t i = 0; i < n; ++i) {
    ExprId a = pool.variable(VarId{i}), b = pool.variable(VarId{i + 1});
    ExprId e = pool.sub(pool.sub(b, a), pool.mul(c, pool.mul(a, b)));
    spec.steps.push_back({KernelStep::Kind::Residual, {}, e});
  }
  return spec;
}

uint32_t timingSteps() {
  const char *text = std::getenv("MOCC_TIMING_STEPS");
  return text ? static_cast<uint32_t>(std::strtoul(text, nullptr, 10)) : 100'000;
}

/// The fastest of a few runs of the kernel.
double bestRunSeconds(rt::KernelFn fn, std::vector<double> &v, std::vector<double> &res) {
  double best = INFINITY;
  for (int run = 0; run < 5; ++run) {
    auto start = std::chrono::steady_clock::now();
    fn(0.0, v.data(), res.data());
    auto end = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(end - start).count());
  }
  return best;
}

const char *levelName(jit::OptLevel level) {
  switch (level) {
  case jit::OptLevel::None: return "None";
  case jit::OptLevel::Less: return "Less";
  case jit::OptLevel::Default: return "Default (O2)";
  }
  return "?";
}

} // namespace

// Skipped by default (it takes a minute or more); run it with
//   codegen_test --test-case='compile time*' --no-skip
TEST_CASE("compile time of a 100k-step kernel" * doctest::skip()) {
  uint32_t n = timingSteps();
  for (bool withJvp : {false, true}) {
    sym::ExprPool pool;
    KernelSpec spec = chainKernel(pool, n, withJvp);
    for (auto level : {jit::OptLevel::None, jit::OptLevel::Less, jit::OptLevel::Default}) {
      CompiledKernels compiled(pool, {&spec, 1}, atLevel(level));
      rt::KernelFn fn = compiled.kernel("chain");
      REQUIRE_MESSAGE((fn != nullptr), compiled.error());
      std::vector<double> v(n + 1), res(n);
      for (uint32_t i = 0; i <= n; ++i)
        v[i] = 1.0 + 1e-3 * i;
      double run = bestRunSeconds(fn, v, res);
      CHECK(res[7] == v[8] - v[7] - 0.01 * (v[7] * v[8]));
      std::printf("codegen timing: %u steps%s, %-12s: generate IR %.3f s, optimize+compile "
                  "%.3f s (%zu functions, %zu instructions), best run %.2f ms\n",
                  n, withJvp ? " + JVP" : "", levelName(level), compiled.generateSeconds,
                  compiled.compileSeconds, compiled.numFunctions, compiled.numInstructions,
                  run * 1e3);
    }
  }
}
