// Kernels that call lowered functions: values, one call per distinct Call
// node, JVPs through the functions' forward derivatives against central
// finite differences, split kernels, and the calls that do not fit.
#include "tests/unit/codegen/KernelHarness.h"
#include "tests/unit/codegen/SampleFunctions.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

KernelStep assignStep(uint32_t slot, ExprId e) {
  return {KernelStep::Kind::Assign, VarId{slot}, e};
}
KernelStep residualStep(ExprId e) { return {KernelStep::Kind::Residual, {}, e}; }

/// Over slots v0 .. v3: v3 := power(v0, 3) + z of caller(v1);
/// res0 = r of polar(v0, v1) - v2; res1 = phi of polar(v0, v1) * v3;
/// res2 = sqrt(v2) of newtonSqrt + v3.
KernelSpec callingKernel(sym::ExprPool &pool, bool withJvp) {
  auto v = [&](uint32_t slot) { return pool.variable(VarId{slot}); };
  ExprId polarArgs[] = {v(0), v(1)}, powerArgs[] = {v(0), pool.constant(3)};
  ExprId callerArgs[] = {v(1)}, sqrtArgs[] = {v(2)};
  ExprId polar = pool.call(Polar, polarArgs);
  ExprId caller = pool.output(pool.call(Caller, callerArgs), 0);
  ExprId power = pool.output(pool.call(Power, powerArgs), 0);
  ExprId root = pool.output(pool.call(NewtonSqrt, sqrtArgs), 0);
  return {"calling",
          {assignStep(3, pool.add(power, caller)),
           residualStep(pool.sub(pool.output(polar, 0), v(2))),
           residualStep(pool.mul(pool.output(polar, 1), v(3))),
           residualStep(pool.add(root, v(3)))},
          withJvp};
}

/// The same computation in C++: v3 and the residuals.
std::vector<double> reference(const double *v) {
  double x = v[1], z = std::sqrt(x * x + 4 * x * x) * std::atan2(2 * x, x);
  double v3 = v[0] * (v[0] * (v[0] * 1.0)) + z;
  return {v3, std::sqrt(v[0] * v[0] + v[1] * v[1]) - v[2], std::atan2(v[1], v[0]) * v3,
          std::sqrt(v[2]) + v3};
}

CompileRequest withSamples(CompileRequest request = {}) {
  request.functions = sampleFunctions();
  return request;
}

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

} // namespace

TEST_CASE("a kernel calls functions once per distinct call") {
  sym::ExprPool pool;
  KernelSpec spec = callingKernel(pool, false);
  CompiledKernels compiled(pool, {&spec, 1}, withSamples(atLevel(jit::OptLevel::None, true)));
  rt::KernelFn fn = compiled.kernel("calling");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  double v[4] = {0.3, -1.2, 2.5, 0};
  double res[3];
  fn(0.0, v, res);
  std::vector<double> expected = reference(v);
  CHECK(std::abs(v[3] - expected[0]) <= 1e-14 * std::abs(expected[0]));
  for (int k = 0; k < 3; ++k)
    CHECK(std::abs(res[k] - expected[k + 1]) <= 1e-14 * (1 + std::abs(expected[k + 1])));
  CHECK(count(compiled.ir, "call i32 @mocc.fn.polar(") == 1); // two outputs, one call
  CHECK(count(compiled.ir, "call i32 @mocc.fn.power(") == 1);
}

/// v2 := if v0 > 0 then r of polar(v0, v1) else v2; v3 := the same with
/// phi; with `between`, v1 := v1 + 1 in between (the call must be made again).
KernelSpec branchCallKernel(sym::ExprPool &pool, bool between) {
  auto v = [&](uint32_t slot) { return pool.variable(VarId{slot}); };
  ExprId args[] = {v(0), v(1)};
  ExprId polar = pool.call(Polar, args);
  ExprId positive = pool.binary(OpKind::Greater, v(0), pool.constant(0));
  std::vector<KernelStep> steps{assignStep(2, pool.ifElse(positive, pool.output(polar, 0), v(2)))};
  if (between)
    steps.push_back(assignStep(1, pool.add(v(1), pool.constant(1))));
  steps.push_back(assignStep(3, pool.ifElse(positive, pool.output(polar, 1), v(3))));
  return {"branches", std::move(steps), false};
}

