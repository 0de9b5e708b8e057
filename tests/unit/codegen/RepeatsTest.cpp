// Runs of repeated steps (compiler/codegen/Repeats.h) on hand-made step
// sequences, and kernels compiled with them as loops against the same
// kernels compiled step by step.
#include "compiler/codegen/Repeats.h"
#include "tests/unit/codegen/KernelHarness.h"

#include "runtime/RuntimeErrors.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <unordered_map>
#include <vector>

using namespace mocc;
using namespace mocc::codegen;
using namespace mocc::codegen::test;
using namespace mocc::codegen::test::steps;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// Whether expression `b` is expression `a` with each variable replaced by
/// its image under `slots`, and each Constant node of `constants` by the
/// value given there (the others must be equal).
bool sameUnder(const sym::ExprPool &pool, ExprId a, ExprId b,
               const std::unordered_map<uint32_t, uint32_t> &slots,
               const std::unordered_map<uint32_t, double> &constants) {
  const sym::Node &x = pool.node(a);
  const sym::Node &y = pool.node(b);
  if (x.op != y.op || x.numOperands != y.numOperands)
    return false;
  switch (x.op) {
  case OpKind::Variable: {
    auto found = slots.find(x.payload.index);
    return found != slots.end() && found->second == y.payload.index;
  }
  case OpKind::Constant: {
    auto found = constants.find(a.index);
    double expected = found != constants.end() ? found->second : x.payload.value;
    return std::memcmp(&expected, &y.payload.value, sizeof expected) == 0;
  }
  case OpKind::Call:
  case OpKind::Output:
  case OpKind::Smooth:
    if (x.payload.index != y.payload.index)
      return false;
    break;
  default:
    break;
  }
  auto p = pool.operands(a), q = pool.operands(b);
  for (size_t i = 0; i < p.size(); ++i)
    if (!sameUnder(pool, p[i], q[i], slots, constants))
      return false;
  return true;
}

/// Checks what a run promises: occurrence k is occurrence 0 with each
/// parameter replaced by row k of the table, under a map that is one to
/// one, and each tabled constant by row k of the constants. A run held by
/// other runs is checked in each of their occurrences: `offsets` has, per
/// row of the runs that hold it, the distance from its occurrence 0 to its
/// copy there ({0} for a run of the kernel). Its inner runs are disjoint,
/// in order and inside its occurrence 0, and its tables cover only the
/// steps outside them. Returns how many steps were checked (each step
/// covered by the run, once).
size_t checkRun(sym::ExprPool &pool, std::span<const KernelStep> steps, const RepeatRun &run,
                const std::vector<size_t> &offsets, const RepeatOptions &options) {
  CHECK(run.count >= options.minCount);
  CHECK(size_t(run.count) * run.length >= options.minSteps);
  size_t rows = offsets.size() * run.count;
  REQUIRE(run.table.size() == run.params.size() * rows);
  REQUIRE(run.constants.size() == run.constantNodes.size() * rows);
  std::vector<uint8_t> inside(run.length, 0); // steps of occurrence 0 in an inner run
  size_t end = run.first;
  for (const RepeatRun &inner : run.inner) {
    REQUIRE(inner.first >= end);
    end = inner.first + size_t(inner.count) * inner.length;
    REQUIRE(end <= size_t(run.first) + run.length);
    for (size_t s = inner.first; s < end; ++s)
      inside[s - run.first] = 1;
  }
  size_t checked = 0;
  std::vector<size_t> innerOffsets(rows);
  for (size_t r = 0; r < offsets.size(); ++r) {
    for (uint32_t k = 0; k < run.count; ++k) {
      size_t row = r * run.count + k;
      size_t offset = offsets[r] + size_t(k) * run.length;
      innerOffsets[row] = offset;
      std::unordered_map<uint32_t, uint32_t> map;
      std::unordered_map<uint32_t, uint32_t> inverse;
      for (size_t j = 0; j < run.params.size(); ++j) {
        uint32_t to = run.table[row * run.params.size() + j];
        map[run.params[j]] = to;
        CHECK(inverse.emplace(to, run.params[j]).second); // one to one
      }
      std::unordered_map<uint32_t, double> constants;
      for (size_t j = 0; j < run.constantNodes.size(); ++j)
        constants[run.constantNodes[j]] = run.constants[row * run.constantNodes.size() + j];
      for (uint32_t j = 0; j < run.length; ++j) {
        if (inside[j])
          continue;
        const KernelStep &model = steps[run.first + j];
        REQUIRE(run.first + offset + j < steps.size());
        const KernelStep &step = steps[run.first + offset + j];
        REQUIRE(model.kind == step.kind);
        if (model.kind == KernelStep::Kind::Assign) {
          REQUIRE(map.count(model.target.index) == 1);
          CHECK(map[model.target.index] == step.target.index);
        }
        CHECK(sameUnder(pool, model.expr, step.expr, map, constants));
        ++checked;
      }
    }
  }
  for (const RepeatRun &inner : run.inner)
    checked += checkRun(pool, steps, inner, innerOffsets, options);
  return checked;
}

