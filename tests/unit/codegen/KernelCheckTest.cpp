// The checks of kernels: Assert steps (a level-1 failure reports its message
// and leaves the kernel, also from a part of a split kernel; a level-2 one
// warns once and goes on) and Terminate steps (a request with its message,
// and the kernel goes on), their absence from JVPs, the checks codegen
// makes of them, and generated assertions and terminate() in simulations.
#include "tests/unit/codegen/FunctionBuilder.h"
#include "tests/unit/codegen/KernelHarness.h"

#include "runtime/RuntimeErrors.h"
#include "runtime/Simulator.h"

#include <doctest/doctest.h>

#include <memory>
#include <sstream>

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

namespace {

/// x' = -x from x = 1, with generated kernels for the residual, the zero
/// crossing x - 0.5, the update (rel := x < 0.5; terminate on its edge) and
/// the assertions (x > 0.3 at `level`). Slots: 0 x, 1 der(x), 2 rel, 3 pre(rel).
struct CheckedSimulation {
  sym::ExprPool pool;
  std::unique_ptr<CompiledKernels> compiled;
  rt::CompiledModel model;
  std::string log;

  explicit CheckedSimulation(int level, bool terminates) {
    ExprId x = pool.variable(VarId{0}), dx = pool.variable(VarId{1});
    ExprId rel = pool.variable(VarId{2}), preRel = pool.variable(VarId{3});
    ExprId half = pool.constant(0.5);
    std::vector<KernelSpec> kernels = {
        {"residual", {residual(pool.add(dx, x))}, true},
        {"init", {assign(1, pool.unary(OpKind::Neg, x))}, false},
        {"crossings", {residual(pool.sub(x, half))}, false},
        {"update",
         {assign(2, pool.binary(OpKind::Less, x, half)),
          terminateIf(pool.binary(OpKind::And, rel, pool.unary(OpKind::Not, preRel)),
                      {text("x = "), shown(x), text(" fell below 0.5")})},
         false},
        {"assertions",
         {check(pool.binary(OpKind::Greater, x, pool.constant(0.3)),
                {text("x = "), shown(x), text(" is too small")}, level)},
         false}};
    compiled = std::make_unique<CompiledKernels>(pool, kernels);
    REQUIRE_MESSAGE(compiled->error().empty(), compiled->error());
    model.name = "Checked";
    model.numSlots = 4;
    model.setStartValues = [](double, double *v, double *) { v[0] = 1.0; };
    model.init.push_back({rt::InitStep::Kind::Assign, compiled->kernel("init"), {}});
    model.ySlot = {0};
    model.ypSlot = {1};
    model.residual = compiled->kernel("residual");
    model.jvp = compiled->jvp("residual");
    model.jacobian = {1, {0, 1}, {0}, {0}, 1};
    model.outputs = {{"x", 0}};
    if (terminates) {
      model.events.zeroCrossings = compiled->kernel("crossings");
      model.events.numZeroCrossings = 1;
      model.events.update = compiled->kernel("update");
      model.events.preSlot = {3};
      model.events.valueSlot = {2};
    }
    model.events.assertions = compiled->kernel("assertions");
  }

  rt::RunStatus simulate() {
    rt::SimulationOptions options;
    options.stopTime = 2.0;
    options.interval = 0.1;
    rt::SolverStatistics stats;
    std::ostringstream stream;
    rt::RunStatus status = rt::simulate(model, options, stats, stream);
    log = stream.str();
    return status;
  }
};

} // namespace

TEST_CASE("a generated level-1 assertion stops the simulation at an output time") {
  CheckedSimulation simulation(1, false);
  rt::RunStatus status = simulation.simulate();
  CHECK_FALSE(status.ok);
  CHECK(status.message ==
        "simulation failed at time t = 1.3: assertion failed: x = 0.272532 is too small");
}

TEST_CASE("a generated level-2 assertion warns once and the simulation goes on") {
  CheckedSimulation simulation(2, false);
  rt::RunStatus status = simulation.simulate();
  CHECK(status.ok);
  CHECK(simulation.log == "warning: assertion failed: x = 0.272532 is too small\n");
}

TEST_CASE("a generated terminate() ends the simulation successfully at its event") {
  CheckedSimulation simulation(1, true);
  rt::RunStatus status = simulation.simulate();
  CHECK(status.ok);
  CHECK(simulation.log == "terminated at time t = 0.693147: x = 0.5 fell below 0.5\n");
}