TEST_CASE("a call in branches under the same condition is made once") {
  // Each step reads its own target, so its assignment forgets the memos;
  // the call's results, in branches of the same condition, are shared.
  for (bool between : {false, true}) {
    sym::ExprPool pool;
    KernelSpec spec = branchCallKernel(pool, between);
    CompiledKernels compiled(pool, {&spec, 1}, withSamples(atLevel(jit::OptLevel::None, true)));
    rt::KernelFn fn = compiled.kernel("branches");
    REQUIRE_MESSAGE((fn != nullptr), compiled.error());
    CHECK(count(compiled.ir, "call i32 @mocc.fn.polar(") == (between ? 2 : 1));
    double v[4] = {0.3, -1.2, 7, 8}, res[1];
    fn(0.0, v, res);
    double y = between ? -0.2 : -1.2;
    CHECK(v[2] == doctest::Approx(std::sqrt(0.09 + 1.44)).epsilon(1e-14));
    CHECK(v[3] == doctest::Approx(std::atan2(y, 0.3)).epsilon(1e-14));
    double w[4] = {-0.3, -1.2, 7, 8};
    fn(0.0, w, res);
    CHECK(w[2] == 7);
    CHECK(w[3] == 8);
  }
}

TEST_CASE("an Outputs step calls once and stores the outputs, split kernels or not") {
  // (v2, v3) := if v0 > 0 then polar(v0, v1); then v2 := if v0 > 0 then v2
  // else -v2, v3 likewise (the steps the Outputs step comes before), with
  // one step per function or not.
  for (unsigned perFunction : {0u, 1u}) {
    sym::ExprPool pool;
    auto v = [&](uint32_t slot) { return pool.variable(VarId{slot}); };
    ExprId args[] = {v(0), v(1)};
    ExprId positive = pool.binary(OpKind::Greater, v(0), pool.constant(0));
    KernelStep outputs(KernelStep::Kind::Outputs, {},
                       pool.ifElse(positive, pool.call(Polar, args), pool.zero()));
    outputs.targets = {VarId{2}, VarId{3}};
    KernelSpec spec{"outputs",
                    {outputs, assignStep(2, pool.ifElse(positive, v(2), pool.neg(v(2)))),
                     assignStep(3, pool.ifElse(positive, v(3), pool.neg(v(3))))},
                    false};
    CompileRequest request = withSamples(atLevel(jit::OptLevel::None, true));
    request.options.stepsPerFunction = perFunction;
    CompiledKernels compiled(pool, {&spec, 1}, request);
    rt::KernelFn fn = compiled.kernel("outputs");
    REQUIRE_MESSAGE((fn != nullptr), compiled.error());
    CHECK(count(compiled.ir, "call i32 @mocc.fn.polar(") == 1);
    double w[4] = {0.3, -1.2, 7, 8}, res[1];
    fn(0.0, w, res);
    CHECK(w[2] == doctest::Approx(std::sqrt(0.09 + 1.44)).epsilon(1e-14));
    CHECK(w[3] == doctest::Approx(std::atan2(-1.2, 0.3)).epsilon(1e-14));
    double x[4] = {-0.3, -1.2, 7, 8};
    fn(0.0, x, res);
    CHECK(x[2] == -7);
    CHECK(x[3] == -8);
  }
}