/// checkRun for each run of a kernel: runs are disjoint, in order, inside
/// the steps and on one side of `boundary`, and every step they cover is
/// checked once.
void checkRuns(sym::ExprPool &pool, std::span<const KernelStep> steps,
               const std::vector<RepeatRun> &runs, size_t boundary, const RepeatOptions &options) {
  size_t end = 0;
  for (const RepeatRun &run : runs) {
    REQUIRE(run.first >= end);
    end = run.first + size_t(run.count) * run.length;
    REQUIRE(end <= steps.size());
    CHECK((end <= boundary || run.first >= boundary));
    CHECK(checkRun(pool, steps, run, {0}, options) == size_t(run.count) * run.length);
  }
}

/// Steps covered by runs.
size_t covered(const std::vector<RepeatRun> &runs) {
  size_t steps = 0;
  for (const RepeatRun &run : runs)
    steps += size_t(run.count) * run.length;
  return steps;
}

RepeatOptions small() {
  RepeatOptions options;
  options.minCount = 2;
  options.minSteps = 2;
  return options;
}

} // namespace

TEST_CASE("a group of steps repeated over other slots is one run with a table of slots") {
  sym::ExprPool pool;
  Vars v{pool};
  std::vector<KernelStep> steps;
  for (uint32_t i = 0; i < 20; ++i) {
    steps.push_back(assign(20 + i, pool.mul(v[i], pool.constant(2.0))));
    steps.push_back(residual(pool.sub(v[20 + i], v[i])));
  }
  auto runs = findRepeats(pool, steps, SIZE_MAX, {});
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].first == 0);
  CHECK(runs[0].length == 2);
  CHECK(runs[0].count == 20);
  CHECK(runs[0].params == std::vector<uint32_t>{20, 0});
  CHECK(runs[0].table[2 * 7] == 27);
  CHECK(runs[0].table[2 * 7 + 1] == 7);
  checkRuns(pool, steps, runs, SIZE_MAX, {});
}

TEST_CASE("a group holding a shorter run of its own is found whole") {
  // Each group: three equal steps (a shorter period) and one other.
  sym::ExprPool pool;
  Vars v{pool};
  std::vector<KernelStep> steps;
  for (uint32_t g = 0; g < 12; ++g) {
    uint32_t base = 100 * (g + 1);
    for (uint32_t j = 0; j < 3; ++j)
      steps.push_back(assign(base + j, pool.unary(OpKind::Sin, v[base + 10 + j])));
    steps.push_back(residual(pool.add(v[base], pool.add(v[base + 1], v[base + 2]))));
  }
  auto runs = findRepeats(pool, steps, SIZE_MAX, {});
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].length == 4);
  CHECK(runs[0].count == 12);
  checkRuns(pool, steps, runs, SIZE_MAX, {});
}

TEST_CASE("an occurrence whose slots do not map one to one ends the run") {
  // Occurrence k assigns 100 + k and its residual reads 200 + k; occurrence
  // 5's residual reads the slot it has just assigned instead: each step has
  // the shape of the others, but the occurrence is another computation.
  sym::ExprPool pool;
  Vars v{pool};
  std::vector<KernelStep> steps;
  for (uint32_t k = 0; k < 10; ++k) {
    steps.push_back(assign(100 + k, pool.mul(v[k], pool.constant(2.0))));
    steps.push_back(residual(pool.add(v[k == 5 ? 105 : 200 + k], pool.one())));
  }
  auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
  REQUIRE(!runs.empty());
  CHECK(runs[0].first == 0);
  CHECK(runs[0].count == 5);
  checkRuns(pool, steps, runs, SIZE_MAX, small());
}

