// Kernels as a whole: the order of steps, residual numbering, memoization
// across assignments, lazy `if`, splitting of big kernels into several
// functions, and the errors of codegen and the JIT.
#include "tests/unit/codegen/KernelHarness.h"

#include "runtime/RuntimeErrors.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using namespace mocc::codegen::test::steps;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// 10,000 steps: v[i+1] = sin(v[i]) * 0.9 + v[i] * v[0], each followed by
/// the residual v[i+1] - v[i] * time.
KernelSpec bigKernel(sym::ExprPool &pool) {
  Vars v{pool};
  KernelSpec spec{"big", {}, true};
  for (uint32_t i = 0; i < 5000; ++i) {
    ExprId next = pool.add(pool.mul(pool.unary(OpKind::Sin, v[i]), pool.constant(0.9)),
                           pool.mul(v[i], v[0]));
    spec.steps.push_back(assign(i + 1, next));
    spec.steps.push_back(residual(pool.sub(v[i + 1], pool.mul(v[i], pool.time()))));
  }
  return spec;
}

/// Runs bigKernel compiled two ways, and its JVPs, on the same values:
/// the results must be the same bits.
void checkSameBigKernel(rt::KernelFn f1, rt::KernelJvpFn j1, rt::KernelFn f2,
                        rt::KernelJvpFn j2) {
  std::vector<double> v1(5001, 0.0), v2(5001, 0.0), r1(5000), r2(5000);
  v1[0] = v2[0] = 0.3;
  f1(0.7, v1.data(), r1.data());
  f2(0.7, v2.data(), r2.data());
  CHECK(v1 == v2);
  CHECK(r1 == r2);
  std::vector<double> d1(5001, 0.0), d2(5001, 0.0), dr1(5000), dr2(5000);
  d1[0] = d2[0] = 1.0;
  j1(0.7, v1.data(), d1.data(), dr1.data());
  j2(0.7, v2.data(), d2.data(), dr2.data());
  CHECK(d1 == d2);
  CHECK(dr1 == dr2);
  CHECK(std::isfinite(dr1.back()));
}

} // namespace

TEST_CASE("assignments run in order and residuals count only residual steps") {
  sym::ExprPool pool;
  Vars v{pool};
  KernelSpec spec{"k", {}, false};
  spec.steps = {assign(1, pool.mul(v[0], pool.constant(2.0))),    // v1 = 2 v0
                residual(pool.sub(v[1], v[0])),                   // res0 = v1 - v0
                assign(2, pool.add(v[1], pool.one())),            // v2 = v1 + 1
                residual(pool.mul(v[2], v[1])),                   // res1 = v2 v1
                assign(1, pool.constant(10.0)),                   // v1 = 10
                residual(pool.add(v[1], v[2])),                   // res2 = 10 + v2
                residual(pool.mul(pool.time(), pool.constant(3.0)))}; // res3 = 3 t
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelFn fn = compiled.kernel("k");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  double values[3] = {3.0, -1.0, -1.0};
  double res[4] = {};
  fn(0.5, values, res);
  CHECK(values[1] == 10.0);
  CHECK(values[2] == 7.0);
  CHECK(res[0] == 3.0);
  CHECK(res[1] == 42.0);
  CHECK(res[2] == 17.0);
  CHECK(res[3] == 1.5);
}

TEST_CASE("an overridable assignment takes the run's value of its slot, also in a loop") {
  // v[100 + i] := 2 v[i] + 1 for i < 100 (a run of repeated steps: a loop),
  // then v[200] := 5; each names its target as its override slot.
  sym::ExprPool pool;
  Vars v{pool};
  KernelSpec spec{"params", {}, false};
  for (uint32_t i = 0; i < 100; ++i) {
    ExprId twice = pool.mul(pool.constant(2.0), v[i]);
    spec.steps.push_back(assign(100 + i, pool.add(twice, pool.one())));
    spec.steps.back().overrideSlot = static_cast<int32_t>(100 + i);
  }
  spec.steps.push_back(assign(200, pool.constant(5.0)));
  spec.steps.back().overrideSlot = 200;
  CompiledKernels compiled(pool, {&spec, 1});
  rt::KernelFn fn = compiled.kernel("params");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  auto run = [&](const std::vector<double> &table) {
    rt::OverrideScope scope(table);
    std::vector<double> values(201, 0.0);
    for (uint32_t i = 0; i < 100; ++i)
      values[i] = i;
    fn(0.0, values.data(), nullptr);
    return values;
  };
  std::vector<double> plain = run({});
  CHECK(plain[100] == 1.0);
  CHECK(plain[199] == 199.0);
  CHECK(plain[200] == 5.0);
  std::vector<double> table(201, std::nan(""));
  table[150] = -3.0;
  table[200] = 0.25;
  std::vector<double> overridden = run(table);
  CHECK(overridden[150] == -3.0);
  CHECK(overridden[149] == 99.0);
  CHECK(overridden[151] == 103.0);
  CHECK(overridden[200] == 0.25);
  CHECK(run({})[150] == 101.0); // the scope ended with its run
}

