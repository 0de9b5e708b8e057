// The checks of kernels: Assert steps (a level-1 failure reports its message
// and leaves the kernel, also from a part of a split kernel; a level-2 one
// warns once and goes on) and Terminate steps (a request with its message,
// and the kernel goes on), their absence from JVPs, and the checks codegen
// makes of them.
#include "tests/unit/codegen/FunctionBuilder.h"
#include "tests/unit/codegen/KernelHarness.h"

#include "runtime/RuntimeErrors.h"

#include <doctest/doctest.h>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

KernelStep assign(uint32_t slot, ExprId e) { return {KernelStep::Kind::Assign, VarId{slot}, e}; }
KernelStep residual(ExprId e) { return {KernelStep::Kind::Residual, {}, e}; }
KernelStep check(ExprId condition, std::vector<flat::MessagePart> message, int level = 1) {
  return {KernelStep::Kind::Assert, {}, condition, std::move(message), level};
}
KernelStep terminateIf(ExprId condition, std::vector<flat::MessagePart> message) {
  return {KernelStep::Kind::Terminate, {}, condition, std::move(message)};
}

/// Slots: 0 x, 1 n (Integer), 2 y := 2 x (after the checks), 3 z := x + 1
/// (before them); residual 0 is y - x.
///   assert(x > 0, "x = " x ", n = " n ", 100% wrong")
///   assert(x < 10, "x is large: " x, level 2)
///   when x > 5: terminate("x passed 5 at " x ", big: " (x > 7))
struct CheckedKernel {
  sym::ExprPool pool;
  std::vector<KernelSpec> kernels;

  CheckedKernel() {
    ExprId x = pool.variable(VarId{0}), n = pool.variable(VarId{1});
    ExprId y = pool.variable(VarId{2});
    KernelSpec spec{"checked", {}, true};
    spec.steps = {
        assign(3, pool.add(x, pool.one())),
        check(pool.binary(OpKind::Greater, x, pool.constant(0)),
              {text("x = "), shown(x), text(", n = "), shown(n, TypeKind::Integer),
               text(", 100% wrong")}),
        check(pool.binary(OpKind::Less, x, pool.constant(10)), {text("x is large: "), shown(x)},
              2),
        terminateIf(pool.binary(OpKind::Greater, x, pool.constant(5)),
                    {text("x passed 5 at "), shown(x), text(", big: "),
                     shown(pool.binary(OpKind::Greater, x, pool.constant(7)), TypeKind::Boolean)}),
        assign(2, pool.mul(pool.constant(2), x)),
        residual(pool.sub(y, x))};
    kernels.push_back(std::move(spec));
  }
};

/// Calls the kernel at (x, n) and returns the slots and the residual.
std::vector<double> call(rt::KernelFn fn, double x, double n) {
  std::vector<double> v = {x, n, -1, -1, -1};
  fn(0.0, v.data(), &v[4]);
  return v;
}

} // namespace

TEST_CASE("a level-1 assert in a kernel reports its message and leaves the kernel") {
  rt::clearRuntimeMessages();
  CheckedKernel model;
  for (auto level : {jit::OptLevel::None, jit::OptLevel::Default}) {
    CompiledKernels compiled(model.pool, model.kernels, atLevel(level));
    rt::KernelFn fn = compiled.kernel("checked");
    REQUIRE_MESSAGE((fn != nullptr), compiled.error());
    CHECK(call(fn, 1.5, 3) == std::vector<double>{1.5, 3, 3, 2.5, 1.5});
    CHECK_FALSE(rt::takeRuntimeFailure(0.0));
    // x = -0.5: z is assigned before the assert, y and the residual are not.
    CHECK(call(fn, -0.5, 3) == std::vector<double>{-0.5, 3, -1, 0.5, -1});
    auto failure = rt::takeRuntimeFailure(0.25);
    REQUIRE(failure);
    CHECK(failure->message == "assertion failed: x = -0.5, n = 3, 100% wrong");
    CHECK(failure->time == 0.25);
  }
}

