// The AST helpers (names, operator and restriction spellings) and the
// printer on hand-built trees: exactly the parentheses the grammar needs,
// string escapes, and the layout of classes, equations and statements.
#include "compiler/ast/AST.h"
#include "compiler/ast/ASTPrinter.h"

#include <doctest/doctest.h>

using namespace mocc::ast;

namespace {

ExprPtr ref(const std::string &name) {
  auto e = std::make_unique<RefExpr>();
  e->parts.emplace_back().name = name;
  return e;
}

ExprPtr integer(int64_t value) {
  auto e = std::make_unique<IntegerExpr>();
  e->value = value;
  return e;
}

ExprPtr binary(BinaryOpKind op, ExprPtr lhs, ExprPtr rhs) {
  auto e = std::make_unique<BinaryExpr>();
  e->op = op;
  e->lhs = std::move(lhs);
  e->rhs = std::move(rhs);
  return e;
}

ExprPtr unary(UnaryOpKind op, ExprPtr operand) {
  auto e = std::make_unique<UnaryExpr>();
  e->op = op;
  e->operand = std::move(operand);
  return e;
}

} // namespace

TEST_CASE("names and references spell themselves") {
  Name name;
  name.parts = {"Modelica", "Units", "SI"};
  CHECK(name.str() == "Modelica.Units.SI");
  name.global = true;
  CHECK(name.str() == ".Modelica.Units.SI");

  RefExpr r;
  r.parts.emplace_back().name = "a";
  r.parts.back().subscripts.push_back(integer(1));
  r.parts.emplace_back().name = "b";
  CHECK(r.str() == "a[...].b");
  CHECK(toString(r) == "a[1].b");
}

TEST_CASE("operator and restriction spellings") {
  CHECK(std::string(binaryOpSpelling(BinaryOpKind::ElemPow)) == ".^");
  CHECK(std::string(binaryOpSpelling(BinaryOpKind::NotEqual)) == "<>");
  CHECK(std::string(binaryOpSpelling(BinaryOpKind::And)) == "and");
  CHECK(std::string(unaryOpSpelling(UnaryOpKind::Not)) == "not");
  CHECK(std::string(unaryOpSpelling(UnaryOpKind::ElemMinus)) == ".-");
  CHECK(
      std::string(restrictionName(ClassRestrictionKind::ExpandableConnector)) ==
      "expandable connector");
  CHECK(std::string(restrictionName(ClassRestrictionKind::OperatorRecord)) ==
        "operator record");
}

TEST_CASE("the printer parenthesizes by precedence and associativity") {
  using Op = BinaryOpKind;
  CHECK(toString(*binary(Op::Mul, binary(Op::Add, ref("a"), ref("b")),
                         ref("c"))) == "(a + b)*c");
  CHECK(toString(*binary(Op::Add, ref("a"),
                         binary(Op::Mul, ref("b"), ref("c")))) == "a + b*c");
  CHECK(toString(
            *binary(Op::Sub, ref("a"), binary(Op::Sub, ref("b"), ref("c")))) ==
        "a - (b - c)");
  CHECK(toString(*binary(Op::Sub, binary(Op::Sub, ref("a"), ref("b")),
                         ref("c"))) == "a - b - c");
  CHECK(toString(*binary(Op::Pow, binary(Op::Pow, ref("a"), ref("b")),
                         ref("c"))) == "(a^b)^c");
  CHECK(toString(*binary(Op::Pow, ref("a"),
                         binary(Op::Pow, ref("b"), ref("c")))) == "a^(b^c)");
  CHECK(toString(*binary(Op::Add, ref("a"),
                         unary(UnaryOpKind::Minus, ref("b")))) == "a + (-b)");
  CHECK(toString(*binary(Op::Add, unary(UnaryOpKind::Minus, ref("a")),
                         ref("b"))) == "-a + b");
  CHECK(toString(*unary(UnaryOpKind::Minus,
                        unary(UnaryOpKind::Minus, ref("a")))) == "-(-a)");
  CHECK(
      toString(*unary(UnaryOpKind::Not, binary(Op::And, ref("a"), ref("b")))) ==
      "not (a and b)");
  CHECK(toString(*binary(Op::Less, binary(Op::Less, ref("a"), ref("b")),
                         ref("c"))) == "(a < b) < c");
  CHECK(toString(*binary(Op::ElemMul, integer(2), ref("x"))) == "2 .* x");
  CHECK(toString(*binary(Op::Mul, integer(-2), ref("x"))) == "(-2)*x");
}

TEST_CASE("string literals are escaped onto one line") {
  StringExpr s;
  s.value = "a\"b\\c\nd\te";
  CHECK(toString(s) == R"("a\"b\\c\nd\te")");
}

TEST_CASE("real literals print as written, or with a decimal point") {
  RealExpr written;
  written.text = "1.e5";
  CHECK(toString(written) == "1.e5");
  RealExpr computed;
  computed.value = 3;
  CHECK(toString(computed) == "3.0");
}