TEST_CASE("a slot read before it is assigned is not reused afterwards") {
  sym::ExprPool pool;
  Vars v{pool};
  ExprId plusOne = pool.add(v[0], pool.one());
  KernelSpec spec{"k", {}, false};
  spec.steps = {residual(plusOne),                       // old v0 + 1
                assign(0, plusOne),                      // v0 = v0 + 1
                residual(plusOne),                       // new v0 + 1
                assign(0, pool.mul(v[0], v[0])),         // v0 = v0^2
                residual(pool.add(v[0], pool.one()))};   // again
  for (auto level : {jit::OptLevel::None, jit::OptLevel::Default}) {
    CompiledKernels compiled(pool, {&spec, 1}, atLevel(level));
    rt::KernelFn fn = compiled.kernel("k");
    REQUIRE_MESSAGE((fn != nullptr), compiled.error());
    double values[1] = {3.0};
    double res[3] = {};
    fn(0.0, values, res);
    CHECK(res[0] == 4.0);
    CHECK(res[1] == 5.0);
    CHECK(values[0] == 16.0);
    CHECK(res[2] == 17.0);
  }
}

TEST_CASE("if evaluates only the selected branch") {
  sym::ExprPool pool;
  Vars v{pool};
  ExprId zero = pool.zero();
  ExprId positive = pool.binary(OpKind::Greater, v[0], zero);
  ExprId nanWhenNegative = pool.unary(OpKind::Sqrt, v[0]);
  // if v0 > 0 then (if v1 > 0 then log(v1) else sqrt(v0)) else -1: the
  // untaken branches produce NaN (log of a negative, sqrt of a negative).
  ExprId inner = pool.ifElse(pool.binary(OpKind::Greater, v[1], zero),
                             pool.unary(OpKind::Log, v[1]), nanWhenNegative);
  ExprId nested = pool.ifElse(positive, inner, pool.constant(-1.0));
  // A node used inside a branch and again after the `if` (or in the other
  // branch) must be recomputed there: the branch's value does not dominate.
  ExprId shared = pool.mul(pool.unary(OpKind::Exp, v[1]), v[2]);
  ExprId both = pool.ifElse(positive, shared, pool.mul(shared, pool.constant(2.0)));
  KernelSpec spec{"k", {}, false};
  spec.steps = {residual(nested), residual(both), residual(shared),
                residual(pool.ifElse(positive, pool.div(pool.one(), v[0]), zero))};
  CompiledKernels compiled(pool, {&spec, 1}, atLevel(jit::OptLevel::None, true));
  rt::KernelFn fn = compiled.kernel("k");
  REQUIRE_MESSAGE((fn != nullptr), compiled.error());
  CHECK(compiled.ir.find("phi double") != std::string::npos);
  CHECK(compiled.ir.find("br i1") != std::string::npos);

  struct Case { double v0, v1, r0; };
  for (Case c : {Case{-4.0, 2.0, -1.0}, Case{4.0, -2.0, 2.0}, Case{4.0, std::exp(1.0), 1.0}}) {
    double values[3] = {c.v0, c.v1, 3.0};
    double res[4] = {};
    fn(0.0, values, res);
    CHECK(res[0] == doctest::Approx(c.r0));
    double sharedValue = std::exp(c.v1) * 3.0;
    CHECK(res[1] == (c.v0 > 0 ? sharedValue : 2 * sharedValue));
    CHECK(res[2] == sharedValue);
    CHECK(res[3] == (c.v0 > 0 ? 1.0 / c.v0 : 0.0));
  }
}

