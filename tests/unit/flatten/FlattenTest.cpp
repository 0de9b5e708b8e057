// Unit tests of flattening (compiler/flatten/): small models held in memory
// go through the phase's entry point, flatten(), and the flat model's
// variables, equations (with their origins), when-clauses and lowered
// functions are checked. The golden tests (tests/golden/flatten/) show the
// printed models; these check the structure the back end reads.
#include "compiler/flatten/Flatten.h"
#include "tests/unit/SourceFixture.h"

#include "compiler/symbolic/Expr.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

using namespace mocc;

namespace {

/// A model flattened from one source text (its last class).
struct Fixture : test::SourceFixture {
  std::optional<flat::FlatModel> model;

  explicit Fixture(const std::string &text) { model = flattenLast(text); }

  const flat::FlatModel &flat() {
    REQUIRE_MESSAGE(model.has_value(), messages.str());
    return *model;
  }
  /// The equations as "lhs = rhs" text, in order.
  std::vector<std::string> equations(flat::EquationOriginKind origin) {
    std::vector<std::string> out;
    for (const flat::Equation &eq : flat().equations)
      if (eq.origin == origin)
        out.push_back(flat().print(eq.lhs) + " = " + flat().print(eq.rhs));
    return out;
  }
  std::vector<std::string> equations() {
    std::vector<std::string> out;
    for (const flat::Equation &eq : flat().equations)
      out.push_back(flat().print(eq.lhs) + " = " + flat().print(eq.rhs));
    return out;
  }
  std::vector<std::string> variableNames() {
    std::vector<std::string> out;
    for (const flat::Variable &v : flat().variables)
      out.push_back(v.name);
    return out;
  }
  /// The names of the variables an equation reads, sorted, once each.
  std::vector<std::string> variablesOf(const flat::Equation &eq) {
    std::vector<std::string> out;
    for (sym::ExprId side : {eq.lhs, eq.rhs})
      for (sym::VarId v : sym::variablesOf(flat().pool, side))
        out.push_back(flat().nameOf(v));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  bool reported(const std::string &text) const {
    return messages.str().find(text) != std::string::npos;
  }
};

} // namespace

TEST_CASE("inherited equations are flattened once per component, in each one's names") {
  Fixture f(R"(
    model M
      model A Real x; equation x = 1; end A;
      model B extends A; Real y; equation y = 2 * x; end B;
      B b1;
      B b2;
    end M;)");
  CHECK(f.variableNames() == std::vector<std::string>{"b1.x", "b1.y", "b2.x", "b2.y"});
  // The base class's equation comes first in each component (extends is in
  // place of the inherited elements and equations).
  CHECK(f.equations() == std::vector<std::string>{"b1.x = 1", "b1.y = 2 * b1.x", "b2.x = 1",
                                                  "b2.y = 2 * b2.x"});
  for (const flat::Equation &eq : f.flat().equations)
    CHECK(eq.loc.valid());
}

TEST_CASE("a modifier on an extends clause reaches the inherited parameter") {
  Fixture f(R"(
    model M
      model A parameter Real k = 1; Real x; equation x = k; end A;
      model B extends A(k = 5); end B;
      B b;
    end M;)");
  const flat::FlatModel &m = f.flat();
  auto k = std::find_if(m.variables.begin(), m.variables.end(),
                        [](const flat::Variable &v) { return v.name == "b.k"; });
  REQUIRE(k != m.variables.end());
  CHECK(k->variability == flat::VariabilityKind::Parameter);
  REQUIRE(k->binding.valid());
  CHECK(m.pool.constantValue(k->binding) == 5.0);
}

TEST_CASE("a connection set gives equal potentials and one flow sum over all its flows") {
  Fixture f(R"(
    model M
      connector Pin Real v; flow Real i; end Pin;
      model C Pin p; end C;
      C c1, c2, c3;
    equation
      connect(c1.p, c2.p);
      connect(c2.p, c3.p);
    end M;)");
  const flat::FlatModel &m = f.flat();
  // Three potentials in one set: two equalities; three flows: one sum.
  std::vector<const flat::Equation *> connects, sums;
  for (const flat::Equation &eq : m.equations) {
    if (eq.origin == flat::EquationOriginKind::Connect)
      connects.push_back(&eq);
    if (eq.origin == flat::EquationOriginKind::FlowSum)
      sums.push_back(&eq);
  }
  REQUIRE(connects.size() == 2);
  for (const flat::Equation *eq : connects)
    for (const std::string &name : f.variablesOf(*eq))
      CHECK(name.substr(name.size() - 2) == ".v");
  REQUIRE(sums.size() == 1);
  CHECK(f.variablesOf(*sums[0]) ==
        std::vector<std::string>{"c1.p.i", "c2.p.i", "c3.p.i"});
  CHECK(f.equations(flat::EquationOriginKind::UnconnectedFlow).empty());
}

TEST_CASE("an unconnected flow of an inside connector is zero") {
  Fixture f(R"(
    model M
      connector Pin Real v; flow Real i; end Pin;
      model C Pin p; end C;
      C c;
    end M;)");
  CHECK(f.equations(flat::EquationOriginKind::UnconnectedFlow) ==
        std::vector<std::string>{"c.p.i = 0"});
}

TEST_CASE("for-equations are unrolled, with several indices and a deduced range") {
  Fixture f(R"(
    model M
      parameter Integer n = 2;
      Real x[n, 3];
      Real y[4];
    equation
      for i in 1:n, j in 1:3 loop
        x[i, j] = 10 * i + j;
      end for;
      for k loop
        y[k] = k;
      end for;
    end M;)");
  std::vector<std::string> eqs = f.equations();
  CHECK(eqs == std::vector<std::string>{"x[1,1] = 11", "x[1,2] = 12", "x[1,3] = 13", "x[2,1] = 21",
                                        "x[2,2] = 22", "x[2,3] = 23", "y[1] = 1", "y[2] = 2",
                                        "y[3] = 3", "y[4] = 4"});
}

TEST_CASE("a for-equation over a range that is not a parameter expression is an error") {
  Fixture f(R"(
    model M
      Real n = 2;
      Real x[2];
    equation
      for i in 1:n loop
        x[i] = i;
      end for;
    end M;)");
  CHECK_FALSE(f.model.has_value());
  CHECK(f.reported("the end of a range must be a parameter expression, and `n` is not"));
}

TEST_CASE("an if-equation with a parameter condition keeps only the branch taken") {
  Fixture f(R"(
    model M
      parameter Boolean b = false;
      Real x;
    equation
      if b then x = 1; else x = 2; end if;
    end M;)");
  CHECK(f.equations() == std::vector<std::string>{"x = 2"});
}

TEST_CASE("an if-equation with a varying condition pairs its branches' equations") {
  Fixture f(R"(
    model M
      Real x;
    equation
      if time > 1 then x = 1; else x = 2; end if;
    end M;)");
  REQUIRE(f.flat().equations.size() == 1);
  const flat::Equation &eq = f.flat().equations[0];
  CHECK(f.flat().print(eq.lhs) == "0");
  std::string residual = f.flat().print(eq.rhs);
  CHECK(residual.find("if time > 1") != std::string::npos);

  Fixture unequal(R"(
    model M
      Real x, y;
    equation
      if time > 1 then x = 1; y = 1; else x = 2; end if;
      y = 0;
    end M;)");
  CHECK_FALSE(unequal.model.has_value());
  CHECK(unequal.reported("every branch must have the same number"));
}

TEST_CASE("a function with Inline = true is inlined into the equation") {
  Fixture f(R"(
    model M
      function twice input Real u; output Real y; algorithm y := 2 * u;
        annotation(Inline = true); end twice;
      Real x;
    equation
      x = twice(time);
    end M;)");
  CHECK(f.flat().functions.empty());
  CHECK(f.equations() == std::vector<std::string>{"x = 2 * time"});
}

TEST_CASE("a function is compiled once per shape of its arguments") {
  Fixture f(R"(
    model M
      function total input Real u[:]; output Real s = 0;
      algorithm
        for i in 1:size(u, 1) loop s := s + u[i]; end for;
      end total;
      Real a, b, c;
    equation
      a = total({time, 1});
      b = total({2 * time, 3});
      c = total({time, 1, 2});
    end M;)");
  const flat::FlatModel &m = f.flat();
  // Two shapes ({2} and {3}): two specializations, both of `M.total`.
  REQUIRE(m.functions.size() == 2);
  for (const flat::Function &fn : m.functions) {
    CHECK(fn.name == "M.total");
    CHECK(fn.symbol.rfind("mocc_f", 0) == 0);
    CHECK_FALSE(fn.body.empty());
  }
  CHECK(m.functions[0].symbol != m.functions[1].symbol);
  // The loop over a range known while lowering is unrolled: one assignment
  // per element (after the output's binding).
  CHECK(m.functions[0].body.size() == 3);
  CHECK(m.functions[1].body.size() == 4);
  for (const flat::Statement &s : m.functions[1].body)
    CHECK(s.kind == flat::StatementKind::Assign);
}

TEST_CASE("a model's algorithm becomes one equation per assigned variable") {
  Fixture f(R"(
    model M
      Real x, y;
    equation
      x = time;
    algorithm
      y := x;
      y := y + 1;
      y := 2 * y;
    end M;)");
  CHECK(f.equations() == std::vector<std::string>{"x = time", "y = 2 * (x + 1)"});
}

TEST_CASE("when-statements of an algorithm become when-clauses; a shared target groups them") {
  Fixture f(R"(
    model M
      discrete Real a(start = 0), b(start = 0);
    algorithm
      when time > 1 then a := 1; end when;
      when time > 2 then b := 2; end when;
      when time > 3 then b := 3; end when;
    end M;)");
  const flat::FlatModel &m = f.flat();
  // `a` alone; `b`'s two when-statements in one clause, the later first
  // (the last to fire at one event wins).
  REQUIRE(m.whenClauses.size() == 2);
  REQUIRE(m.whenClauses[0].branches.size() == 1);
  REQUIRE(m.whenClauses[1].branches.size() == 2);
  auto assigned = [&](const flat::WhenBranch &branch) {
    REQUIRE(branch.assignments.size() == 1);
    return m.print(branch.assignments[0].lhs) + " := " + m.print(branch.assignments[0].rhs);
  };
  CHECK(assigned(m.whenClauses[0].branches[0]) == "a := 1");
  CHECK(assigned(m.whenClauses[1].branches[0]) == "b := 3");
  CHECK(assigned(m.whenClauses[1].branches[1]) == "b := 2");
}

TEST_CASE("a variable assigned both inside and outside a when-statement is reported") {
  Fixture f(R"(
    model M
      discrete Real a(start = 0);
    algorithm
      a := 1;
      when time > 1 then a := 2; end when;
    end M;)");
  CHECK_FALSE(f.model.has_value());
  CHECK(f.reported("is assigned both inside and outside when-statements"));
}
