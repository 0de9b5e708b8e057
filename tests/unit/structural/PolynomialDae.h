// A mock of the caller's side of index reduction for the unit tests: each
// equation is a sum of monomials, a monomial a product of variables (numeric
// coefficients, parameters and constants play no structural role and are left
// out). Differentiation by the product rule gives the exact incidence of the
// derivative: d/dt(x*x + y*y) has x, der(x), y, der(y); d/dt(der(x) - vx) has
// der(der(x)) and der(vx) only. Variables have names, so tests can speak of
// states as "x" and "der(y)".
#pragma once

#include "compiler/structural/Pantelides.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace mocc::structural::test {

class PolynomialDae final : public EquationDifferentiator {
public:
  using Monomial = std::vector<int>;
  using Polynomial = std::vector<Monomial>;

  /// Adds a variable named `name`; returns its id.
  int var(const std::string &name) {
    names.push_back(name);
    varToDiff.push_back(-1);
    return static_cast<int>(names.size()) - 1;
  }
  /// Adds der(`v`) as an original variable; returns its id.
  int der(int v) {
    int d = var("der(" + names[v] + ")");
    varToDiff[v] = d;
    return d;
  }
  /// Adds an equation (sum of monomials = 0); returns its id.
  int equation(Polynomial terms) {
    equations.push_back(std::move(terms));
    return static_cast<int>(equations.size()) - 1;
  }

  /// The structure of the equations added so far.
  DaeStructure structure() const {
    BipartiteGraph graph(static_cast<int>(names.size()));
    for (const Polynomial &p : equations) {
      std::vector<int> vars = variablesOf(p);
      graph.addEquation(vars);
    }
    return DaeStructure(std::move(graph), varToDiff);
  }

  void addedDerivativeVariable(int v, int derVar) override {
    REQUIRE_EQ(derVar, static_cast<int>(names.size()));
    names.push_back("der(" + names[v] + ")");
    varToDiff.push_back(-1);
    varToDiff[v] = derVar;
  }

  std::vector<int> differentiateEquation(int eq, int derEq,
                                         DerivativeVariables &d) override {
    REQUIRE_EQ(derEq, static_cast<int>(equations.size()));
    Polynomial source = equations[eq]; // equations may grow below
    Polynomial result;
    for (const Monomial &m : source)
      for (std::size_t i = 0; i < m.size(); ++i) {
        Monomial term = m;
        term[i] = d.derivativeOf(m[i]);
        result.push_back(term);
      }
    equations.push_back(result);
    return variablesOf(result);
  }

  /// Names of the given variables.
  std::vector<std::string> namesOf(const std::vector<int> &vars) const {
    std::vector<std::string> out;
    for (int v : vars)
      out.push_back(names[v]);
    return out;
  }
  /// The id of the variable named `name`, or -1.
  int idOf(const std::string &name) const {
    auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  }

  std::vector<std::string> names;
  std::vector<int> varToDiff;
  std::vector<Polynomial> equations;

private:
  static std::vector<int> variablesOf(const Polynomial &p) {
    std::vector<int> vars;
    for (const Monomial &m : p)
      vars.insert(vars.end(), m.begin(), m.end());
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    return vars;
  }
};

/// The planar pendulum in Cartesian coordinates: variables x, y, vx, vy, F
/// and der(x), der(y), der(vx), der(vy) (ids 0..8 in this order).
///   e0: der(x) = vx            e1: der(y) = vy
///   e2: m der(vx) = -F x / L   e3: m der(vy) = -F y / L - m g
///   e4: x^2 + y^2 = L^2
inline PolynomialDae pendulum() {
  PolynomialDae p;
  int x = p.var("x"), y = p.var("y"), vx = p.var("vx"), vy = p.var("vy");
  int f = p.var("F");
  int dx = p.der(x), dy = p.der(y), dvx = p.der(vx), dvy = p.der(vy);
  p.equation({{dx}, {vx}});
  p.equation({{dy}, {vy}});
  p.equation({{dvx}, {f, x}});
  p.equation({{dvy}, {f, y}, {}});
  p.equation({{x, x}, {y, y}, {}});
  return p;
}

