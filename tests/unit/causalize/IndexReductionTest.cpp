// Unit tests of alias elimination and index reduction on flat models built
// by hand: which aliases are found and how chains resolve, the second-order
// form, the differentiated equations and the chosen states of a pendulum,
// the hook that differentiates function calls, and the errors.
#include "compiler/causalize/IndexReduction.h"

#include <doctest/doctest.h>
#include <map>
#include <sstream>

using namespace mocc;
using sym::ExprId;
using sym::VarId;

namespace {

struct Builder {
  flat::FlatModel model;
  SourceManager sources;
  std::ostringstream messages;
  Diagnostics diags{sources, messages};
  sym::ExprPool &p = model.pool;

  VarId var(const std::string &name, flat::VariabilityKind v = flat::VariabilityKind::Continuous) {
    flat::Variable variable;
    variable.name = name;
    variable.variability = v;
    return model.addVariable(variable);
  }
  VarId parameter(const std::string &name, double value) {
    VarId v = var(name, flat::VariabilityKind::Parameter);
    model.var(v).binding = p.constant(value);
    return v;
  }
  ExprId ref(VarId v) { return p.variable(v); }
  ExprId der(VarId v) { return p.variable(model.derivativeOf(v)); }
  ExprId c(double value) { return p.constant(value); }
  void equation(ExprId lhs, ExprId rhs) { model.equations.push_back({lhs, rhs, {}, {}, 0}); }
  std::string print(ExprId e) { return model.print(e); }
  std::string print(const flat::Equation &eq) { return print(eq.lhs) + " = " + print(eq.rhs); }
  std::string names(const std::vector<VarId> &vars) {
    std::string out;
    for (VarId v : vars)
      out += (out.empty() ? "" : ", ") + model.nameOf(v);
    return out;
  }
};

/// The pendulum x'' = -F x, y'' = -F y - g, x^2 + y^2 = 1 with velocities.
struct Pendulum : Builder {
  VarId x = var("x"), y = var("y"), vx = var("vx"), vy = var("vy"), f = var("F");
  Pendulum() {
    equation(der(x), ref(vx));
    equation(der(y), ref(vy));
    equation(der(vx), p.neg(p.mul(ref(f), ref(x))));
    equation(der(vy), p.sub(p.neg(p.mul(ref(f), ref(y))), c(9.81)));
    equation(p.add(p.pow(ref(x), c(2)), p.pow(ref(y), c(2))), c(1));
  }
};

} // namespace

TEST_CASE("alias chains resolve whatever the order of the equations") {
  Builder b;
  VarId a = b.var("a"), bb = b.var("b"), c = b.var("c"), d = b.var("d"), x = b.var("x");
  b.equation(b.ref(bb), b.ref(c));            // c := b
  b.equation(b.ref(a), b.ref(bb));            // b := a, so c = a
  b.equation(b.ref(d), b.p.neg(b.ref(c)));    // d := -a
  b.equation(b.der(x), b.p.mul(b.ref(a), b.ref(d))); // der(x) = a * d
  b.equation(b.ref(a), b.p.unary(sym::OpKind::Sin, b.ref(x)));
  auto roles = causalize::classifyVariables(b.model);
  auto result = causalize::eliminateAliases(b.model, roles);
  REQUIRE(result.aliases.size() == 3);
  CHECK(result.aliases[0].var == c);
  CHECK(b.print(result.aliases[0].value) == "a");
  CHECK(b.print(result.aliases[1].value) == "a");
  CHECK(result.aliases[2].var == d);
  CHECK(b.print(result.aliases[2].value) == "-a");
  REQUIRE(result.equations.size() == 2);
  CHECK(b.print(result.equations[0]) == "der(x) = a * (-a)");
}

TEST_CASE("a = constant, a parameter expression; not time, not a free parameter") {
  Builder b;
  VarId k = b.parameter("k", 3);
  VarId q = b.var("q", flat::VariabilityKind::Parameter);
  b.model.var(q).attributes.fixed = false;
  VarId a = b.var("a"), t = b.var("t"), u = b.var("u"), x = b.var("x");
  b.equation(b.p.mul(b.c(2), b.ref(a)), b.ref(k)); // a := k / 2
  b.equation(b.ref(t), b.p.time());               // stays
  b.equation(b.ref(u), b.ref(q));                 // stays: q is found at initialization
  b.equation(b.der(x), b.p.add(b.p.add(b.ref(a), b.ref(t)), b.ref(u)));
  auto result = causalize::eliminateAliases(b.model, causalize::classifyVariables(b.model));
  REQUIRE(result.aliases.size() == 1);
  CHECK(result.aliases[0].var == a);
  CHECK(b.print(result.aliases[0].value) == "k / 2");
  CHECK(result.equations.size() == 3);
}