TEST_CASE("the JVP of a kernel that calls functions matches finite differences") {
  sym::ExprPool pool;
  KernelSpec spec = callingKernel(pool, true);
  CompiledKernels compiled(pool, {&spec, 1}, withSamples(atLevel(jit::OptLevel::Default, true)));
  rt::KernelFn fn = compiled.kernel("calling");
  rt::KernelJvpFn jvp = compiled.jvp("calling");
  REQUIRE_MESSAGE((fn && jvp), compiled.error());
  // The JVP calls each function's derivative once, and no primal function.
  CHECK(count(compiled.ir, "call i32 @\"mocc.fn.polar$der\"(") == 1);
  CHECK(count(compiled.ir, "call i32 @mocc.fn.polar(") == 1); // in the kernel only
  double point[4] = {0.3, -1.2, 2.5, 0};
  double directions[3][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0.3, -0.7, 0.2, 0}};
  for (auto &direction : directions) {
    double v[4], dv[4], dres[3];
    std::copy(point, point + 4, v);
    std::copy(direction, direction + 4, dv);
    double res[3];
    fn(0.0, v, res);
    jvp(0.0, v, dv, dres);
    const double h = 1e-6;
    double plus[4], minus[4], resPlus[3], resMinus[3];
    for (int i = 0; i < 4; ++i) {
      plus[i] = point[i] + h * direction[i];
      minus[i] = point[i] - h * direction[i];
    }
    fn(0.0, plus, resPlus);
    fn(0.0, minus, resMinus);
    CHECK(dv[3] == doctest::Approx((plus[3] - minus[3]) / (2 * h)).epsilon(1e-7));
    for (int k = 0; k < 3; ++k)
      CHECK(dres[k] == doctest::Approx((resPlus[k] - resMinus[k]) / (2 * h)).epsilon(1e-7));
  }
}

TEST_CASE("split kernels with calls run every part") {
  sym::ExprPool pool;
  KernelSpec spec = callingKernel(pool, true);
  CompiledKernels compiled(pool, {&spec, 1}, withSamples(splitEvery(1)));
  rt::KernelFn fn = compiled.kernel("calling");
  rt::KernelJvpFn jvp = compiled.jvp("calling");
  REQUIRE_MESSAGE((fn && jvp), compiled.error());
  double v[4] = {0.3, -1.2, 2.5, 0}, res[3], dv[4] = {0, 0, 1, 0}, dres[3];
  fn(0.0, v, res);
  std::vector<double> expected = reference(v);
  CHECK(res[2] == doctest::Approx(expected[3]).epsilon(1e-14));
  jvp(0.0, v, dv, dres);
  CHECK(dres[2] == doctest::Approx(0.5 / std::sqrt(2.5)).epsilon(1e-12));
}

TEST_CASE("calls that do not fit the function table are reported") {
  sym::ExprPool pool;
  std::vector<flat::Function> table = sampleFunctions();
  auto v = [&](uint32_t slot) { return pool.variable(VarId{slot}); };
  ExprId one[] = {v(0)}, two[] = {v(0), v(1)};
  auto errorOf = [&](ExprId e, bool withJvp) {
    KernelSpec spec{"k", {residualStep(e)}, withJvp};
    return generateError(pool, {&spec, 1}, table);
  };
  CHECK(errorOf(pool.output(pool.call(99, one), 0), false) ==
        "kernel `k`: a call of function 99, which is not in the table");
  CHECK(errorOf(pool.output(pool.call(Polar, one), 0), false) ==
        "kernel `k`: function `polar` takes 2 input(s) but is called with 1");
  CHECK(errorOf(pool.output(pool.call(Polar, two), 2), false) ==
        "kernel `k`: output 2 of function `polar` does not exist");
  CHECK(errorOf(pool.output(pool.call(Polar, two), 1), false).empty());
  CHECK(errorOf(pool.output(pool.call(Polar, two), 1), true) ==
        "kernel `k`: function `polar` has no derivative for the Jacobian (see "
        "addKernelDerivatives)");
}
