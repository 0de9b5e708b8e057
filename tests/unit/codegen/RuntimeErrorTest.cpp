// Run-time errors of generated code: a failed assert with its message
// formatted as String() formats values, an index out of bounds, an error
// deep in a callee that stops its callers at once, a warning that is
// reported once and lets the code go on, and failures and warnings inside a
// simulation: the runtime stops with the model time and the message, or
// logs the warning.
#include "tests/unit/codegen/FunctionBuilder.h"
#include "tests/unit/codegen/KernelHarness.h"

#include "compiler/jit/FunctionLibrary.h"
#include "runtime/Simulator.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <sstream>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using sym::ExprId;
using sym::OpKind;

namespace {

enum Index : uint32_t { Checked, Pick, Get, LoopCaller, Warns, Guard };

/// (x, n, flag) -> 2 x, asserting x > 0.
flat::Function checked() {
  FunctionBuilder b("checked");
  auto &p = b.pool();
  uint32_t x = b.input("x"), n = b.input("n", TypeKind::Integer);
  uint32_t flag = b.input("flag", TypeKind::Boolean), y = b.output("y");
  return b.build({assertThat(p.binary(OpKind::Greater, b.v(x), b.c(0)),
                             {text("x = "), shown(b.v(x)), text(", n = "),
                              shown(b.v(n), TypeKind::Integer), text(", flag = "),
                              shown(b.v(flag), TypeKind::Boolean), text(", 100% wrong")}),
                  assign(y, p.mul(b.c(2), b.v(x)))});
}

/// (a[3], i, v) -> (y, b): b := a; b[i] := v; y := a[i] (a store, then a read).
flat::Function pick() {
  FunctionBuilder b("pick");
  auto &p = b.pool();
  uint32_t a = b.input("a", TypeKind::Real, {3}), i = b.input("i", TypeKind::Integer);
  uint32_t value = b.input("v"), y = b.output("y"), copy = b.output("b", TypeKind::Real, {3});
  ExprId index = p.sub(b.v(i), b.c(1));
  return b.build({assign(copy, b.v(a)), assign(copy + 1, b.v(a + 1)), assign(copy + 2, b.v(a + 2)),
                  assignAt(copy, 3, index, b.v(value)), loadAt(y, a, 3, index)});
}

/// (a[3], i) -> a[i].
flat::Function get() {
  FunctionBuilder b("get");
  uint32_t a = b.input("a", TypeKind::Real, {3}), i = b.input("i", TypeKind::Integer);
  uint32_t y = b.output("y");
  return b.build({loadAt(y, a, 3, b.pool().sub(b.v(i), b.c(1)))});
}

/// (x) -> k: calls checked(x, k, false) for k = 0, 1, ... 999.
flat::Function loopCaller() {
  FunctionBuilder b("loopCaller");
  auto &p = b.pool();
  uint32_t x = b.input("x"), k = b.output("k", TypeKind::Integer), y = b.local("y");
  ExprId args[] = {b.v(x), b.v(k), b.c(0)};
  return b.build({whileLoop(p.binary(OpKind::Less, b.v(k), b.c(1000)),
                            {assign(y, p.output(p.call(Checked, args), 0)),
                             assign(k, p.add(b.v(k), b.c(1)))})});
}

/// (x) -> x + 1, warning when x >= 10.
flat::Function warns() {
  FunctionBuilder b("warns");
  auto &p = b.pool();
  uint32_t x = b.input("x"), y = b.output("y");
  return b.build({assertThat(p.binary(OpKind::Less, b.v(x), b.c(10)),
                             {text("x is large: "), shown(b.v(x))}, 2),
                  assign(y, p.add(b.v(x), b.c(1)))});
}

/// (x) -> 1, asserting x < 0.5.
flat::Function guard() {
  FunctionBuilder b("guard");
  auto &p = b.pool();
  uint32_t x = b.input("x"), y = b.output("y");
  return b.build({assertThat(p.binary(OpKind::Less, b.v(x), b.c(0.5)),
                             {text("x = "), shown(b.v(x)), text(" passed 0.5")}),
                  assign(y, b.c(1))});
}

std::vector<flat::Function> table() {
  std::vector<flat::Function> functions;
  for (auto make : {checked, pick, get, loopCaller, warns, guard})
    functions.push_back(make());
  return functions;
}

jit::FunctionLibrary &library() {
  static std::unique_ptr<jit::FunctionLibrary> compiled = [] {
    diag::Message error;
    auto library = jit::FunctionLibrary::compile(table(), error);
    REQUIRE_MESSAGE(library, error.text());
    return library;
  }();
  return *compiled;
}

/// The error of a call that must fail.
std::string failure(uint32_t index, std::vector<double> args) {
  diag::Message error;
  CHECK(!library().call(index, args, error));
  return error.text();
}

} // namespace

TEST_CASE("a failed assert reports its message with values formatted by type") {
  CHECK(failure(Checked, {-1.5, 3, 1}) ==
        "assertion failed: x = -1.5, n = 3, flag = true, 100% wrong");
  CHECK(failure(Checked, {-1.0 / 3, -12, 0}) ==
        "assertion failed: x = -0.333333, n = -12, flag = false, 100% wrong");
  CHECK(failure(Checked, {-123456789, 0, 0}).find("x = -1.23457e+08,") != std::string::npos);
  CHECK(failure(Checked, {-1e-7, 0, 0}).find("x = -1e-07,") != std::string::npos);
  diag::Message error;
  CHECK(library().call(Checked, std::vector<double>{2, 0, 0}, error) == std::vector<double>{4});
}

