// Expressions: literals, operator precedence and associativity as in the
// layered grammar of MLS A.2.7, calls, arrays, ranges, and source ranges.
#include "ParseTestUtil.h"

using namespace mocc;
using namespace mocc::ast;
using mocc::test::parseExpr;
using mocc::test::reprinted;
using mocc::test::TestSource;

namespace {

const BinaryExpr &binary(const Expr &e, BinaryOpKind op) {
  const auto *b = dynCast<BinaryExpr>(&e);
  REQUIRE(b != nullptr);
  CHECK(b->op == op);
  return *b;
}

const UnaryExpr &unary(const Expr &e, UnaryOpKind op) {
  const auto *u = dynCast<UnaryExpr>(&e);
  REQUIRE(u != nullptr);
  CHECK(u->op == op);
  return *u;
}

std::string refName(const Expr &e) {
  const auto *ref = dynCast<RefExpr>(&e);
  REQUIRE(ref != nullptr);
  return ref->str();
}

} // namespace

TEST_CASE("integer, real, string and boolean literals") {
  auto i = parseExpr("42");
  REQUIRE(i->kind == ExprKind::Integer);
  CHECK(cast<IntegerExpr>(*i).value == 42);

  for (const char *text : {"1.", "1.5", ".5", "1e3", "1.5E-3", "2.e+2"}) {
    auto r = parseExpr(text);
    INFO(text);
    REQUIRE(r->kind == ExprKind::Real);
    CHECK(cast<RealExpr>(*r).text == text);
  }
  CHECK(cast<RealExpr>(*parseExpr("1.5E-3")).value == doctest::Approx(0.0015));

  auto s = parseExpr(R"("a\"b\\c\n\t\'\?")");
  REQUIRE(s->kind == ExprKind::String);
  CHECK(cast<StringExpr>(*s).value == "a\"b\\c\n\t'?");

  CHECK(cast<BooleanExpr>(*parseExpr("true")).value);
  CHECK_FALSE(cast<BooleanExpr>(*parseExpr("false")).value);
}

TEST_CASE("an integer literal too large for 64 bits is a Real") {
  auto big = parseExpr("123456789012345678901234567890");
  REQUIRE(big->kind == ExprKind::Real);
  CHECK(cast<RealExpr>(*big).value == doctest::Approx(1.2345678901234568e29));
  CHECK(cast<RealExpr>(*big).text == "123456789012345678901234567890");
  auto max = parseExpr("9223372036854775807");
  REQUIRE(max->kind == ExprKind::Integer);
  CHECK(cast<IntegerExpr>(*max).value == INT64_MAX);
}

TEST_CASE("multiplication binds tighter than addition, both associate left") {
  auto e = parseExpr("a + b * c - d");
  const auto &sub = binary(*e, BinaryOpKind::Sub);
  CHECK(refName(*sub.rhs) == "d");
  const auto &add = binary(*sub.lhs, BinaryOpKind::Add);
  CHECK(refName(*add.lhs) == "a");
  const auto &mul = binary(*add.rhs, BinaryOpKind::Mul);
  CHECK(refName(*mul.lhs) == "b");
  CHECK(refName(*mul.rhs) == "c");

  auto divExpr = parseExpr("a / b / c");
  const auto &div = binary(*divExpr, BinaryOpKind::Div);
  CHECK(refName(*div.rhs) == "c");
  binary(*div.lhs, BinaryOpKind::Div);
}

TEST_CASE("element-wise operators share the levels of their scalar forms") {
  auto e = parseExpr("a .+ b .* c .^ d");
  const auto &add = binary(*e, BinaryOpKind::ElemAdd);
  const auto &mul = binary(*add.rhs, BinaryOpKind::ElemMul);
  binary(*mul.rhs, BinaryOpKind::ElemPow);
  binary(*parseExpr("a ./ b"), BinaryOpKind::ElemDiv);
  binary(*parseExpr("a .- b"), BinaryOpKind::ElemSub);
}

TEST_CASE(
    "unary minus binds looser than ^ and applies to the whole first term") {
  // -2^2 = -(2^2) = -4
  auto negExpr = parseExpr("-2^2");
  const auto &neg = unary(*negExpr, UnaryOpKind::Minus);
  binary(*neg.operand, BinaryOpKind::Pow);
  // arithmetic-expression : [ add-operator ] term { add-operator term }
  auto negTermExpr = parseExpr("-a*b");
  const auto &negTerm = unary(*negTermExpr, UnaryOpKind::Minus);
  binary(*negTerm.operand, BinaryOpKind::Mul);
  auto sumExpr = parseExpr("-a + b");
  const auto &sum = binary(*sumExpr, BinaryOpKind::Add);
  unary(*sum.lhs, UnaryOpKind::Minus);
  unary(*parseExpr(".-a"), UnaryOpKind::ElemMinus);
  unary(*parseExpr("+a"), UnaryOpKind::Plus);
}

