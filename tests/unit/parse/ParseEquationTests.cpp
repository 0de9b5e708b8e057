// Equations and statements: every kind, with their branches, iterators,
// descriptions and source ranges.
#include "ParseTestUtil.h"

using namespace mocc;
using namespace mocc::ast;
using mocc::test::firstClass;
using mocc::test::parseOk;
using mocc::test::TestSource;

namespace {

/// The equations of `model M equation <equations> end M;`.
std::vector<const Equation *>
equations(TestSource &source, std::unique_ptr<StoredDefinition> &keep) {
  keep = parseOk(source);
  std::vector<const Equation *> result;
  for (const auto &eq : firstClass(*keep).equationSections.at(0).equations)
    result.push_back(eq.get());
  return result;
}

/// The statements of `function f algorithm <statements> end f;`.
std::vector<const Statement *>
statements(TestSource &source, std::unique_ptr<StoredDefinition> &keep) {
  keep = parseOk(source);
  std::vector<const Statement *> result;
  for (const auto &stmt : firstClass(*keep).algorithmSections.at(0).statements)
    result.push_back(stmt.get());
  return result;
}

} // namespace

TEST_CASE("simple, call and connect equations") {
  TestSource source(
      "model M\nequation\n  der(x) = -x \"decay\";\n"
      "  assert(x > 0, \"msg\", level = AssertionLevel.warning);\n"
      "  connect(a.p[1], b.n);\n  (a, b) = f(x);\nend M;");
  std::unique_ptr<StoredDefinition> def;
  auto eqs = equations(source, def);
  REQUIRE(eqs.size() == 4);
  const auto &simple = cast<SimpleEquation>(*eqs[0]);
  CHECK(simple.lhs->kind == ExprKind::Call);
  CHECK(cast<CallExpr>(*simple.lhs).callee->str() == "der");
  CHECK(simple.description.text == "decay");
  CHECK(source.at(eqs[0]->range) == "3:3");
  CHECK(source.text(eqs[0]->range) == "der(x) = -x \"decay\"");

  const auto &call = cast<CallEquation>(*eqs[1]);
  CHECK(call.call->callee->str() == "assert");
  CHECK(call.call->args.size() == 2);
  CHECK(call.call->namedArgs.at(0).name == "level");

  const auto &connect = cast<ConnectEquation>(*eqs[2]);
  CHECK(connect.a->str() == "a.p[...]");
  CHECK(connect.b->str() == "b.n");
  CHECK(cast<SimpleEquation>(*eqs[3]).lhs->kind == ExprKind::Tuple);
}

TEST_CASE("if-equations with elseif and else branches") {
  TestSource source("model M\nequation\n  if a then\n    x = 1;\n  elseif b "
                    "then\n    x = 2;\n"
                    "    y = 2;\n  else\n    x = 3;\n  end if;\nend M;");
  std::unique_ptr<StoredDefinition> def;
  auto eqs = equations(source, def);
  const auto &ifEq = cast<IfEquation>(*eqs.at(0));
  REQUIRE(ifEq.branches.size() == 3);
  CHECK(ifEq.branches[0].condition != nullptr);
  CHECK(ifEq.branches[1].body.size() == 2);
  CHECK(ifEq.branches[2].condition == nullptr);
  CHECK(ifEq.branches[2].body.size() == 1);
  CHECK(source.at(ifEq.branches[1].range) == "5:3");
}

TEST_CASE("for-equations with several iterators, some without a range") {
  TestSource source("model M\nequation\n  for i in 1:n, j loop\n    x[i, j] = "
                    "0;\n  end for;\nend M;");
  std::unique_ptr<StoredDefinition> def;
  auto eqs = equations(source, def);
  const auto &loop = cast<ForEquation>(*eqs.at(0));
  REQUIRE(loop.indices.size() == 2);
  CHECK(loop.indices[0].name == "i");
  CHECK(loop.indices[0].range != nullptr);
  CHECK(source.text(loop.indices[0].rangeLoc) == "i in 1:n");
  CHECK(loop.indices[1].range == nullptr);
  CHECK(loop.body.size() == 1);
}

TEST_CASE("when-equations with elsewhen") {
  TestSource source(
      "model M\nequation\n  when initial() then\n    reinit(x, 1);\n"
      "  elsewhen {a, b} then\n    y = pre(y);\n  end when;\nend M;");
  std::unique_ptr<StoredDefinition> def;
  auto eqs = equations(source, def);
  const auto &when = cast<WhenEquation>(*eqs.at(0));
  REQUIRE(when.branches.size() == 2);
  CHECK(when.branches[0].body.at(0)->kind == EquationKind::Call);
  CHECK(when.branches[1].condition->kind == ExprKind::Array);
}

TEST_CASE("statements: assignment, call, tuple assignment, break, return") {
  TestSource source(
      "function f\nalgorithm\n  x[1] := 2 \"set\";\n  print(\"a\");\n"
      "  (a, , b) := g(x);\n  break;\n  return;\nend f;");
  std::unique_ptr<StoredDefinition> def;
  auto stmts = statements(source, def);
  REQUIRE(stmts.size() == 5);
  const auto &assign = cast<AssignStatement>(*stmts[0]);
  CHECK(assign.target->str() == "x[...]");
  CHECK(assign.description.text == "set");
  CHECK(cast<CallStatement>(*stmts[1]).call->callee->str() == "print");
  const auto &tuple = cast<TupleAssignStatement>(*stmts[2]);
  REQUIRE(tuple.targets.size() == 3);
  CHECK(tuple.targets[1] == nullptr);
  CHECK(tuple.call->callee->str() == "g");
  CHECK(stmts[3]->kind == StatementKind::Break);
  CHECK(stmts[4]->kind == StatementKind::Return);
}

TEST_CASE("compound statements: if, for, while, when") {
  TestSource source(
      "function f\nalgorithm\n  if a then x := 1; elseif b then else x := 2; "
      "end if;\n"
      "  for i loop x := i; end for;\n  while x < 10 loop x := x + 1; end "
      "while;\n"
      "  when s then y := 1; elsewhen t then y := 2; end when;\nend f;");
  std::unique_ptr<StoredDefinition> def;
  auto stmts = statements(source, def);
  REQUIRE(stmts.size() == 4);
  const auto &ifStmt = cast<IfStatement>(*stmts[0]);
  REQUIRE(ifStmt.branches.size() == 3);
  CHECK(ifStmt.branches[1].body.empty());
  CHECK(ifStmt.branches[2].condition == nullptr);
  const auto &loop = cast<ForStatement>(*stmts[1]);
  CHECK(loop.indices.at(0).range == nullptr);
  const auto &whileStmt = cast<WhileStatement>(*stmts[2]);
  CHECK(whileStmt.condition->kind == ExprKind::Binary);
  CHECK(whileStmt.body.size() == 1);
  CHECK(cast<WhenStatement>(*stmts[3]).branches.size() == 2);
}

TEST_CASE("an equation without = must be a function call") {
  for (const char *body : {"x;", "f(x) + 1;", "der(x);", "(f(x));"}) {
    INFO(body);
    std::string error = mocc::test::firstError(
        std::string("model M\nequation\n  ") + body + "\nend M;");
    CHECK(error.find("expected `=`; only a function call can stand alone as an "
                     "equation") != std::string::npos);
  }
}