TEST_CASE("a big kernel split into many functions computes the same") {
  sym::ExprPool pool;
  KernelSpec spec = bigKernel(pool);
  // One function of 10,000 steps takes LLVM's optimizing code generator a
  // long time (the reason for splitting): compile it without optimization.
  // (The 100k-step timing test runs split kernels at every level.)
  CompiledKernels whole(pool, {&spec, 1}, splitEvery(0, jit::OptLevel::None));
  CompiledKernels split(pool, {&spec, 1}, splitEvery(250, jit::OptLevel::Less));
  CHECK(whole.numFunctions == 2);
  CHECK(split.numFunctions == 2 * 40); // the public function runs the first part
  rt::KernelFn f1 = whole.kernel("big"), f2 = split.kernel("big");
  rt::KernelJvpFn j1 = whole.jvp("big"), j2 = split.jvp("big");
  REQUIRE_MESSAGE((f1 && j1), whole.error());
  REQUIRE_MESSAGE((f2 && j2), split.error());

  checkSameBigKernel(f1, j1, f2, j2);
}

TEST_CASE("a big kernel streamed over several modules computes the same") {
  sym::ExprPool pool;
  KernelSpec spec = bigKernel(pool);
  KernelSpec empty{"empty", {}, true};
  KernelSpec specs[] = {spec, empty};
  CompiledKernels whole(pool, {&spec, 1}, splitEvery(0, jit::OptLevel::None));
  CompileRequest request = splitEvery(250, jit::OptLevel::None);
  request.instructionsPerModule = 5000;
  CompiledKernels streamed(pool, specs, request);
  // 10,000 steps in parts of 250: 40 parts of the kernel and 40 of its JVP,
  // in modules of about 5,000 instructions, then the home module with the
  // public functions (the empty kernel's call no part).
  CHECK(streamed.numFunctions == 2 * 40 + 4);
  CHECK(streamed.numModules > 20);
  // Generating a module takes a tenth of compiling it: the modules would
  // wait in the queue, with their IR, if startModule did not compile the
  // oldest one itself past the bound.
  CHECK(streamed.numModules > streamed.pendingBound + 1);
  CHECK(streamed.maxPendingModules <= streamed.pendingBound);
  rt::KernelFn f1 = whole.kernel("big"), f2 = streamed.kernel("big");
  rt::KernelJvpFn j1 = whole.jvp("big"), j2 = streamed.jvp("big");
  REQUIRE_MESSAGE((f1 && j1), whole.error());
  REQUIRE_MESSAGE((f2 && j2), streamed.error());

  checkSameBigKernel(f1, j1, f2, j2);
  rt::KernelFn e = streamed.kernel("empty");
  REQUIRE_MESSAGE((e != nullptr), streamed.error());
  std::vector<double> v(5001, 0.0), r(5000);
  e(0.0, v.data(), r.data());
}

TEST_CASE("a batch of kernels runs the case asked for, with residuals numbered from 0") {
  sym::ExprPool pool;
  Vars v{pool};
  // Case 0: v1 := v0^2; res0 := v1 - 4. Case 1: res0 := v0 v1; v2 := sin(v1);
  // res1 := v2 + t. Case 2: nothing.
  KernelSpec spec{"batch", {assign(1, pool.mul(v[0], v[0])),
                            residual(pool.sub(v[1], pool.constant(4.0))),
                            residual(pool.mul(v[0], v[1])),
                            assign(2, pool.unary(OpKind::Sin, v[1])),
                            residual(pool.add(v[2], pool.time()))},
                  true};
  spec.caseStart = {0, 2, 5, 5};
  for (size_t perModule : {size_t{0}, size_t{10}}) {
    CAPTURE(perModule);
    CompileRequest request = atLevel(jit::OptLevel::Less);
    request.instructionsPerModule = perModule; // 10: streamed, a module per function
    CompiledKernels compiled(pool, {&spec, 1}, request);
    rt::BatchedKernelFn fn = compiled.batch("batch");
    rt::BatchedKernelJvpFn jvp = compiled.batchJvp("batch");
    REQUIRE_MESSAGE((fn && jvp), compiled.error());
    CHECK(compiled.numFunctions == 2); // the batch and its JVP, never split

    double values[3] = {3.0, 0.5, -1.0};
    double res[2] = {-7.0, -7.0};
    fn(0.25, values, res, 0);
    CHECK(values[1] == 9.0);
    CHECK(values[2] == -1.0); // case 1 did not run
    CHECK(res[0] == 5.0);
    CHECK(res[1] == -7.0);
    fn(0.25, values, res, 1);
    CHECK(values[1] == 9.0);
    CHECK(values[2] == doctest::Approx(std::sin(9.0)));
    CHECK(res[0] == 27.0);
    CHECK(res[1] == doctest::Approx(std::sin(9.0) + 0.25));
    double before[3] = {values[0], values[1], values[2]};
    fn(0.25, values, res, 2); // an empty case
    fn(0.25, values, res, 7); // no such case: nothing
    CHECK(std::equal(values, values + 3, before));

    // JVPs of case 1 along v1: d res0 = v0, d v2 = cos(v1), d res1 = cos(v1).
    double dv[3] = {0.0, 1.0, 0.0};
    double dres[2] = {};
    jvp(0.25, values, dv, dres, 1);
    CHECK(dres[0] == 3.0);
    CHECK(dv[2] == doctest::Approx(std::cos(9.0)));
    CHECK(dres[1] == doctest::Approx(std::cos(9.0)));
    // Case 0 along v0: d v1 = 2 v0, d res0 = 2 v0.
    double dv0[3] = {1.0, 0.0, 0.0};
    jvp(0.25, values, dv0, dres, 0);
    CHECK(dv0[1] == 6.0);
    CHECK(dres[0] == 6.0);
  }
}