TEST_CASE("a long stretch of equal groups that never holds up is scanned once, not per position") {
  // Groups of two steps, each reading one slot; slot m is slot m - 1 again
  // or a new one, at random. Every group has the shape of the others, but
  // neighbours whose steps share a slot and whose steps do not are other
  // computations, in each alignment, so hardly a run holds up: each
  // position finds the stretch of equal groups (the whole kernel) anew
  // unless the stretch found is remembered.
  sym::ExprPool pool;
  Vars v{pool};
  std::vector<KernelStep> steps;
  std::mt19937 random(7);
  std::vector<uint32_t> slot;
  uint32_t next = 0;
  for (uint32_t m = 0; m < 40000; ++m)
    slot.push_back(m > 0 && random() % 2 ? slot.back() : next++);
  for (uint32_t k = 0; k < 20000; ++k) {
    steps.push_back(assign(500000 + k, pool.mul(v[slot[2 * k]], pool.constant(2.0))));
    steps.push_back(residual(pool.add(v[slot[2 * k + 1]], pool.one())));
  }
  RepeatFinder finder(pool, {});
  auto runs = finder.runs(steps, SIZE_MAX);
  checkRuns(pool, steps, runs, SIZE_MAX, {});
  // Each of the 32 periods tried scans the kernel once per alignment, about
  // steps.size() comparisons; per position it would be about 1e9.
  CHECK(finder.groupComparisons() <= 33 * steps.size());
}

TEST_CASE("checks, constness and the JVP boundary end runs") {
  sym::ExprPool pool;
  Vars v{pool};
  auto group = [&](std::vector<KernelStep> &steps, uint32_t k) {
    steps.push_back(assign(100 + k, pool.mul(v[k], v[300 + k])));
    steps.push_back(residual(pool.sub(v[100 + k], pool.time())));
  };
  SUBCASE("a check that occurs once ends a run") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k) {
      group(steps, k);
      if (k == 9)
        steps.push_back({KernelStep::Kind::Assert, {}, pool.variable(VarId{1})});
    }
    auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].count == 10);
    CHECK(runs[1].first == 21);
    CHECK(runs[1].count == 10);
    checkRuns(pool, steps, runs, SIZE_MAX, small());
  }
  SUBCASE("a warning or a call for its effects belongs to no run, an assert does") {
    auto checked = [&](KernelStep::Kind kind, int level) {
      std::vector<KernelStep> steps;
      for (uint32_t k = 0; k < 20; ++k) {
        group(steps, k);
        std::vector<flat::MessagePart> message = {{"x = ", {}}, {"", v[k]}};
        steps.push_back({kind, {}, pool.binary(OpKind::Less, v[k], pool.constant(10)),
                         message, level});
      }
      auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
      checkRuns(pool, steps, runs, SIZE_MAX, small());
      return covered(runs);
    };
    CHECK(checked(KernelStep::Kind::Assert, 1) == 60);
    CHECK(checked(KernelStep::Kind::Terminate, 1) == 60);
    CHECK(checked(KernelStep::Kind::Assert, 2) == 0);
    CHECK(checked(KernelStep::Kind::Call, 1) == 0);
  }
  SUBCASE("checks with other messages are other shapes") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k) {
      group(steps, k);
      std::vector<flat::MessagePart> message = {{k == 9 ? "y = " : "x = ", {}}, {"", v[k]}};
      ExprId below = pool.binary(OpKind::Less, v[k], pool.constant(10));
      steps.push_back({KernelStep::Kind::Assert, {}, below, message});
    }
    auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
    checkRuns(pool, steps, runs, SIZE_MAX, small());
    for (const RepeatRun &run : runs) // no run holds occurrence 9's assert
      CHECK((run.first + run.count * run.length <= 29 || run.first > 29));
  }
  SUBCASE("a constant slot is not the same shape as an unknown") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k)
      group(steps, k);
    std::vector<uint32_t> constants;
    for (uint32_t k = 0; k < 20; ++k)
      constants.push_back(300 + k);
    constants[12] = 299; // slot 312 is an unknown
    auto runs = findRepeats(pool, steps, SIZE_MAX, constants, small());
    checkRuns(pool, steps, runs, SIZE_MAX, small());
    for (const RepeatRun &run : runs) // no run holds occurrence 12's assignment
      CHECK((run.first + run.count * run.length <= 24 || run.first > 24));
    CHECK(covered(runs) >= 38);
  }
  SUBCASE("no run crosses the boundary") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k)
      group(steps, k);
    auto runs = findRepeats(pool, steps, 15, {}, small());
    checkRuns(pool, steps, runs, 15, small());
    CHECK(covered(runs) >= 36);
  }
}