TEST_CASE("a level-2 assert in a kernel warns once and the kernel goes on") {
  rt::clearRuntimeMessages();
  CheckedKernel model;
  CompiledKernels compiled(model.pool, model.kernels);
  rt::KernelFn fn = compiled.kernel("checked");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  CHECK(call(fn, 20, 0) == std::vector<double>{20, 0, 40, 21, 20});
  CHECK(call(fn, 30, 0) == std::vector<double>{30, 0, 60, 31, 30});
  CHECK(rt::takeRuntimeWarnings() == std::vector<std::string>{"assertion failed: x is large: 20"});
  CHECK_FALSE(rt::takeRuntimeFailure(0.0));
  rt::clearRuntimeMessages();
}

TEST_CASE("a terminate step reports its message while its condition holds and goes on") {
  rt::clearRuntimeMessages();
  CheckedKernel model;
  CompiledKernels compiled(model.pool, model.kernels);
  rt::KernelFn fn = compiled.kernel("checked");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  call(fn, 4, 0);
  CHECK_FALSE(rt::takeTerminateRequest());
  CHECK(call(fn, 6, 0) == std::vector<double>{6, 0, 12, 7, 6});
  CHECK(rt::takeTerminateRequest() == "x passed 5 at 6, big: false");
  CHECK_FALSE(rt::takeTerminateRequest()); // taken
  call(fn, 8, 0);
  call(fn, 9, 0); // the first request wins
  CHECK(rt::takeTerminateRequest() == "x passed 5 at 8, big: true");
  CHECK_FALSE(rt::takeRuntimeFailure(0.0));
}

TEST_CASE("the JVP of a kernel with checks has no checks") {
  rt::clearRuntimeMessages();
  CheckedKernel model;
  CompiledKernels compiled(model.pool, model.kernels);
  rt::KernelJvpFn jvp = compiled.jvp("checked");
  REQUIRE_MESSAGE((jvp != nullptr), compiled.error());
  std::vector<double> v = {-20, 0, -40, -19}, dv = {1, 0, 0, 0};
  double dres = 0;
  jvp(0.0, v.data(), dv.data(), &dres);
  CHECK(dv[2] == 2.0);
  CHECK(dv[3] == 1.0);
  CHECK(dres == 1.0);
  CHECK_FALSE(rt::takeRuntimeFailure(0.0));
  CHECK(rt::takeRuntimeWarnings().empty());
}

TEST_CASE("a failed assert in one part of a split kernel skips the later parts") {
  rt::clearRuntimeMessages();
  CheckedKernel model;
  CompiledKernels compiled(model.pool, model.kernels, splitEvery(1));
  rt::KernelFn fn = compiled.kernel("checked");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  CHECK(compiled.numFunctions > 2);
  CHECK(call(fn, -2, 1) == std::vector<double>{-2, 1, -1, -1, -1});
  auto failure = rt::takeRuntimeFailure(0.0);
  REQUIRE(failure);
  CHECK(failure->message == "assertion failed: x = -2, n = 1, 100% wrong");
  CHECK(call(fn, 7, 1) == std::vector<double>{7, 1, 14, 8, 7});
  CHECK(rt::takeTerminateRequest() == "x passed 5 at 7, big: false");
}

TEST_CASE("codegen refuses an assert of a bad level and a message with a bad value") {
  CheckedKernel model;
  model.kernels[0].steps[2].level = 3;
  CHECK(generateError(model.pool, model.kernels, {}) ==
        "kernel `checked` has an assert of level 3");
  model.kernels[0].steps[2].level = 2;
  model.kernels[0].steps[3].message.push_back(shown(ExprId{99999}));
  CHECK(generateError(model.pool, model.kernels, {}) ==
        "kernel `checked` has a step with an invalid expression or target");
}