TEST_CASE("^ is not associative: a^b^c needs parentheses") {
  auto powExpr = parseExpr("(a^b)^c");
  const auto &pow = binary(*powExpr, BinaryOpKind::Pow);
  binary(*pow.lhs, BinaryOpKind::Pow);
  auto rightExpr = parseExpr("a^(b^c)");
  const auto &right = binary(*rightExpr, BinaryOpKind::Pow);
  binary(*right.rhs, BinaryOpKind::Pow);

  TestSource source("a^b^c", "expr");
  CHECK(source.parseExpression() == nullptr);
  CHECK(source.diagnostics().find("operator `^` is not associative") !=
        std::string::npos);
}

TEST_CASE(
    "not binds looser than relations, and looser than and tighter than or") {
  auto notLessExpr = parseExpr("not a < b");
  const auto &notLess = unary(*notLessExpr, UnaryOpKind::Not);
  binary(*notLess.operand, BinaryOpKind::Less);

  auto orExprExpr = parseExpr("a or b and not c");
  const auto &orExpr = binary(*orExprExpr, BinaryOpKind::Or);
  const auto &andExpr = binary(*orExpr.rhs, BinaryOpKind::And);
  unary(*andExpr.rhs, UnaryOpKind::Not);

  auto chainExpr = parseExpr("a and b and c or d or e");
  const auto &chain = binary(*chainExpr, BinaryOpKind::Or);
  const auto &inner = binary(*chain.lhs, BinaryOpKind::Or);
  binary(*inner.lhs, BinaryOpKind::And);

  auto relExpr = parseExpr("a + 1 >= b * 2");
  const auto &rel = binary(*relExpr, BinaryOpKind::GreaterEq);
  binary(*rel.lhs, BinaryOpKind::Add);
  binary(*rel.rhs, BinaryOpKind::Mul);
  binary(*parseExpr("a <> b"), BinaryOpKind::NotEqual);
  binary(*parseExpr("a == b"), BinaryOpKind::Equal);
}

TEST_CASE("ranges have two or three parts of logical expressions") {
  auto two = parseExpr("1:n");
  REQUIRE(two->kind == ExprKind::Range);
  CHECK(cast<RangeExpr>(*two).step == nullptr);
  auto three = parseExpr("a + 1 : 2 : b");
  REQUIRE(three->kind == ExprKind::Range);
  const auto &range = cast<RangeExpr>(*three);
  binary(*range.start, BinaryOpKind::Add);
  REQUIRE(range.step != nullptr);
  CHECK(refName(*range.stop) == "b");
}

TEST_CASE("if-expressions with elseif branches") {
  auto e = parseExpr("if a then 1 elseif b then 2 else if c then 3 else 4");
  REQUIRE(e->kind == ExprKind::If);
  const auto &ifExpr = cast<IfExpr>(*e);
  REQUIRE(ifExpr.branches.size() == 2);
  CHECK(refName(*ifExpr.branches[1].condition) == "b");
  CHECK(ifExpr.elseValue->kind == ExprKind::If);
}

TEST_CASE("component references: global, dotted, subscripted, end and colon") {
  auto e = parseExpr(".a.b[1, :].c[end - 1]");
  REQUIRE(e->kind == ExprKind::Ref);
  const auto &ref = cast<RefExpr>(*e);
  CHECK(ref.global);
  REQUIRE(ref.parts.size() == 3);
  CHECK(ref.parts[1].name == "b");
  REQUIRE(ref.parts[1].subscripts.size() == 2);
  CHECK(ref.parts[1].subscripts[1]->kind == ExprKind::Colon);
  const auto &minus = binary(*ref.parts[2].subscripts[0], BinaryOpKind::Sub);
  CHECK(minus.lhs->kind == ExprKind::End);
  CHECK(ref.str() == ".a.b[...].c[...]");
}

TEST_CASE("quoted identifiers keep their quotes") {
  auto e = parseExpr("'x y'.'1'");
  REQUIRE(e->kind == ExprKind::Ref);
  CHECK(cast<RefExpr>(*e).parts[0].name == "'x y'");
  CHECK(cast<RefExpr>(*e).parts[1].name == "'1'");
}