TEST_CASE("constants go to a table, but not exponents, and not two values for one node") {
  sym::ExprPool pool;
  Vars v{pool};
  SUBCASE("steps that differ only in their constants are one run") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k) {
      ExprId c = pool.constant(0.25 * k + 2.1); // never 2.0, the exponent
      steps.push_back(assign(100 + k, pool.mul(c, v[k])));
      steps.push_back(residual(pool.sub(pool.pow(v[100 + k], pool.constant(2.0)), v[k])));
    }
    auto runs = findRepeats(pool, steps, SIZE_MAX, {});
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].count == 20);
    REQUIRE(runs[0].constantNodes.size() == 1); // 2.0 is an exponent: not tabled
    CHECK(runs[0].constants[7] == 0.25 * 7 + 2.1);
    checkRuns(pool, steps, runs, SIZE_MAX, {});
  }
  SUBCASE("a constant that a later step shows to be an exponent is not tabled either") {
    // 2.0 is a factor in every occurrence and the exponent of the last
    // step only: found after the run's steps were serialized with 2.0
    // tabled, so the kernel is serialized again.
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k) {
      ExprId sum = pool.add(v[k], pool.constant(0.1 * k + 0.35)); // never 2.0
      steps.push_back(assign(100 + k, pool.mul(pool.constant(2.0), sum)));
    }
    steps.push_back(residual(pool.sub(pool.pow(v[300], pool.constant(2.0)), v[301])));
    auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].count == 20);
    REQUIRE(runs[0].constantNodes.size() == 1); // 0.1 k + 0.35 only
    CHECK(runs[0].constants[4] == 0.1 * 4 + 0.35);
    checkRuns(pool, steps, runs, SIZE_MAX, small());
  }
  SUBCASE("another exponent is another shape") {
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 20; ++k) {
      double exponent = k == 9 ? 3.0 : 2.0;
      steps.push_back(assign(100 + k, pool.mul(pool.constant(0.5), v[k])));
      steps.push_back(residual(pool.pow(v[100 + k], pool.constant(exponent))));
    }
    auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
    checkRuns(pool, steps, runs, SIZE_MAX, small());
    for (const RepeatRun &run : runs) // no run holds occurrence 9's residual
      CHECK((run.first + run.count * run.length <= 19 || run.first > 19));
  }
  SUBCASE("a constant shared by two steps must take one value in each occurrence") {
    // Occurrence k: y := 2 x; res := y - 2 z, one node 2.0 in both steps;
    // occurrence 5 has 3.0 and 4.0.
    std::vector<KernelStep> steps;
    for (uint32_t k = 0; k < 10; ++k) {
      ExprId first = pool.constant(k == 5 ? 3.0 : 2.0);
      ExprId second = pool.constant(k == 5 ? 4.0 : 2.0);
      steps.push_back(assign(100 + k, pool.mul(first, v[k])));
      steps.push_back(residual(pool.sub(v[100 + k], pool.mul(second, v[200 + k]))));
    }
    auto runs = findRepeats(pool, steps, SIZE_MAX, {}, small());
    REQUIRE(!runs.empty());
    CHECK(runs[0].first == 0);
    CHECK(runs[0].count == 5);
    checkRuns(pool, steps, runs, SIZE_MAX, small());
  }
}

TEST_CASE("runs found in random repetitive kernels keep their promises") {
  std::mt19937 random(1234);
  for (int trial = 0; trial < 40; ++trial) {
    sym::ExprPool pool;
    Vars v{pool};
    // A few group patterns; each occurrence draws fresh slots, sometimes
    // shares one with the previous occurrence (a chain), sometimes a
    // constant differs (noise).
    std::vector<KernelStep> steps;
    uint32_t nextSlot = 0;
    int patterns = 1 + static_cast<int>(random() % 3);
    for (int p = 0; p < patterns; ++p) {
      int length = 1 + static_cast<int>(random() % 5);
      int count = 1 + static_cast<int>(random() % 30);
      uint32_t previous = nextSlot++;
      for (int k = 0; k < count; ++k) {
        uint32_t in = nextSlot++;
        for (int j = 0; j < length; ++j) {
          double c = random() % 10 == 0 ? 3.0 : 2.0;
          ExprId e = pool.add(pool.mul(v[in], pool.constant(c + j)), v[previous]);
          if (j % 2 == 0) {
            uint32_t out = nextSlot++;
            steps.push_back(assign(out, e));
            previous = out;
          } else {
            steps.push_back(residual(pool.sub(e, v[random() % 4 == 0 ? previous : in])));
          }
        }
      }
    }
    size_t boundary = random() % (steps.size() + 1);
    auto runs = findRepeats(pool, steps, boundary, {}, small());
    checkRuns(pool, steps, runs, boundary, small());
  }
}