TEST_CASE("codegen refuses a batch whose cases do not cover its steps") {
  sym::ExprPool pool;
  Vars v{pool};
  KernelSpec spec{"batch", {residual(v[0]), residual(v[1])}, false};
  for (std::vector<uint32_t> starts : {std::vector<uint32_t>{0, 1}, {1, 2}, {0, 2, 1, 2}, {0}}) {
    spec.caseStart = starts;
    CompiledKernels compiled(pool, {&spec, 1});
    CHECK(compiled.error() == "kernel `batch` is a batch whose cases do not cover its steps");
  }
}

TEST_CASE("a JVP differentiates only the first jvpSteps steps") {
  sym::ExprPool pool;
  Vars v{pool};
  // v1 := 2 v0; res0 := v1 - v0; then the alias v2 := -v1, for the results.
  KernelSpec spec{"k", {assign(1, pool.mul(pool.constant(2.0), v[0])),
                        residual(pool.sub(v[1], v[0])), assign(2, pool.neg(v[1]))}, true};
  spec.jvpSteps = 2;
  CompiledKernels compiled(pool, {&spec, 1}, atLevel(jit::OptLevel::None));
  rt::KernelFn f = compiled.kernel("k");
  rt::KernelJvpFn j = compiled.jvp("k");
  REQUIRE_MESSAGE((f && j), compiled.error());
  double values[3] = {1.5, 0.0, 0.0}, res[1];
  f(0.0, values, res);
  CHECK(values[2] == -3.0); // the kernel runs every step
  double dv[3] = {1.0, 0.0, 7.0}, dres[1];
  j(0.0, values, dv, dres);
  CHECK(dres[0] == 1.0);
  CHECK(dv[1] == 2.0);
  CHECK(dv[2] == 7.0); // the JVP stops before the alias
}

TEST_CASE("an empty kernel and several kernels in one module") {
  sym::ExprPool pool;
  Vars v{pool};
  KernelSpec specs[] = {{"empty", {}, true},
                        {"twice", {assign(1, pool.mul(v[0], pool.constant(2.0)))}, false}};
  CompiledKernels compiled(pool, specs);
  rt::KernelFn empty = compiled.kernel("empty"), twice = compiled.kernel("twice");
  rt::KernelJvpFn emptyJvp = compiled.jvp("empty");
  REQUIRE_MESSAGE((empty && twice && emptyJvp), compiled.error());
  double values[2] = {1.5, 0.0}, tangents[2] = {1.0, 0.0};
  empty(0.0, values, nullptr);
  emptyJvp(0.0, values, tangents, nullptr);
  twice(0.0, values, nullptr);
  CHECK(values[1] == 3.0);
}

TEST_CASE("invalid kernels are reported") {
  sym::ExprPool pool;
  Vars v{pool};
  SUBCASE("two kernels with one name") {
    KernelSpec specs[] = {{"same", {residual(v[0])}, false}, {"same", {residual(v[1])}, false}};
    CompiledKernels compiled(pool, specs);
    CHECK(compiled.error() == "two kernels are named `same`");
  }
  SUBCASE("a kernel named like a C math function it calls") {
    KernelSpec spec{"tan", {residual(pool.unary(OpKind::Tan, v[0]))}, false};
    CompiledKernels compiled(pool, {&spec, 1});
    CHECK(compiled.error().find("like a C math function") != std::string::npos);
  }
  SUBCASE("an invalid expression") {
    KernelSpec spec{"bad", {residual(ExprId{})}, false};
    CompiledKernels compiled(pool, {&spec, 1});
    CHECK(compiled.error().find("invalid") != std::string::npos);
  }
}