/// A chain of `n` rigid links in Cartesian coordinates (n = 2: the double
/// pendulum). Link i has x_i, y_i, vx_i, vy_i, the rod force F_i and the
/// four derivatives; its rod joins mass i to mass i-1 (the pivot for i = 0).
/// Equations of link i, in this order: der(x_i) = vx_i, der(y_i) = vy_i, the
/// two force balances (rods i and i+1 pull on mass i), the rod length
/// (x_i - x_{i-1})^2 + (y_i - y_{i-1})^2 = L^2.
inline PolynomialDae pendulumChain(int n) {
  PolynomialDae p;
  struct Link {
    int x, y, vx, vy, f, dx, dy, dvx, dvy;
  };
  std::vector<Link> links;
  for (int i = 0; i < n; ++i) {
    std::string s = std::to_string(i + 1);
    Link l{};
    l.x = p.var("x" + s), l.y = p.var("y" + s);
    l.vx = p.var("vx" + s), l.vy = p.var("vy" + s), l.f = p.var("F" + s);
    l.dx = p.der(l.x), l.dy = p.der(l.y);
    l.dvx = p.der(l.vx), l.dvy = p.der(l.vy);
    links.push_back(l);
  }
  // One coordinate of the force balance of mass i: m der(v_i) =
  // -F_i (q_i - q_{i-1}) + F_{i+1} (q_{i+1} - q_i).
  auto balance = [&](int i, int dv, int Link::*q) {
    PolynomialDae::Polynomial terms = {{dv}, {links[i].f, links[i].*q}};
    if (i > 0)
      terms.push_back({links[i].f, links[i - 1].*q});
    if (i + 1 < n) {
      terms.push_back({links[i + 1].f, links[i + 1].*q});
      terms.push_back({links[i + 1].f, links[i].*q});
    }
    return terms;
  };
  for (int i = 0; i < n; ++i) {
    const Link &l = links[i];
    p.equation({{l.dx}, {l.vx}});
    p.equation({{l.dy}, {l.vy}});
    p.equation(balance(i, l.dvx, &Link::x));
    p.equation(balance(i, l.dvy, &Link::y));
    PolynomialDae::Polynomial rod = {{l.x, l.x}, {l.y, l.y}, {}};
    if (i > 0) {
      const Link &prev = links[i - 1];
      rod.insert(
          rod.end(),
          {{l.x, prev.x}, {prev.x, prev.x}, {l.y, prev.y}, {prev.y, prev.y}});
    }
    p.equation(rod);
  }
  return p;
}

/// `n` independent planar pendulums in second-order form (the velocity is
/// der(x) itself), numbered from 1 when n > 1: per pendulum x, y, F, then
/// der(x), der(y), der(der(x)), der(der(y)); equations
///   der(der(x)) = -F x,  der(der(y)) = -F y - g,  x^2 + y^2 = L^2.
inline PolynomialDae secondOrderPendulums(int n = 1) {
  PolynomialDae p;
  for (int i = 0; i < n; ++i) {
    std::string s = n > 1 ? std::to_string(i + 1) : std::string();
    int x = p.var("x" + s), y = p.var("y" + s), f = p.var("F" + s);
    int dx = p.der(x), dy = p.der(y);
    int ddx = p.der(dx), ddy = p.der(dy);
    p.equation({{ddx}, {f, x}});
    p.equation({{ddy}, {f, y}, {}});
    p.equation({{x, x}, {y, y}, {}});
  }
  return p;
}

/// The double pendulum in second-order form: per link x_i, y_i, F_i, then
/// the first and second derivatives of the positions; the equations of
/// pendulumChain(2) with der(x_i) in place of vx_i.
inline PolynomialDae secondOrderDoublePendulum() {
  PolynomialDae p;
  int x1 = p.var("x1"), y1 = p.var("y1"), f1 = p.var("F1");
  int x2 = p.var("x2"), y2 = p.var("y2"), f2 = p.var("F2");
  int dx1 = p.der(x1), dy1 = p.der(y1), dx2 = p.der(x2), dy2 = p.der(y2);
  int ddx1 = p.der(dx1), ddy1 = p.der(dy1);
  int ddx2 = p.der(dx2), ddy2 = p.der(dy2);
  p.equation({{ddx1}, {f1, x1}, {f2, x2}, {f2, x1}});
  p.equation({{ddy1}, {f1, y1}, {f2, y2}, {f2, y1}, {}});
  p.equation({{ddx2}, {f2, x2}, {f2, x1}});
  p.equation({{ddy2}, {f2, y2}, {f2, y1}, {}});
  p.equation({{x1, x1}, {y1, y1}, {}});
  p.equation({{x2, x2}, {x2, x1}, {x1, x1}, {y2, y2}, {y2, y1}, {y1, y1}, {}});
  return p;
}

} // namespace mocc::structural::test