TEST_CASE("aliases found through the aliases before them, where terms fold away") {
  // Equations of three or more unknowns, or of two with a parameter, or of
  // one with a state, are no aliases, unless the aliases found before
  // them fold terms away: an alias of 0 (a product vanishes), an alias of
  // 1 (a factor goes), two unknowns that are one (their difference is 0).
  Builder b;
  VarId k = b.parameter("k", 3);
  VarId zero = b.var("zero"), one = b.var("one"), a = b.var("a"), c = b.var("c"), d = b.var("d"),
        e = b.var("e"), f = b.var("f"), g = b.var("g"), h = b.var("h"), x = b.var("x");
  b.equation(b.ref(zero), b.c(0));                                      // zero := 0
  b.equation(b.ref(one), b.c(1));                                       // one := 1
  b.equation(b.ref(a), b.p.mul(b.p.mul(b.ref(c), b.ref(x)), b.ref(zero))); // a := 0
  b.equation(b.ref(d), b.p.mul(b.ref(e), b.ref(one)));                  // e := d
  b.equation(b.ref(f), b.ref(g));                                       // g := f
  b.equation(b.ref(h), b.p.add(b.p.sub(b.ref(f), b.ref(g)), b.ref(k))); // h := k
  b.equation(b.ref(c), b.p.add(b.ref(d), b.p.mul(b.ref(k), b.ref(f)))); // stays: c, d, f
  b.equation(b.ref(e), b.p.mul(b.ref(k), b.ref(f)));                    // stays: k * f
  b.equation(b.der(x), b.p.add(b.ref(c), b.ref(h)));                    // stays
  auto result = causalize::eliminateAliases(b.model, causalize::classifyVariables(b.model));
  std::vector<std::string> found;
  for (const auto &alias : result.aliases)
    found.push_back(b.model.nameOf(alias.var) + " = " + b.print(alias.value));
  CHECK(found == std::vector<std::string>{"zero = 0", "one = 1", "a = 0", "e = d", "g = f",
                                          "h = k"});
  CHECK(result.equations.size() == 3);
}

TEST_CASE("two variables defined by one expression are aliases, also through other aliases") {
  // v = e and w = e make one of v, w an alias of the other. A side can
  // become a variable through the aliases before it (r * one with
  // one := 1; if-branches that became one variable); c * d cannot.
  Builder b;
  VarId one = b.var("one"), q = b.var("q"), r = b.var("r"), k1 = b.var("k1"), k2 = b.var("k2"),
        a = b.var("a"), p = b.var("p"), c = b.var("c"), d = b.var("d"), x = b.var("x");
  ExprId sine = b.p.unary(sym::OpKind::Sin, b.ref(x)), cosine = b.p.unary(sym::OpKind::Cos, b.ref(x)),
         exp = b.p.unary(sym::OpKind::Exp, b.ref(x));
  b.equation(b.ref(one), b.c(1));
  b.equation(b.ref(k1), b.ref(k2));
  b.equation(b.ref(q), exp);
  b.equation(b.p.mul(b.ref(r), b.ref(one)), exp);
  b.equation(b.ref(a), cosine);
  b.equation(b.p.ifElse(b.p.binary(sym::OpKind::Greater, b.p.time(), b.c(0.5)), b.ref(k1),
                        b.ref(k2)),
             cosine);
  b.equation(b.ref(p), sine);
  b.equation(b.p.mul(b.ref(c), b.ref(d)), sine);
  b.equation(b.ref(d), b.p.add(b.ref(p), b.ref(x)));
  b.equation(b.der(x), b.p.add(b.p.add(b.ref(c), b.ref(r)), b.ref(k1)));
  auto result = causalize::eliminateAliases(b.model, causalize::classifyVariables(b.model));
  std::map<std::string, std::string> found;
  for (const auto &alias : result.aliases)
    found[b.model.nameOf(alias.var)] = b.print(alias.value);
  CHECK(found.size() == 4);
  CHECK(found["one"] == "1");
  // One of each pair is eliminated, in favour of the other.
  auto pair = [&](const std::string &x, const std::string &y) {
    return (found.count(x) && found[x] == y && !found.count(y)) ||
           (found.count(y) && found[y] == x && !found.count(x));
  };
  CHECK(pair("q", "r"));
  CHECK((pair("a", "k1") || pair("a", "k2")));
  CHECK((found.count("k1") + found.count("k2")) == 1);
  CHECK_FALSE(found.count("c"));
  CHECK_FALSE(found.count("p"));
  CHECK(result.equations.size() == 6);
}

