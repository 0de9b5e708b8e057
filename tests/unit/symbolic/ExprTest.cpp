// Unit tests of the expression pool: sharing of equal nodes, local
// simplification, evaluation and printing.
#include "compiler/symbolic/Expr.h"

#include <cmath>
#include <doctest/doctest.h>
#include <vector>

using namespace mocc::sym;

namespace {

std::string name(VarId v) { return "x" + std::to_string(v.index); }

std::string show(const ExprPool &pool, ExprId e) { return print(pool, e, name); }

} // namespace

TEST_CASE("equal expressions share one node") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  ExprId a = pool.add(pool.mul(x, y), pool.unary(OpKind::Sin, x));
  ExprId b = pool.add(pool.mul(x, y), pool.unary(OpKind::Sin, x));
  CHECK(a == b);
  CHECK_FALSE(pool.add(x, y) == pool.add(y, x)); // operand order is kept
  CHECK(pool.constant(0.0) == pool.constant(-0.0));
}

TEST_CASE("a node reaches the nodes of its operands, at any depth, and no others") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  // A DAG with a shared subexpression, made deep: s = sin(x * y), then
  // 200 times e = e + s * e.
  ExprId s = pool.unary(OpKind::Sin, pool.mul(x, y));
  ExprId e = pool.add(s, pool.constant(1));
  for (int i = 0; i < 200; ++i)
    e = pool.add(e, pool.mul(s, e));
  ExprId z = pool.variable(VarId{2}); // made after e: e cannot hold it
  ExprId late = pool.add(e, z);
  CHECK(reaches(pool, e, x));
  CHECK(reaches(pool, e, s));
  CHECK(reaches(pool, e, e));
  CHECK_FALSE(reaches(pool, e, z));
  CHECK_FALSE(reaches(pool, s, e));
  CHECK(reaches(pool, late, z));
  CHECK(reaches(pool, late, y));
  CHECK_FALSE(reaches(pool, x, y));
  CHECK_FALSE(reaches(pool, e, ExprId{}));
  // A node made before x's users but not in them.
  ExprId w = pool.variable(VarId{3});
  ExprId other = pool.mul(w, pool.constant(2));
  CHECK_FALSE(reaches(pool, late, w));
  CHECK(reaches(pool, pool.add(late, other), w));
  // contains() through it: a variable without a node is in nothing.
  CHECK_FALSE(pool.variableNode(VarId{7}).valid());
  CHECK(pool.variableNode(VarId{3}) == w);
}

TEST_CASE("reserving room keeps every node and its sharing") {
  ExprPool pool;
  std::vector<ExprId> before;
  for (uint32_t i = 0; i < 3000; ++i)
    before.push_back(pool.add(pool.variable(VarId{i}), pool.constant(0.5 * i)));
  size_t size = pool.size(), operands = pool.operandCount();
  pool.reserve(200000, 400000); // rehashes the table to its final size at once
  pool.reserve(10, 20);         // a small request after it changes nothing
  CHECK(pool.size() == size);
  CHECK(pool.operandCount() == operands);
  for (uint32_t i = 0; i < 3000; ++i) // found again, not made anew
    CHECK(pool.add(pool.variable(VarId{i}), pool.constant(0.5 * i)) == before[i]);
  CHECK(pool.size() == size);
  for (uint32_t i = 0; i < 100000; ++i) // and interning goes on sharing
    CHECK(pool.mul(pool.variable(VarId{i % 500}), pool.constant(2.0)) ==
          pool.mul(pool.variable(VarId{i % 500}), pool.constant(2.0)));
  CHECK(pool.size() == size + 500); // 500 products (2.0 = 0.5 * 4 is there)
}

TEST_CASE("factories fold constants and identities") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  CHECK(pool.constantValue(pool.add(pool.constant(2), pool.constant(3))) == 5.0);
  CHECK(pool.add(x, pool.zero()) == x);
  CHECK(pool.mul(pool.one(), x) == x);
  CHECK(pool.mul(x, pool.zero()) == pool.zero());
  CHECK(pool.neg(pool.neg(x)) == x);
  CHECK(pool.sub(x, x) == pool.zero());
  CHECK(pool.op(pool.add(x, pool.neg(pool.variable(VarId{1})))) == OpKind::Sub);
  CHECK(pool.ifElse(pool.one(), x, pool.zero()) == x);
  CHECK(pool.binary(OpKind::And, pool.zero(), x) == pool.zero());
  CHECK(pool.constantValue(pool.unary(OpKind::Sqrt, pool.constant(16))) == 4.0);
}

TEST_CASE("evaluation follows Modelica semantics") {
  auto eval = [](OpKind op, std::initializer_list<double> args) {
    return evaluateOp(op, std::span<const double>(args.begin(), args.size()), 0);
  };
  CHECK(eval(OpKind::IntDiv, {-7, 2}) == -3);
  CHECK(eval(OpKind::Mod, {-7, 2}) == 1);
  CHECK(eval(OpKind::Rem, {-7, 2}) == -1);
  CHECK(eval(OpKind::Sign, {-0.5}) == -1);
  CHECK(eval(OpKind::Floor, {-1.5}) == -2);
  CHECK(eval(OpKind::IfElse, {0, 1, 2}) == 2);
  ExprPool pool;
  ExprId x = pool.variable(VarId{0});
  ExprId e = pool.add(pool.pow(x, pool.constant(2)), pool.constant(1));
  auto value = evaluate(pool, e, [](VarId) { return std::optional<double>(3.0); });
  CHECK(value == 10.0);
  CHECK_FALSE(evaluate(pool, pool.add(x, pool.time()), [](VarId) { return std::optional<double>(1.0); }));
}