namespace {

/// Runs two compilations of one kernel (a: with loops, b: step by step)
/// and its JVP on the same values (`base` plus a wave, over `slots`
/// slots; a seed on every `seedStep`-th slot) and checks that they compute
/// the same bits: the slots, the `residuals` residuals, the tangents.
void checkSameBits(rt::KernelFn fa, rt::KernelFn fb, rt::KernelJvpFn ja, rt::KernelJvpFn jb,
                   size_t slots, size_t residuals, double base, size_t seedStep) {
  std::vector<double> va(slots), vb(slots), ra(residuals), rb(residuals);
  for (size_t i = 0; i < slots; ++i)
    va[i] = vb[i] = base + std::sin(0.37 * double(i)) * 1.5;
  fa(0.7, va.data(), ra.data());
  fb(0.7, vb.data(), rb.data());
  CHECK(va == vb);
  CHECK(ra == rb);
  std::vector<double> da(slots, 0.0), db(slots, 0.0), dra(residuals), drb(residuals);
  for (size_t i = 0; i < slots; i += seedStep)
    da[i] = db[i] = 1.0 + 0.01 * double(i);
  ja(0.7, va.data(), da.data(), dra.data());
  jb(0.7, vb.data(), db.data(), drb.data());
  CHECK(da == db);
  CHECK(dra == drb);
}

} // namespace

namespace {

/// A chain of `n` links, each: two assignments (one reading the previous
/// link), an `if`, and two residuals; the last slot is a constant. Each link
/// has a constant of its own (to the table), and 2.0 is both an exponent
/// and a factor (never tabled).
KernelSpec chainKernel(sym::ExprPool &pool, uint32_t n) {
  Vars v{pool};
  KernelSpec spec{"chain", {}, true};
  uint32_t parameter = 4 * n + 1;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = 4 * i, y = x + 1, z = x + 2, w = x + 3, next = x + 4;
    ExprId s = pool.add(pool.unary(OpKind::Sin, v[x]),
                        pool.mul(v[parameter], pool.add(v[w], pool.constant(0.01 * i + 0.5))));
    spec.steps.push_back(assign(y, s));
    ExprId choice = pool.ifElse(pool.binary(OpKind::Greater, v[y], pool.zero()),
                                pool.pow(v[y], pool.constant(2.0)),
                                pool.mul(pool.constant(2.0), pool.unary(OpKind::Exp, v[y])));
    spec.steps.push_back(assign(z, pool.add(choice, v[x])));
    spec.steps.push_back(residual(pool.sub(v[z], pool.mul(v[next], pool.time()))));
    spec.steps.push_back(residual(pool.binary(OpKind::Atan2, v[y], v[w])));
  }
  return spec;
}

} // namespace

TEST_CASE("a kernel with runs compiled as loops computes the same bits as step by step") {
  constexpr uint32_t n = 300;
  sym::ExprPool pool;
  KernelSpec spec = chainKernel(pool, n);
  const size_t slots = 4 * n + 2;
  for (auto level : {jit::OptLevel::None, jit::OptLevel::Default}) {
    for (size_t perModule : {size_t(0), size_t(500)}) {
      CAPTURE(static_cast<int>(level));
      CAPTURE(perModule);
      CompileRequest loops = atLevel(level), steps = atLevel(level);
      loops.options.constantSlots = steps.options.constantSlots = {4 * n + 1};
      steps.options.loops = false;
      loops.instructionsPerModule = steps.instructionsPerModule = perModule;
      CompiledKernels a(pool, {&spec, 1}, loops), b(pool, {&spec, 1}, steps);
      rt::KernelFn fa = a.kernel("chain"), fb = b.kernel("chain");
      rt::KernelJvpFn ja = a.jvp("chain"), jb = b.jvp("chain");
      std::string why = a.error() + b.error();
      REQUIRE_MESSAGE((fa && fb && ja && jb), why);
      // The loop is a fraction of the code.
      CHECK(a.numInstructions * 20 < b.numInstructions);
      checkSameBits(fa, fb, ja, jb, slots, 2 * n, 0.0, 4);
    }
  }
}

