// Test support: a table of lowered functions written by hand, covering what
// functions do: recursion, while and for loops (empty ranges, negative and
// Real steps, nested loops), reads and stores at run-time indices, if /
// elseif, break and return, several outputs, calls of other functions. The
// tests compare their native code with the same computations written in C++.
#pragma once

#include "tests/unit/codegen/FunctionBuilder.h"

namespace mocc::codegen::test {

/// The indices of the sample functions in sampleFunctions().
enum SampleIndex : uint32_t {
  Factorial,  ///< (Integer n) -> Real n!, by recursion
  Power,      ///< (Real x, Integer n) -> Real x^n, by recursion, with return
  NewtonSqrt, ///< (Real a) -> Real sqrt(a), by a while loop (asserts a >= 0)
  Dot,        ///< (Real a[3], Real b[3]) -> (Real s, Real p[3]): p = a .* b, s = sum(p)
  Piecewise,  ///< (Real x) -> (Real y, Integer region): if / elseif / else
  FirstAbove, ///< (Real a[4], Real t) -> (Integer i, Real y): break, return
  Polar,      ///< (Real x, Real y) -> (Real r, Real phi)
  Caller,     ///< (Real x) -> (Real z, Real w): calls Polar twice (one call) and Power
  Ranges,     ///< () -> five sums over for-ranges and nested loops
  NumSamples
};

/// n! = if n <= 1 then 1 else n * (n - 1)!
inline flat::Function factorial(uint32_t base = 0) {
  FunctionBuilder b("factorial");
  auto &p = b.pool();
  uint32_t n = b.input("n", TypeKind::Integer), y = b.output("y");
  sym::ExprId args[] = {p.sub(b.v(n), b.c(1))};
  sym::ExprId recursive = p.output(p.call(base + Factorial, args), 0);
  return b.build({ifThen(p.binary(sym::OpKind::LessEq, b.v(n), b.c(1)), {assign(y, b.c(1))},
                         {assign(y, p.mul(b.v(n), recursive))})});
}

/// x^n: if n == 0 then (y := 1; return) end if; y := x * x^(n-1)
inline flat::Function power(uint32_t base = 0) {
  FunctionBuilder b("power");
  auto &p = b.pool();
  uint32_t x = b.input("x"), n = b.input("n", TypeKind::Integer), y = b.output("y");
  sym::ExprId args[] = {b.v(x), p.sub(b.v(n), b.c(1))};
  return b.build({ifThen(p.binary(sym::OpKind::Equal, b.v(n), b.c(0)),
                         {assign(y, b.c(1)), returnNow()}),
                  assign(y, p.mul(b.v(x), p.output(p.call(base + Power, args), 0)))});
}

/// Newton's iteration x := x - (x^2 - a) / (2 x) from max(a, 1) until the
/// step is below 1e-15 x (at most 100 steps).
inline flat::Function newtonSqrt(uint32_t base = 0) {
  FunctionBuilder b("newtonSqrt");
  auto &p = b.pool();
  using sym::OpKind;
  uint32_t a = b.input("a"), x = b.output("x"), dx = b.local("dx");
  uint32_t k = b.local("k", TypeKind::Integer);
  sym::ExprId step = p.div(p.sub(p.mul(b.v(x), b.v(x)), b.v(a)), p.mul(b.c(2), b.v(x)));
  sym::ExprId large = p.binary(OpKind::Greater, p.unary(OpKind::Abs, b.v(dx)),
                               p.mul(b.c(1e-15), b.v(x)));
  return b.build({assertThat(p.binary(OpKind::GreaterEq, b.v(a), b.c(0)),
                             {text("sqrt of a negative number "), shown(b.v(a))}),
                  assign(x, p.binary(OpKind::Max, b.v(a), b.c(1))), assign(dx, b.c(1)),
                  whileLoop(large, {assign(dx, step), assign(x, p.sub(b.v(x), b.v(dx))),
                                    assign(k, p.add(b.v(k), b.c(1))),
                                    ifThen(p.binary(OpKind::Greater, b.v(k), b.c(100)),
                                           {breakLoop()})})});
}

/// p[i] := a[i] * b[i] for i in 1:3; s := sum of p[i], read back.
inline flat::Function dot(uint32_t base = 0) {
  FunctionBuilder b("dot");
  auto &p = b.pool();
  uint32_t a = b.input("a", TypeKind::Real, {3}), bb = b.input("b", TypeKind::Real, {3});
  uint32_t s = b.output("s"), prod = b.output("p", TypeKind::Real, {3});
  uint32_t i = b.local("i", TypeKind::Integer), ai = b.local("ai"), bi = b.local("bi");
  sym::ExprId index = p.sub(b.v(i), b.c(1));
  return b.build(
      {forLoop(i, b.c(1), b.c(1), b.c(3),
               {loadAt(ai, a, 3, index), loadAt(bi, bb, 3, index),
                assignAt(prod, 3, index, p.mul(b.v(ai), b.v(bi)))}),
       assign(s, b.c(0)),
       forLoop(i, b.c(1), b.c(1), b.c(3),
               {loadAt(ai, prod, 3, index), assign(s, p.add(b.v(s), b.v(ai)))})});
}

/// if x < -1: (-x^2, 1) elseif x < 1: (x^3 + x, 2) else (2 x - 1 + exp(-x), 3).
inline flat::Function piecewise(uint32_t base = 0) {
  FunctionBuilder b("piecewise");
  auto &p = b.pool();
  using sym::OpKind;
  uint32_t x = b.input("x"), y = b.output("y"), region = b.output("region", TypeKind::Integer);
  sym::ExprId cube = p.add(p.pow(b.v(x), b.c(3)), b.v(x));
  sym::ExprId line = p.add(p.sub(p.mul(b.c(2), b.v(x)), b.c(1)),
                           p.unary(OpKind::Exp, p.neg(b.v(x))));
  return b.build({ifThen(p.binary(OpKind::Less, b.v(x), b.c(-1)),
                         {assign(y, p.neg(p.mul(b.v(x), b.v(x)))), assign(region, b.c(1))},
                         {ifThen(p.binary(OpKind::Less, b.v(x), b.c(1)),
                                 {assign(y, cube), assign(region, b.c(2))},
                                 {assign(y, line), assign(region, b.c(3))})})});
}

/// If t < 0: (0, -1) at once. Else the first i with a[i] > t and
/// y = a[i] * t, or (0, 0) if there is none.
inline flat::Function firstAbove(uint32_t base = 0) {
  FunctionBuilder b("firstAbove");
  auto &p = b.pool();
  using sym::OpKind;
  uint32_t a = b.input("a", TypeKind::Real, {4}), t = b.input("t");
  uint32_t i = b.output("i", TypeKind::Integer), y = b.output("y");
  uint32_t k = b.local("k", TypeKind::Integer), ak = b.local("ak");
  return b.build(
      {ifThen(p.binary(OpKind::Less, b.v(t), b.c(0)),
              {assign(i, b.c(0)), assign(y, b.c(-1)), returnNow()}),
       forLoop(k, b.c(1), b.c(1), b.c(4),
               {loadAt(ak, a, 4, p.sub(b.v(k), b.c(1))),
                ifThen(p.binary(OpKind::Greater, b.v(ak), b.v(t)),
                       {assign(i, b.v(k)), assign(y, p.mul(b.v(ak), b.v(t))), breakLoop()})})});
}

/// r = sqrt(x^2 + y^2), phi = atan2(y, x).
inline flat::Function polar(uint32_t base = 0) {
  FunctionBuilder b("polar");
  auto &p = b.pool();
  using sym::OpKind;
  uint32_t x = b.input("x"), y = b.input("y"), r = b.output("r"), phi = b.output("phi");
  sym::ExprId norm = p.add(p.mul(b.v(x), b.v(x)), p.mul(b.v(y), b.v(y)));
  return b.build({assign(r, p.unary(OpKind::Sqrt, norm)),
                  assign(phi, p.binary(OpKind::Atan2, b.v(y), b.v(x)))});
}

/// z = r * phi of polar(x, 2 x); w = power(z, 3) + x.
inline flat::Function caller(uint32_t base = 0) {
  FunctionBuilder b("caller");
  auto &p = b.pool();
  uint32_t x = b.input("x"), z = b.output("z"), w = b.output("w");
  sym::ExprId polarArgs[] = {b.v(x), p.mul(b.c(2), b.v(x))};
  sym::ExprId call = p.call(base + Polar, polarArgs);
  sym::ExprId powerArgs[] = {b.v(z), b.c(3)};
  return b.build({assign(z, p.mul(p.output(call, 0), p.output(call, 1))),
                  assign(w, p.add(p.output(p.call(base + Power, powerArgs), 0), b.v(x)))});
}

/// s1 = sum of i in 5:-2:1 (9); s2 = iterations of 1:1:0 (0); s3 = sum of
/// r in 0:0.5:2 (5); s4 = iterations with step 0 (0); s5 = sum over i in 1:3
/// of the j that an inner while loop stops at with break (1 + 2 + 3).
inline flat::Function ranges(uint32_t base = 0) {
  FunctionBuilder b("ranges");
  auto &p = b.pool();
  using sym::OpKind;
  uint32_t s[5];
  for (int k = 0; k < 5; ++k)
    s[k] = b.output("s" + std::to_string(k + 1));
  uint32_t i = b.local("i", TypeKind::Integer), r = b.local("r"), j = b.local("j");
  auto count = [&](uint32_t sum) { return assign(sum, p.add(b.v(sum), b.c(1))); };
  return b.build(
      {forLoop(i, b.c(5), b.c(-2), b.c(1), {assign(s[0], p.add(b.v(s[0]), b.v(i)))}),
       forLoop(i, b.c(1), b.c(1), b.c(0), {count(s[1])}),
       forLoop(r, b.c(0), b.c(0.5), b.c(2), {assign(s[2], p.add(b.v(s[2]), b.v(r)))}),
       forLoop(i, b.c(1), b.c(0), b.c(3), {count(s[3])}),
       forLoop(i, b.c(1), b.c(1), b.c(3),
               {assign(j, b.c(0)),
                whileLoop(b.c(1), {assign(j, p.add(b.v(j), b.c(1))),
                                   ifThen(p.binary(OpKind::GreaterEq, b.v(j), b.v(i)),
                                          {breakLoop()})}),
                assign(s[4], p.add(b.v(s[4]), b.v(j)))})});
}

/// The table, indexed by SampleIndex. With a `base`, the functions are
/// made to sit at base + SampleIndex of a larger table (calls included).
inline std::vector<flat::Function> sampleFunctions(uint32_t base = 0) {
  std::vector<flat::Function> table;
  for (auto make : {factorial, power, newtonSqrt, dot, piecewise, firstAbove, polar, caller, ranges})
    table.push_back(make(base));
  return table;
}

} // namespace mocc::codegen::test