TEST_CASE("printing parenthesizes by Modelica precedence") {
  ExprPool pool;
  ExprId a = pool.variable(VarId{0}), b = pool.variable(VarId{1}), c = pool.variable(VarId{2});
  CHECK(show(pool, pool.mul(pool.add(a, b), c)) == "(x0 + x1) * x2");
  CHECK(show(pool, pool.add(a, pool.mul(b, c))) == "x0 + x1 * x2");
  CHECK(show(pool, pool.sub(a, pool.sub(b, c))) == "x0 - (x1 - x2)");
  CHECK(show(pool, pool.sub(pool.sub(a, b), c)) == "x0 - x1 - x2");
  CHECK(show(pool, pool.mul(a, pool.neg(b))) == "x0 * (-x1)");
  CHECK(show(pool, pool.add(pool.neg(a), b)) == "-x0 + x1");
  CHECK(show(pool, pool.pow(pool.neg(a), pool.constant(2))) == "(-x0)^2");
  CHECK(show(pool, pool.pow(pool.pow(a, b), c)) == "(x0^x1)^x2");
  CHECK(show(pool, pool.div(a, pool.mul(b, c))) == "x0 / (x1 * x2)");
  CHECK(show(pool, pool.unary(OpKind::Sin, pool.add(a, pool.constant(0.5)))) == "sin(x0 + 0.5)");
  CHECK(show(pool, pool.binary(OpKind::Less, a, pool.constant(-1))) == "x0 < -1");
  CHECK(show(pool, pool.ifElse(pool.binary(OpKind::Greater, a, b), a, b)) ==
        "if x0 > x1 then x0 else x1");
}

TEST_CASE("variablesOf and substitute") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{4}), y = pool.variable(VarId{1});
  ExprId e = pool.mul(pool.add(x, y), x);
  auto vars = variablesOf(pool, e);
  REQUIRE(vars.size() == 2);
  CHECK(vars[0] == VarId{1});
  CHECK(vars[1] == VarId{4});
  ExprId s = substitute(pool, e, [&](VarId v) -> std::optional<ExprId> {
    if (v == VarId{4})
      return pool.constant(2);
    return std::nullopt;
  });
  CHECK(show(pool, s) == "(2 + x1) * 2");
}

TEST_CASE("substituteAll: each expression as substitute gives it, shared nodes asked once") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1}), z = pool.variable(VarId{2});
  ExprId shared = pool.mul(x, y);
  std::vector<ExprId> exprs = {pool.add(shared, z), pool.sub(shared, x), z, pool.constant(3),
                               pool.add(shared, z)};
  auto replacement = [&](VarId v) -> std::optional<ExprId> {
    if (v == VarId{0})
      return pool.neg(z);
    if (v == VarId{2})
      return pool.constant(5);
    return std::nullopt;
  };
  std::vector<ExprId> one;
  for (ExprId e : exprs)
    one.push_back(substitute(pool, e, replacement));
  std::vector<ExprId> all = exprs;
  int asked = 0;
  substituteAll(pool, all, [&](VarId v) {
    ++asked;
    return replacement(v);
  });
  CHECK(all == one);
  CHECK(show(pool, all[0]) == "(-x2) * x1 + 5");
  CHECK(show(pool, all[1]) == "(-x2) * x1 + x2");
  CHECK(show(pool, all[2]) == "5");
  CHECK(all[3] == exprs[3]);
  CHECK(asked == 3); // x, y and z, once each over the five expressions
}

TEST_CASE("traversals may nest: a visitor can walk another expression") {
  ExprPool pool;
  ExprId x = pool.variable(VarId{0}), y = pool.variable(VarId{1});
  ExprId outer = pool.add(pool.mul(x, y), x);
  ExprId inner = pool.sub(y, x);
  std::vector<ExprId> outerOrder, innerOrder;
  ExprId outerRoots[] = {outer}, innerRoots[] = {inner};
  forEachNode(pool, outerRoots, [&](ExprId id) {
    outerOrder.push_back(id);
    if (id == x) // start a walk in the middle of this one
      forEachNode(pool, innerRoots, [&](ExprId inside) { innerOrder.push_back(inside); });
  });
  // Post-order, each distinct node once: x, y, x*y, x*y + x.
  CHECK(outerOrder == std::vector<ExprId>{x, y, pool.mul(x, y), outer});
  CHECK(innerOrder == std::vector<ExprId>{y, x, inner});
  // Walks after that start afresh.
  std::vector<ExprId> again;
  forEachNode(pool, outerRoots, [&](ExprId id) { again.push_back(id); });
  CHECK(again == outerOrder);
}
