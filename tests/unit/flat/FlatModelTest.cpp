// Unit tests of the flat model IR (compiler/flat/) on models and functions
// built by hand: the variables the model adds itself (der, pre, initial()),
// the variables when-clauses assign, the flat Modelica printer, and the
// interpreter that runs lowered functions while translating.
#include "compiler/flat/Evaluate.h"
#include "compiler/flat/FlatModel.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace mocc;
using namespace mocc::flat;

namespace {

Variable variable(const std::string &name, TypeKind type = TypeKind::Real,
                  VariabilityKind variability = VariabilityKind::Continuous) {
  Variable v;
  v.name = name;
  v.type = type;
  v.variability = variability;
  return v;
}

std::string printed(const FlatModel &model, const PrintOptions &options = {}) {
  std::ostringstream out;
  printFlatModel(model, out, options);
  return out.str();
}

} // namespace

TEST_CASE("der(x) and pre(x) are made once and linked both ways") {
  FlatModel m;
  sym::VarId x = m.addVariable(variable("x"));
  sym::VarId d = m.derivativeOf(x);
  CHECK(m.derivativeOf(x) == d);
  CHECK(m.size() == 2);
  CHECK(m.nameOf(d) == "der(x)");
  CHECK(m.var(d).derivativeOf == x);
  CHECK(m.var(x).derivative == d);

  sym::VarId n = m.addVariable(variable("n", TypeKind::Integer, VariabilityKind::Discrete));
  sym::VarId p = m.preOf(n);
  CHECK(m.preOf(n) == p);
  CHECK(m.nameOf(p) == "pre(n)");
  CHECK(m.var(p).special == SpecialKind::Pre);
  CHECK(m.var(p).type == TypeKind::Integer);
  CHECK(m.var(p).preOf == n);
  CHECK(m.var(n).pre == p);
  CHECK(m.var(p).isProtected);
}

TEST_CASE("initial() and terminal() are one variable each") {
  FlatModel m;
  m.addVariable(variable("x"));
  sym::VarId i = m.specialVariable(SpecialKind::Initial);
  sym::VarId t = m.specialVariable(SpecialKind::Terminal);
  CHECK(i != t);
  CHECK(m.specialVariable(SpecialKind::Initial) == i);
  CHECK(m.specialVariable(SpecialKind::Terminal) == t);
  CHECK(m.nameOf(i) == "initial()");
  CHECK(m.nameOf(t) == "terminal()");
  CHECK(m.var(i).type == TypeKind::Boolean);
  CHECK(m.size() == 3);
}

TEST_CASE("assignedInWhen marks exactly the left sides of when-branches") {
  FlatModel m;
  sym::VarId a = m.addVariable(variable("a", TypeKind::Real, VariabilityKind::Discrete));
  sym::VarId b = m.addVariable(variable("b", TypeKind::Real, VariabilityKind::Discrete));
  sym::VarId c = m.addVariable(variable("c"));
  WhenBranch branch;
  branch.conditions.push_back(m.pool.variable(c));
  branch.assignments.push_back({m.pool.variable(b), m.pool.constant(1), {}});
  WhenClause clause;
  clause.branches.push_back(branch);
  m.whenClauses.push_back(clause);
  m.equations.push_back({m.pool.variable(a), m.pool.variable(c), {}});
  std::vector<char> assigned = m.assignedInWhen();
  REQUIRE(assigned.size() == 3);
  CHECK(assigned[a.index] == 0);
  CHECK(assigned[b.index] == 1);
  CHECK(assigned[c.index] == 0);
}

TEST_CASE("the printer writes declarations with prefixes, attributes and bindings") {
  FlatModel m;
  m.name = "P";
  Variable k = variable("k", TypeKind::Real, VariabilityKind::Parameter);
  k.binding = m.pool.constant(2.5);
  k.description = "a gain";
  m.addVariable(k);
  Variable on = variable("on", TypeKind::Boolean, VariabilityKind::Parameter);
  on.binding = m.pool.constant(1);
  m.addVariable(on);
  m.enumerations.push_back({"E", {"low", "high"}});
  Variable e = variable("e", TypeKind::Enumeration, VariabilityKind::Constant);
  e.enumeration = 0;
  e.binding = m.pool.constant(2);
  m.addVariable(e);
  Variable s = variable("s", TypeKind::String, VariabilityKind::Parameter);
  s.text = "say \"hi\"";
  m.addVariable(s);
  Variable x = variable("x");
  x.attributes.start = m.pool.constant(1);
  x.attributes.fixed = true;
  x.causality = CausalityKind::Output;
  sym::VarId xid = m.addVariable(x);
  Variable h = variable("h");
  h.isProtected = true;
  m.addVariable(h);
  sym::VarId dx = m.derivativeOf(xid);
  m.equations.push_back({m.pool.variable(dx), m.pool.neg(m.pool.variable(xid)), {}});

  std::string text = printed(m);
  CHECK(text.find("class P\n") == 0);
  CHECK(text.find("  parameter Real k = 2.5 \"a gain\";\n") != std::string::npos);
  CHECK(text.find("  parameter Boolean on = true;\n") != std::string::npos);
  CHECK(text.find("  constant E e = E.high;\n") != std::string::npos);
  CHECK(text.find("  parameter String s = \"say \\\"hi\\\"\";\n") != std::string::npos);
  CHECK(text.find("  output Real x(start = 1, fixed = true);\n") != std::string::npos);
  CHECK(text.find("  protected Real h;\n") != std::string::npos);
  // der(x) is not declared; it appears in the equations only.
  CHECK(text.find("Real der(x)") == std::string::npos);
  CHECK(text.find("equation\n  der(x) = -x;\n") != std::string::npos);
  CHECK(text.substr(text.size() - 7) == "end P;\n");
}