TEST_CASE("looking up a missing function fails with a message") {
  diag::Message error;
  auto jit = jit::Jit::create(error);
  REQUIRE_MESSAGE((jit != nullptr), error.text());
  CHECK(jit->lookup("no_such_kernel", error) == nullptr);
  CHECK(error.text().find("no_such_kernel") != std::string::npos);
}

TEST_CASE("the suggested optimization level drops for big models") {
  CHECK(jit::suggestOptLevel(100) == jit::OptLevel::Default);
  CHECK(jit::suggestOptLevel(1000) == jit::OptLevel::Less);
  CHECK(jit::suggestOptLevel(20'000) == jit::OptLevel::Less);
  CHECK(jit::suggestOptLevel(100'000'000) == jit::OptLevel::None);
}

namespace {

/// The value of `e` over `slots`, evaluated node by node in C++ (the order
/// of the tree: the bits a kernel must give).
double reference(const sym::ExprPool &pool, ExprId e, const std::vector<double> &slots) {
  auto value = sym::evaluate(pool, e, [&](VarId v) -> std::optional<double> {
    return slots.at(v.index);
  });
  REQUIRE(value);
  return *value;
}

} // namespace

TEST_CASE("a long sum is a loop over a table, with the bits of the tree's order") {
  sym::ExprPool pool;
  Vars v{pool};
  constexpr uint32_t n = 3000, out = 3000;
  // Values of many magnitudes: another order of the additions rounds otherwise.
  std::vector<double> slots(out + 10, 0.0);
  for (uint32_t k = 0; k < n; ++k)
    slots[k] = std::ldexp(1.0 + 0.37 * k, static_cast<int>(k % 40) - 20) * (k % 3 ? 1 : -1);
  // sum() as flattening builds it: a balanced tree, some terms negated or
  // subtracted, some constants.
  std::vector<ExprId> level;
  for (uint32_t k = 0; k < n; ++k)
    level.push_back(k % 7 == 0   ? pool.neg(v[k])
                    : k % 11 == 0 ? pool.constant(0.1 * k)
                                  : v[k]);
  while (level.size() > 1) {
    std::vector<ExprId> next;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      next.push_back(i % 4 ? pool.sub(level[i], level[i + 1]) : pool.add(level[i], level[i + 1]));
    if (level.size() % 2)
      next.push_back(level.back());
    level = std::move(next);
  }
  ExprId balanced = level[0];
  // A connection sum: -(-a - b - c ...), a chain leaning left.
  ExprId chain = pool.neg(v[0]);
  for (uint32_t k = 1; k < n; ++k)
    chain = pool.sub(chain, v[k]);
  chain = pool.neg(chain);
  // A chain leaning right is deeper than the loop's stack: inline code.
  ExprId right = v[999];
  for (uint32_t k = 999; k-- > 600;)
    right = pool.add(v[k], right);
  // A short sum stays inline.
  ExprId shortSum = v[0];
  for (uint32_t k = 1; k < 100; ++k)
    shortSum = pool.add(shortSum, v[k]);

  auto run = [&](std::vector<KernelStep> steps, std::vector<double> values) {
    KernelSpec spec{"sums", std::move(steps), false};
    CompiledKernels compiled(pool, {&spec, 1});
    rt::KernelFn fn = compiled.kernel("sums");
    REQUIRE_MESSAGE((fn != nullptr), compiled.error());
    fn(0.0, values.data(), nullptr);
    return std::pair(values, compiled.numInstructions);
  };
  for (ExprId sum : {balanced, chain}) {
    auto [values, instructions] = run({assign(out, sum)}, slots);
    CHECK(values[out] == reference(pool, sum, slots));
    CHECK(instructions < 200); // a loop, not 6,000 instructions
  }
  {
    auto [values, instructions] = run({assign(out, right)}, slots);
    CHECK(values[out] == reference(pool, right, slots));
    CHECK(instructions > 600);
  }
  {
    auto [values, instructions] = run({assign(out, shortSum)}, slots);
    CHECK(values[out] == reference(pool, shortSum, slots));
    CHECK(instructions > 150);
  }
  SUBCASE("a slot of the sum assigned after it is read again") {
    auto [values, instructions] = run({assign(out, chain), assign(5, pool.constant(1e6)),
                                       assign(out + 1, pool.add(chain, pool.one()))},
                                      slots);
    CHECK(values[out] == reference(pool, chain, slots));
    std::vector<double> changed = slots;
    changed[5] = 1e6;
    CHECK(values[out + 1] == reference(pool, pool.add(chain, pool.one()), changed));
  }
}