TEST_CASE("asserts compiled in a loop check each row's own values, as step by step") {
  // v[100 + k] := 2 v[k]; assert(v[100 + k] < 10, "cell k: " + v[100 + k]);
  // res[k] := v[100 + k] - v[k]; then the same with terminate().
  constexpr uint32_t n = 40;
  sym::ExprPool pool;
  Vars v{pool};
  for (auto kind : {KernelStep::Kind::Assert, KernelStep::Kind::Terminate}) {
    CAPTURE(static_cast<int>(kind));
    KernelSpec spec{"checks", {}, false};
    for (uint32_t k = 0; k < n; ++k) {
      spec.steps.push_back(assign(100 + k, pool.mul(pool.constant(2), v[k])));
      ExprId below = pool.binary(OpKind::Less, v[100 + k], pool.constant(10));
      std::vector<flat::MessagePart> message = {{"cell value ", {}}, {"", v[100 + k]}};
      spec.steps.push_back({kind, {}, kind == KernelStep::Kind::Assert
                                            ? below
                                            : pool.binary(OpKind::GreaterEq, v[100 + k],
                                                          pool.constant(10)),
                            message});
      spec.steps.push_back(residual(pool.sub(v[100 + k], v[k])));
    }
    CompileRequest loops, steps;
    steps.options.loops = false;
    CompiledKernels a(pool, {&spec, 1}, loops), b(pool, {&spec, 1}, steps);
    rt::KernelFn fa = a.kernel("checks"), fb = b.kernel("checks");
    std::string why = a.error() + b.error();
    REQUIRE_MESSAGE((fa && fb), why);
    CHECK(a.numInstructions * 5 < b.numInstructions); // one loop
    for (uint32_t bad : {n, 0u, 17u, n - 1}) { // n: every row passes
      CAPTURE(bad);
      std::vector<std::string> messages;
      std::vector<std::vector<double>> residuals;
      for (rt::KernelFn f : {fa, fb}) {
        std::vector<double> slots(100 + n, 0.0), res(n, -1.0);
        for (uint32_t k = 0; k < n; ++k)
          slots[k] = k == bad ? 8.0 + 0.25 * k : 1.0 + 0.1 * k;
        rt::clearRuntimeMessages();
        f(0.0, slots.data(), res.data());
        std::string message;
        if (auto failure = rt::takeRuntimeFailure(0.0))
          message = failure->message;
        if (auto terminate = rt::takeTerminateRequest())
          message = "terminate: " + *terminate;
        messages.push_back(message);
        residuals.push_back(res);
      }
      CHECK(messages[0] == messages[1]);
      CHECK(residuals[0] == residuals[1]);
      if (bad == n) {
        CHECK(messages[0].empty());
      } else {
        std::string value = std::to_string(2 * (8.0 + 0.25 * bad));
        value.erase(value.find_last_not_of('0') + 1);
        if (value.back() == '.')
          value.pop_back();
        CHECK(messages[0].find("cell value " + value) != std::string::npos);
        // An assert stops the kernel at its row; terminate() lets it go on.
        CHECK((residuals[0][n - 1] == -1.0) == (kind == KernelStep::Kind::Assert));
      }
    }
  }
}

namespace {

/// A 3-D grid of n^3 cells written as a kernel, cell (i, j, k) in row-major
/// order: an assignment of its derivative (slot n^3 + c) from its own
/// temperature (slot c) and those of its neighbours inside the grid (so
/// the cells of a face, an edge or a corner have other shapes than the
/// interior's), with a conductance of its own (a constant), and a residual
/// that reads the derivative just assigned. The last slot is a constant.
KernelSpec gridKernel(sym::ExprPool &pool, uint32_t n) {
  Vars v{pool};
  KernelSpec spec{"grid", {}, true};
  uint32_t cells = n * n * n, parameter = 2 * cells;
  auto cell = [&](uint32_t i, uint32_t j, uint32_t k) { return (i * n + j) * n + k; };
  for (uint32_t i = 0; i < n; ++i)
    for (uint32_t j = 0; j < n; ++j)
      for (uint32_t k = 0; k < n; ++k) {
        uint32_t c = cell(i, j, k);
        ExprId flow = pool.zero();
        auto neighbour = [&](bool inside, uint32_t other) {
          if (inside)
            flow = pool.add(flow, pool.sub(v[other], v[c]));
        };
        neighbour(i > 0, i > 0 ? cell(i - 1, j, k) : 0);
        neighbour(i + 1 < n, cell(std::min(i + 1, n - 1), j, k));
        neighbour(j > 0, j > 0 ? cell(i, j - 1, k) : 0);
        neighbour(j + 1 < n, cell(i, std::min(j + 1, n - 1), k));
        neighbour(k > 0, k > 0 ? cell(i, j, k - 1) : 0);
        neighbour(k + 1 < n, cell(i, j, std::min(k + 1, n - 1)));
        ExprId conductance = pool.constant(1.0 + 0.001 * double(c));
        spec.steps.push_back(assign(cells + c, pool.mul(pool.mul(conductance, v[parameter]),
                                                        flow)));
        spec.steps.push_back(
            residual(pool.sub(v[cells + c], pool.pow(v[c], pool.constant(2.0)))));
      }
  return spec;
}

/// The depth of the deepest run.
uint32_t depth(const std::vector<RepeatRun> &runs) {
  uint32_t deepest = 0;
  for (const RepeatRun &run : runs)
    deepest = std::max(deepest, 1 + depth(run.inner));
  return deepest;
}

} // namespace

