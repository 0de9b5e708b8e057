// Compile-time measurements (printed, not asserted) for a kernel of 100,000
// simple steps at each optimization level, with and without its JVP: the
// numbers behind jit::suggestOptLevel. MOCC_TIMING_STEPS overrides the size.
// Also for tables of lowered functions and their derivatives. Not part of
// the default run (see below).
#include "tests/unit/codegen/KernelHarness.h"
#include "tests/unit/codegen/SampleFunctions.h"

#include "compiler/functions/Derivative.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

namespace {

/// `copies` copies of the sample functions (copy k calls within copy k),
/// with the derivative of each.
std::vector<flat::Function> sampleCopies(uint32_t copies) {
  std::vector<flat::Function> table;
  for (uint32_t k = 0; k < copies; ++k) {
    for (flat::Function &f : sampleFunctions(k * NumSamples)) {
      f.symbol += "_" + std::to_string(k);
      table.push_back(std::move(f));
    }
  }
  functions::DerivativeTable derivatives(table);
  for (uint32_t f = 0; f < copies * NumSamples; ++f)
    REQUIRE(derivatives.derivativeOf(f));
  return table;
}

} // namespace

// Skipped by default; run it with
//   codegen_test --test-case='compile time of function*' --no-skip
TEST_CASE("compile time of function tables" * doctest::skip()) {
  for (uint32_t copies : {1u, 10u, 100u}) {
    auto start = std::chrono::steady_clock::now();
    std::vector<flat::Function> table = sampleCopies(copies);
    double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::function<size_t(const std::vector<flat::Statement> &)> count = [&](const auto &body) {
      size_t n = body.size();
      for (const flat::Statement &s : body)
        n += count(s.body) + count(s.elseBody);
      return n;
    };
    size_t statements = 0;
    for (const flat::Function &f : table)
      statements += count(f.body);
    for (auto level : {jit::OptLevel::None, jit::OptLevel::Less, jit::OptLevel::Default}) {
      CompiledFunctionTable compiled(table, level);
      NativeFunctionFn sqrtFn = compiled.native(table[NewtonSqrt]);
      REQUIRE_MESSAGE((sqrtFn != nullptr), compiled.error());
      auto runStart = std::chrono::steady_clock::now();
      double sum = 0, x = 0;
      for (int i = 1; i <= 100000; ++i) {
        double a = i;
        sqrtFn(&a, &x);
        sum += x;
      }
      double run = std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();
      CHECK(sum > 0);
      std::printf("function timing: %zu functions, %zu statements (with derivatives; built in "
                  "%.3f s), %-12s: "
                  "generate IR %.3f s, optimize+compile %.3f s (%zu instructions); "
                  "100k sqrt calls %.1f ms\n",
                  table.size(), statements, build, levelName(level), compiled.generateSeconds,
                  compiled.compileSeconds, compiled.numInstructions, run * 1e3);
    }
  }
}