TEST_CASE("an index out of bounds is a run-time error") {
  diag::Message error;
  CHECK(library().call(Pick, std::vector<double>{1, 2, 3, 2, 9}, error) ==
        std::vector<double>{2, 1, 9, 3});
  CHECK(failure(Pick, {1, 2, 3, 4, 9}) == "index 4 out of bounds for `b` of size 3 in function `pick`");
  CHECK(failure(Get, {1, 2, 3, 0}) == "index 0 out of bounds for `a` of size 3 in function `get`");
  CHECK(failure(Get, {1, 2, 3, NAN}) ==
        "index nan out of bounds for `a` of size 3 in function `get`");
  CHECK(library().call(Get, std::vector<double>{1, 2, 3, 3}, error) == std::vector<double>{3});
}

TEST_CASE("an error in a callee stops its callers at once") {
  // Were the status not passed up, the loop would go on to k = 1000.
  CHECK(failure(LoopCaller, {-1}) ==
        "assertion failed: x = -1, n = 0, flag = false, 100% wrong");
  diag::Message error;
  CHECK(library().call(LoopCaller, std::vector<double>{1}, error) == std::vector<double>{1000});
}

TEST_CASE("a warning is reported once per assert and the function goes on") {
  library().takeWarnings();
  diag::Message error;
  CHECK(library().call(Warns, std::vector<double>{20}, error) == std::vector<double>{21});
  CHECK(library().call(Warns, std::vector<double>{30}, error) == std::vector<double>{31});
  CHECK(library().takeWarnings() == std::vector<std::string>{"assertion failed: x is large: 20"});
}

namespace {

/// A model x' = rate(x) (slot 0: x, slot 1: der(x)), compiled with the
/// function table; `parameterX` makes setParameters assign x := rate(x)
/// first.
struct CallingModel {
  using RateFn = std::function<ExprId(sym::ExprPool &, ExprId)>;
  sym::ExprPool pool;
  std::unique_ptr<CompiledKernels> compiled;
  rt::CompiledModel model;
  std::string log;

  CallingModel(const RateFn &rateOf, bool parameterX) {
    ExprId x = pool.variable(sym::VarId{0}), dx = pool.variable(sym::VarId{1});
    ExprId rate = rateOf(pool, x);
    std::vector<KernelSpec> kernels = {
        {"residual", {{KernelStep::Kind::Residual, {}, pool.sub(dx, rate)}}, true},
        {"init", {{KernelStep::Kind::Assign, sym::VarId{1}, rate}}, false},
        {"parameters", {{KernelStep::Kind::Assign, sym::VarId{0}, pool.add(x, rate)}}, false}};
    CompileRequest request;
    request.functions = table();
    compiled = std::make_unique<CompiledKernels>(pool, kernels, request);
    model.numSlots = 2;
    model.setParameters = parameterX ? compiled->kernel("parameters") : nullptr;
    model.init.push_back({rt::InitStep::Kind::Assign, compiled->kernel("init"), {}});
    model.ySlot = {0};
    model.ypSlot = {1};
    model.residual = compiled->kernel("residual");
    model.jvp = compiled->jvp("residual");
    model.jacobian = {1, {0, 1}, {0}, {0}, 1};
    REQUIRE_MESSAGE(compiled->error().empty(), compiled->error());
  }

  rt::RunStatus simulate() {
    rt::SimulationOptions options;
    options.stopTime = 1.0;
    options.interval = 0.1;
    rt::SolverStatistics stats;
    std::ostringstream stream;
    rt::RunStatus status = rt::simulate(model, options, stats, stream);
    log = stream.str();
    return status;
  }
};

/// guard(x): 1, failing once x >= 0.5.
ExprId guarded(sym::ExprPool &pool, ExprId x) {
  ExprId args[] = {x};
  return pool.output(pool.call(Guard, args), 0);
}

/// warns(20 x) - 20 x: 1, warning once x >= 0.5.
ExprId warned(sym::ExprPool &pool, ExprId x) {
  ExprId scaled = pool.mul(pool.constant(20), x);
  ExprId args[] = {scaled};
  return pool.sub(pool.output(pool.call(Warns, args), 0), scaled);
}

} // namespace

TEST_CASE("a failed assert stops the simulation with the model time") {
  CallingModel model(guarded, false);
  rt::RunStatus status = model.simulate();
  CHECK(!status.ok);
  CHECK(status.time >= 0.5);
  CHECK(status.time < 0.6);
  CAPTURE(status.message);
  CHECK(status.message.rfind("simulation failed at time t = 0.5", 0) == 0);
  CHECK(status.message.find(": assertion failed: x = 0.5") != std::string::npos);
  CHECK(status.message.find(" passed 0.5") != std::string::npos);
}

TEST_CASE("a failed assert during initialization stops at the start time") {
  CallingModel model(guarded, true); // x := 0 + guard(0) = 1, then init calls guard(1)
  rt::RunStatus status = model.simulate();
  CHECK(!status.ok);
  CHECK(status.message == "simulation failed at time t = 0: assertion failed: x = 1 passed 0.5");
}

TEST_CASE("a warning during a simulation is logged once and the run goes on") {
  CallingModel model(warned, false);
  rt::RunStatus status = model.simulate();
  CHECK(status.ok);
  CAPTURE(model.log);
  CHECK(model.log.rfind("warning: assertion failed: x is large: 10", 0) == 0);
  CHECK(std::count(model.log.begin(), model.log.end(), '\n') == 1);
}