TEST_CASE("calls: positional and named arguments, der, initial and pure") {
  auto e = parseExpr("f.g(1, x, y = 2, z = function h(a = 1))");
  REQUIRE(e->kind == ExprKind::Call);
  const auto &call = cast<CallExpr>(*e);
  CHECK(call.callee->str() == "f.g");
  REQUIRE(call.args.size() == 2);
  REQUIRE(call.namedArgs.size() == 2);
  CHECK(call.namedArgs[0].name == "y");
  REQUIRE(call.namedArgs[1].value->kind == ExprKind::PartialApp);
  const auto &partial = cast<PartialAppExpr>(*call.namedArgs[1].value);
  CHECK(partial.function.str() == "h");
  CHECK(partial.namedArgs[0].name == "a");

  for (const char *name : {"der", "initial", "pure"}) {
    std::string text =
        std::string(name) + (std::string(name) == "initial" ? "()" : "(x)");
    auto builtin = parseExpr(text);
    REQUIRE(builtin->kind == ExprKind::Call);
    CHECK(cast<CallExpr>(*builtin).callee->str() == name);
    CHECK(cast<CallExpr>(*builtin).callee->parts.size() == 1);
  }
  auto positional = parseExpr("map(function f(k = 2), x)");
  CHECK(cast<CallExpr>(*positional).args[0]->kind == ExprKind::PartialApp);
}

TEST_CASE("reductions and array comprehensions with several iterators") {
  auto e = parseExpr("sum(x[i, j] for i in 1:n, j)");
  const auto &call = cast<CallExpr>(*e);
  REQUIRE(call.iterators.size() == 2);
  CHECK(call.iterators[0].name == "i");
  CHECK(call.iterators[0].range->kind == ExprKind::Range);
  CHECK(call.iterators[1].range == nullptr);
  REQUIRE(call.args.size() == 1);

  auto comp = parseExpr("{i * 2 for i in 1:3}");
  REQUIRE(comp->kind == ExprKind::Comprehension);
  CHECK(cast<ComprehensionExpr>(*comp).iterators.size() == 1);
}

TEST_CASE("array constructors, matrices and output-expression lists") {
  auto array = parseExpr("{{1, 2}, {3, 4}}");
  REQUIRE(array->kind == ExprKind::Array);
  CHECK(cast<ArrayExpr>(*array).elements.size() == 2);

  auto matrix = parseExpr("[1, 2; 3, 4; 5, 6]");
  REQUIRE(matrix->kind == ExprKind::Matrix);
  REQUIRE(cast<MatrixExpr>(*matrix).rows.size() == 3);
  CHECK(cast<MatrixExpr>(*matrix).rows[2].size() == 2);

  auto tuple = parseExpr("(a, , b)");
  REQUIRE(tuple->kind == ExprKind::Tuple);
  const auto &elements = cast<TupleExpr>(*tuple).elements;
  REQUIRE(elements.size() == 3);
  CHECK(elements[1] == nullptr);

  // A parenthesized single expression is that expression.
  binary(*parseExpr("((a + b))"), BinaryOpKind::Add);
}

TEST_CASE("expression ranges are byte ranges of the source") {
  TestSource source("  f(a + b*c, \"\xC3\xA4\") ", "expr");
  auto e = source.parseExpression();
  REQUIRE(e != nullptr);
  CHECK(source.text(e->range) == "f(a + b*c, \"\xC3\xA4\")");
  const auto &call = cast<CallExpr>(*e);
  CHECK(source.text(call.args[0]->range) == "a + b*c");
  CHECK(source.text(cast<BinaryExpr>(*call.args[0]).rhs->range) == "b*c");
  CHECK(source.at(call.args[1]->range) == "1:14");
  CHECK(call.args[1]->range.end - call.args[1]->range.begin ==
        4); // two quotes, two bytes
}

TEST_CASE("printing uses the fewest parentheses that keep the structure") {
  CHECK(reprinted("(a + b) * c") == "(a + b)*c");
  CHECK(reprinted("a - (b - c)") == "a - (b - c)");
  CHECK(reprinted("(a - b) - c") == "a - b - c");
  CHECK(reprinted("-2^2") == "-2^2");
  CHECK(reprinted("(-2)^2") == "(-2)^2");
  CHECK(reprinted("a * (-b)") == "a*(-b)");
  CHECK(reprinted("(-a) * b") == "(-a)*b");
  CHECK(reprinted("-(a * b)") == "-a*b");
  CHECK(reprinted("(a^b)^c") == "(a^b)^c");
  CHECK(reprinted("not (a and b)") == "not (a and b)");
  CHECK(reprinted("(not a) and b") == "not a and b");
  CHECK(reprinted("(a < b) == c") == "(a < b) == c");
  CHECK(reprinted("(a or b) and c") == "(a or b) and c");
  CHECK(reprinted("(if a then b else c) + 1") == "(if a then b else c) + 1");
  CHECK(reprinted("(1:3) * 2") == "(1:3)*2");
  CHECK(reprinted("2 .* x") == "2 .* x");
}