TEST_CASE("a velocity state equal to der(x) makes the model second order") {
  Builder b;
  VarId x = b.var("x"), v = b.var("v"), w = b.var("w");
  b.model.var(v).attributes.start = b.c(4);
  b.model.var(v).attributes.stateSelect = flat::StateSelectKind::Prefer;
  b.equation(b.der(x), b.ref(v));
  b.equation(b.der(v), b.p.neg(b.ref(x)));
  b.equation(b.ref(w), b.der(x)); // an algebraic variable equal to a derivative stays
  auto result = causalize::eliminateAliases(b.model, causalize::classifyVariables(b.model));
  REQUIRE(result.aliases.size() == 2);
  CHECK(b.print(result.aliases[0].value) == "der(x)");
  CHECK(b.model.nameOf(result.aliases[1].var) == "der(v)");
  CHECK(b.print(result.aliases[1].value) == "der(der(x))");
  REQUIRE(result.equations.size() == 2);
  CHECK(b.print(result.equations[0]) == "der(der(x)) = -x");
  // der(x) takes v's start value and stateSelect.
  VarId dx = b.model.var(x).derivative;
  CHECK(b.print(result.startHint[dx.index]) == "4");
  CHECK(result.stateSelect[dx.index] == flat::StateSelectKind::Prefer);
}