TEST_CASE("runs inside a run: a grid's planes hold its rows, its rows their cells") {
  sym::ExprPool pool;
  KernelSpec spec = gridKernel(pool, 8);
  SUBCASE("nested three deep, their tables composed through the outer ones") {
    RepeatFinder finder(pool, {{2 * 512}}, small());
    auto runs = finder.runs(spec.steps, SIZE_MAX);
    checkRuns(pool, spec.steps, runs, SIZE_MAX, small());
    CHECK(depth(runs) == 3);
    // The interior planes (i = 1 to 6) are one run of 6 occurrences, whose
    // first holds the run of its interior rows, whose first holds the run
    // of their interior cells: 2 steps for 6 * 6 * 6 cells.
    auto planes = std::find_if(runs.begin(), runs.end(),
                               [](const RepeatRun &run) { return run.length == 2 * 64; });
    REQUIRE(planes != runs.end());
    CHECK(planes->count == 6);
    // In the plane: the cells of the face row j = 0, the interior rows,
    // the cells of the face row j = 7.
    REQUIRE(planes->inner.size() == 3);
    const RepeatRun &rows = planes->inner[1];
    CHECK(rows.length == 2 * 8);
    CHECK(rows.count == 6);
    REQUIRE(rows.inner.size() == 1);
    const RepeatRun &cells = rows.inner[0];
    CHECK(cells.length == 2);
    CHECK(cells.count == 6);
    CHECK(cells.table.size() == cells.params.size() * 6 * 6 * 6);
    // The plane's own tables hold only what its four corner cells read.
    CHECK(planes->params.size() < 4 * 8);
  }
  SUBCASE("no inner runs when the depth is 0, and the same outer runs") {
    RepeatOptions flat = small();
    flat.maxDepth = 0;
    auto nested = findRepeats(pool, spec.steps, SIZE_MAX, {{2 * 512}}, small());
    auto runs = findRepeats(pool, spec.steps, SIZE_MAX, {{2 * 512}}, flat);
    checkRuns(pool, spec.steps, runs, SIZE_MAX, flat);
    CHECK(depth(runs) == 1);
    REQUIRE(runs.size() == nested.size());
    for (size_t r = 0; r < runs.size(); ++r) {
      CHECK(runs[r].first == nested[r].first);
      CHECK(runs[r].count == nested[r].count);
      CHECK(runs[r].length == nested[r].length);
    }
  }
}

TEST_CASE("a grid compiled as nested loops computes the same bits as step by step") {
  constexpr uint32_t n = 8, cells = n * n * n;
  sym::ExprPool pool;
  KernelSpec spec = gridKernel(pool, n);
  const size_t slots = 2 * cells + 1;
  for (auto level : {jit::OptLevel::None, jit::OptLevel::Default}) {
    CAPTURE(static_cast<int>(level));
    CompileRequest loops = atLevel(level), steps = atLevel(level), flat = atLevel(level);
    for (CompileRequest *request : {&loops, &steps, &flat}) {
      request->options.constantSlots = {2 * cells};
      request->options.repeats = small();
    }
    flat.options.repeats.maxDepth = 0;
    steps.options.loops = false;
    CompiledKernels a(pool, {&spec, 1}, loops), b(pool, {&spec, 1}, steps),
        c(pool, {&spec, 1}, flat);
    rt::KernelFn fa = a.kernel("grid"), fb = b.kernel("grid");
    rt::KernelJvpFn ja = a.jvp("grid"), jb = b.jvp("grid");
    std::string why = a.error() + b.error() + c.error();
    REQUIRE_MESSAGE((fa && fb && ja && jb), why);
    // Nested loops are a fraction of the loops over rows and cells alone.
    CHECK(a.numInstructions * 2 < c.numInstructions);
    checkSameBits(fa, fb, ja, jb, slots, cells, 300.0, 3);
  }
}