TEST_CASE("with origins, each equation says where it came from") {
  SourceManager sources;
  FileId file = sources.addBuffer("o.mo", "model O\n  Real x;\nequation\n  x = 1;\nend O;\n");
  FlatModel m;
  m.name = "O";
  sym::VarId x = m.addVariable(variable("x"));
  uint32_t at = static_cast<uint32_t>(std::string("model O\n  Real x;\nequation\n  ").size());
  m.equations.push_back({m.pool.variable(x), m.pool.constant(1), SourceRange{file, at, at + 5},
                         EquationOriginKind::Equation});
  m.initialEquations.push_back({m.pool.variable(x), m.pool.constant(0), SourceRange{file, at, at + 5},
                                EquationOriginKind::FixedStart});
  PrintOptions options;
  options.origins = &sources;
  std::string text = printed(m, options);
  CHECK(text.find("initial equation\n  x = 0; // fixed start value at 4:3\n") != std::string::npos);
  CHECK(text.find("equation\n  x = 1; // equation at 4:3\n") != std::string::npos);
  // Without the option, no comments.
  CHECK(printed(m).find("//") == std::string::npos);
}

namespace {

/// A function `f(input Real x[n]) -> output Real s` that sums x with a
/// run-time loop over its slots: s := 0; for i in 1:n loop s := s + x[i]
/// (an indexed load into a temporary first).
Function sumFunction(uint32_t n) {
  Function f;
  f.name = "sum";
  f.symbol = "sum";
  f.variables.push_back({FunctionVariable::Kind::Input, "x", TypeKind::Real, {int64_t{n}}, 0});
  f.variables.push_back({FunctionVariable::Kind::Output, "s", TypeKind::Real, {}, n});
  uint32_t s = n, i = n + 1, t = n + 2;
  f.numSlots = n + 3;
  for (uint32_t k = 0; k < n; ++k)
    f.inputSlots.push_back(k);
  f.outputSlots.push_back(s);
  sym::ExprPool &p = f.pool;
  Statement init;
  init.kind = StatementKind::Assign;
  init.target = sym::VarId{s};
  init.value = p.zero();
  f.body.push_back(init);
  Statement load;
  load.kind = StatementKind::LoadIndexed;
  load.target = sym::VarId{t};
  load.firstSlot = 0;
  load.size = n;
  load.index = p.sub(p.variable(sym::VarId{i}), p.one());
  Statement add;
  add.kind = StatementKind::Assign;
  add.target = sym::VarId{s};
  add.value = p.add(p.variable(sym::VarId{s}), p.variable(sym::VarId{t}));
  Statement loop;
  loop.kind = StatementKind::For;
  loop.target = sym::VarId{i};
  loop.start = p.one();
  loop.step = p.one();
  loop.stop = p.constant(n);
  loop.body = {load, add};
  f.body.push_back(loop);
  return f;
}

} // namespace

TEST_CASE("the interpreter runs a lowered function's loop over its slots") {
  std::vector<Function> functions;
  functions.push_back(sumFunction(4));
  FunctionInterpreter interpreter(functions);
  auto s = interpreter.call(0, std::vector<double>{1, 2, 3, 4.5});
  REQUIRE_MESSAGE(s, interpreter.failure());
  CHECK(*s == std::vector<double>{10.5});
}

TEST_CASE("the interpreter evaluates Call nodes of a model's expression") {
  std::vector<Function> functions;
  functions.push_back(sumFunction(2));
  FlatModel m;
  sym::VarId a = m.addVariable(variable("a", TypeKind::Real, VariabilityKind::Parameter));
  // 10 * sum({a, 2}) with a = 3.
  std::vector<sym::ExprId> args{m.pool.variable(a), m.pool.constant(2)};
  sym::ExprId call = m.pool.call(0, args);
  sym::ExprId expr = m.pool.mul(m.pool.constant(10), m.pool.output(call, 0));
  FunctionInterpreter interpreter(functions);
  auto value = interpreter.evaluate(m.pool, expr, [&](sym::VarId v) -> std::optional<double> {
    if (v == a)
      return 3.0;
    return std::nullopt;
  });
  REQUIRE_MESSAGE(value, interpreter.failure());
  CHECK(*value == doctest::Approx(50.0));
  // A variable without a value: no value, not a guess.
  auto unknown = interpreter.evaluate(m.pool, m.pool.variable(a),
                                      [](sym::VarId) -> std::optional<double> { return std::nullopt; });
  CHECK_FALSE(unknown);
}