TEST_CASE("the pendulum: two equations differentiated, two state sets") {
  Pendulum b;
  auto reduced = causalize::reduceIndex(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(reduced);
  CHECK(reduced->numModelEquations == 3);
  REQUIRE(reduced->equations.size() == 5);
  CHECK(b.print(reduced->equations[3]) == "2 * x * der(x) + 2 * y * der(y) = 0");
  CHECK(reduced->equations[3].origin == flat::EquationOriginKind::Differentiated);
  CHECK(reduced->equations[3].originIndex == 2);
  CHECK(reduced->equations[4].originIndex == 3);
  REQUIRE(reduced->choices.size() == 2);
  CHECK(b.names(reduced->choices[0].states) == "x, der(x)");
  CHECK(b.names(reduced->choices[0].dummyDerivatives) == "der(y), der(der(y))");
  CHECK(b.names(reduced->choices[1].states) == "y, der(y)");
  // Each set is rated by its level blocks: the rows of the two derivatives
  // of the rod, the columns its dummies.
  REQUIRE(reduced->choices[1].pivotBlocks.size() == 2);
  CHECK(reduced->choices[1].pivotBlocks[0].first == std::vector<int>{3});
  CHECK(b.names(reduced->choices[1].pivotBlocks[0].second) == "der(x)");
  CHECK(b.names(reduced->choices[1].pivotBlocks[1].second) == "der(der(x))");
}

TEST_CASE("stateSelect = always that cannot be honoured is reported") {
  Pendulum b;
  b.model.var(b.x).attributes.stateSelect = flat::StateSelectKind::Always;
  b.model.var(b.y).attributes.stateSelect = flat::StateSelectKind::Always;
  auto reduced = causalize::reduceIndex(b.model, b.diags);
  REQUIRE(reduced);
  // Both are equally wanted: either can be the state, never both.
  CHECK(reduced->choices.size() == 2);
  CHECK(b.names(reduced->unhonouredAlways) == "y");
}

namespace {
/// The pendulum with its rod written as x^2 + g(y) = 1 where g is a call.
struct CallPendulum : Builder {
  VarId x = var("x"), y = var("y"), f = var("F");
  ExprId call;
  CallPendulum() {
    flat::Function square;
    square.name = "Square";
    model.functions.push_back(std::move(square));
    ExprId args[] = {ref(y)};
    call = p.output(p.call(0, args), 0);
    equation(der(model.derivativeOf(x)), p.neg(p.mul(ref(f), ref(x))));
    equation(der(model.derivativeOf(y)), p.sub(p.neg(p.mul(ref(f), ref(y))), c(9.81)));
    equation(p.add(p.pow(ref(x), c(2)), call), c(1));
  }
};
} // namespace

TEST_CASE("a call index reduction must differentiate: a hook without derivatives says why not") {
  CallPendulum b;
  causalize::ReductionOptions options;
  options.callDerivative = causalize::cannotDifferentiateCalls;
  CHECK_FALSE(causalize::reduceIndex(b.model, b.diags, options));
  CHECK(b.messages.str() ==
        "mocc: error: cannot differentiate the equation `x^2 + Square(y) = 1`, which index "
        "reduction must differentiate: it calls the function `Square`, and differentiating "
        "function calls is not supported yet\n");
}

TEST_CASE("a call index reduction must differentiate: the default hook calls the forward derivative") {
  CallPendulum b;
  // Square(a) = a^2 as a lowered function: slot 0 the input, slot 1 the output.
  flat::Function &square = b.model.functions[0];
  square.variables = {{flat::FunctionVariable::Kind::Input, "a", flat::TypeKind::Real, {}, 0},
                      {flat::FunctionVariable::Kind::Output, "r", flat::TypeKind::Real, {}, 1}};
  square.numSlots = 2;
  square.inputSlots = {0};
  square.outputSlots = {1};
  flat::Statement assign;
  assign.target = VarId{1};
  assign.value = square.pool.pow(square.pool.variable(VarId{0}), square.pool.constant(2));
  square.body.push_back(assign);
  auto reduced = causalize::reduceIndex(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(reduced);
  REQUIRE(reduced->equations.size() == 5);
  // Square's derivative takes (a, da) and returns (r, dr); the second
  // derivative is the derivative's own derivative.
  REQUIRE(b.model.functions.size() == 3);
  CHECK(b.model.functions[0].forwardDerivative == 1);
  CHECK(b.model.functions[1].forwardDerivative == 2);
  CHECK(b.print(reduced->equations[3]) == "2 * x * der(x) + (Square$der(y, der(y)))[2] = 0");
}

TEST_CASE("a call index reduction must differentiate: a hook that knows the derivative") {
  CallPendulum b;
  causalize::ReductionOptions options;
  int calls = 0;
  options.callDerivative = [&](flat::FlatModel &model, ExprId output,
                               const std::function<ExprId(ExprId)> &timeDerivative) {
    ++calls;
    // d/dt y^2 = 2 y der(y), from the call's argument.
    auto &pool = model.pool;
    ExprId arg = pool.operand(pool.operand(output, 0), 0);
    return causalize::CallDerivative{
        pool.mul(pool.mul(pool.constant(2), arg), timeDerivative(arg)), ""};
  };
  auto reduced = causalize::reduceIndex(b.model, b.diags, options);
  INFO(b.messages.str());
  REQUIRE(reduced);
  // Once: the second derivative differentiates the hook's result.
  CHECK(calls == 1);
  REQUIRE(reduced->equations.size() == 5);
  CHECK(b.print(reduced->equations[3]) == "2 * x * der(x) + 2 * y * der(y) = 0");
  CHECK(b.print(reduced->equations[4]) ==
        "2 * der(x) * der(x) + 2 * x * der(der(x)) + (2 * der(y) * der(y) + 2 * y * "
        "der(der(y))) = 0");
}

TEST_CASE("a call of parameters only needs no derivative") {
  Builder b;
  flat::Function length;
  length.name = "Length";
  b.model.functions.push_back(std::move(length));
  VarId L = b.parameter("L", 2);
  VarId x = b.var("x"), y = b.var("y"), f = b.var("F");
  ExprId args[] = {b.ref(L)};
  ExprId call = b.p.output(b.p.call(0, args), 0);
  b.equation(b.der(b.model.derivativeOf(x)), b.p.neg(b.p.mul(b.ref(f), b.ref(x))));
  b.equation(b.der(b.model.derivativeOf(y)), b.p.neg(b.p.mul(b.ref(f), b.ref(y))));
  b.equation(b.p.add(b.p.pow(b.ref(x), b.c(2)), b.p.pow(b.ref(y), b.c(2))), call);
  auto reduced = causalize::reduceIndex(b.model, b.diags);
  INFO(b.messages.str());
  REQUIRE(reduced);
  CHECK(b.print(reduced->equations[3].rhs) == "0");
}