namespace {

/// A batch of 12 cases, one per pendulum-like component: case k assigns
/// 10k + 1 from 10k and 10k + 2 (a parameter) and has two residuals. Case 4
/// has another shape; case 7 reads the slot it assigns in place of 10k.
KernelSpec batchOfCases(sym::ExprPool &pool) {
  Vars v{pool};
  KernelSpec spec{"cases", {}, true};
  spec.caseStart.push_back(0);
  for (uint32_t k = 0; k < 12; ++k) {
    uint32_t x = 10 * k, y = x + 1, p = x + 2;
    ExprId input = k == 7 ? v[y] : v[x];
    ExprId e = k == 4 ? pool.add(input, v[p]) : pool.mul(input, v[p]);
    e = pool.add(e, pool.constant(0.5 * k + 1.0)); // a constant of its own
    spec.steps.push_back(assign(y, pool.unary(OpKind::Sin, e)));
    spec.steps.push_back(residual(pool.sub(pool.mul(v[y], v[y]), v[x])));
    spec.steps.push_back(residual(pool.add(v[x], pool.time())));
    spec.caseStart.push_back(static_cast<uint32_t>(spec.steps.size()));
  }
  return spec;
}

} // namespace

TEST_CASE("equal cases of a batch form a class with a table of slots") {
  sym::ExprPool pool;
  KernelSpec spec = batchOfCases(pool);
  std::vector<uint32_t> parameters;
  for (uint32_t k = 0; k < 12; ++k)
    parameters.push_back(10 * k + 2);
  RepeatFinder finder(pool, parameters);
  auto classes = finder.equalCases(spec);
  REQUIRE(classes.size() == 1);
  const CaseClass &c = classes[0];
  CHECK(c.members == std::vector<uint32_t>{0, 1, 2, 3, 5, 6, 8, 9, 10, 11});
  CHECK(c.params == std::vector<uint32_t>{1, 0, 2});
  REQUIRE(c.table.size() == 3 * c.members.size());
  CHECK(c.table[3 * 5] == 61); // members[5] is case 6
  CHECK(c.table[3 * 5 + 1] == 60);
  CHECK(c.table[3 * 5 + 2] == 62);
  // A kernel that is not a batch has no cases.
  KernelSpec plain = spec;
  plain.caseStart.clear();
  CHECK(finder.equalCases(plain).empty());
}

TEST_CASE("a batch with shared bodies computes the same bits as case by case") {
  sym::ExprPool pool;
  KernelSpec spec = batchOfCases(pool);
  for (size_t perModule : {size_t(0), size_t(10)}) {
    CAPTURE(perModule);
    CompileRequest shared = atLevel(jit::OptLevel::Less), cases = atLevel(jit::OptLevel::Less);
    shared.instructionsPerModule = cases.instructionsPerModule = perModule;
    cases.options.loops = false;
    CompiledKernels a(pool, {&spec, 1}, shared), b(pool, {&spec, 1}, cases);
    rt::BatchedKernelFn fa = a.batch("cases"), fb = b.batch("cases");
    rt::BatchedKernelJvpFn ja = a.batchJvp("cases"), jb = b.batchJvp("cases");
    std::string why = a.error() + b.error();
    REQUIRE_MESSAGE((fa && fb && ja && jb), why);
    CHECK(a.numInstructions * 3 < b.numInstructions);
    for (int32_t k = 0; k < 13; ++k) { // 12: no such case
      CAPTURE(k);
      std::vector<double> va(120), vb(120), ra(2, -5.0), rb(2, -5.0);
      for (size_t i = 0; i < va.size(); ++i)
        va[i] = vb[i] = 0.1 * double(i) - 3.0;
      fa(0.3, va.data(), ra.data(), k);
      fb(0.3, vb.data(), rb.data(), k);
      CHECK(va == vb);
      CHECK(ra == rb);
      std::vector<double> da(120, 0.0), db(120, 0.0), dra(2, 0.0), drb(2, 0.0);
      for (size_t i = 0; i < da.size(); i += 10)
        da[i] = db[i] = 1.0 + 0.5 * double(i);
      ja(0.3, va.data(), da.data(), dra.data(), k);
      jb(0.3, vb.data(), db.data(), drb.data(), k);
      CHECK(da == db);
      CHECK(dra == drb);
    }
  }
}
