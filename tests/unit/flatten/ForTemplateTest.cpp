// Unit tests of for-equations lowered once as templates (ForTemplates.cpp,
// design-log D10): each model is flattened twice, with templates and with
// every for-equation unrolled and lowered element by element (the
// reference path), and the printed flat models must be the same text; the
// count of templates tells which for-equations took the new path and which
// fell back to unrolling.
#include "compiler/flatten/Flatten.h"
#include "tests/unit/SourceFixture.h"

#include <doctest/doctest.h>

#include <sstream>

using namespace mocc;

namespace {

struct Flattened {
  bool ok = false;
  std::string text;     ///< the printed flat model
  std::string messages; ///< the diagnostics
  size_t templates = 0; ///< for-equations lowered as templates
};

Flattened flattenWith(const std::string &source, bool templates) {
  bool saved = forEquationTemplates();
  setForEquationTemplates(templates);
  Flattened r;
  {
    test::SourceFixture f;
    size_t before = forEquationTemplatesLowered();
    auto model = f.flattenLast(source);
    r.templates = forEquationTemplatesLowered() - before;
    r.ok = model.has_value();
    if (model) {
      std::ostringstream out;
      flat::printFlatModel(*model, out);
      r.text = out.str();
    }
    r.messages = f.messages.str();
  }
  setForEquationTemplates(saved);
  return r;
}

/// Flattens both ways, checks that the results agree, and returns the
/// count of templates.
size_t sameBothWays(const std::string &source) {
  Flattened a = flattenWith(source, true), b = flattenWith(source, false);
  INFO(a.messages);
  CHECK(a.ok == b.ok);
  CHECK(a.text == b.text);
  CHECK(a.messages == b.messages);
  CHECK(b.templates == 0);
  return a.templates;
}

const char *grid3d = R"(
model HeatGrid3D
  parameter Integer N = 3;
  parameter Integer M = 4;
  parameter Integer P = 2;
  parameter Real Gx = 2, Gy = 3, Gz = 5, C = 7, T_sink = 300;
  parameter Real q[N, M] = {{if 3 * i > N and 3 * j <= 2 * M then 1 else 0 for j in 1:M} for i in 1:N};
  Real T[N, M, P](each start = T_sink, each fixed = true);
equation
  for i in 1:N, j in 1:M, k in 1:P loop
    C * der(T[i, j, k]) =
      (if i > 1 then Gx * (T[i - 1, j, k] - T[i, j, k]) else 0)
      + (if i < N then Gx * (T[i + 1, j, k] - T[i, j, k]) else 0)
      + (if j > 1 then Gy * (T[i, j - 1, k] - T[i, j, k]) else 0)
      + (if j < M then Gy * (T[i, j + 1, k] - T[i, j, k]) else 0)
      + (if k > 1 then Gz * (T[i, j, k - 1] - T[i, j, k]) else 2 * Gz * (T_sink - T[i, j, k]))
      + (if k < P then Gz * (T[i, j, k + 1] - T[i, j, k]) else q[i, j]);
  end for;
end HeatGrid3D;
)";

} // namespace

TEST_CASE("the 3-D grid's for-equation is one template, its conditions splitting the box") {
  CHECK(sameBothWays(grid3d) == 1);
  Flattened a = flattenWith(grid3d, true);
  // A corner, an edge and an inner row of the box took different branches.
  CHECK(a.text.find("C * der(T[1,1,1]) = Gx * (T[2,1,1] - T[1,1,1]) + Gy * (T[1,2,1] - "
                    "T[1,1,1]) + 2 * Gz * (T_sink - T[1,1,1]) + Gz * (T[1,1,2] - T[1,1,1]);") !=
        std::string::npos);
  CHECK(a.text.find("C * der(T[3,4,2]) = Gx * (T[2,4,2] - T[3,4,2]) + Gy * (T[3,3,2] - "
                    "T[3,4,2]) + Gz * (T[3,4,1] - T[3,4,2]) + q[3,4];") != std::string::npos);
}

TEST_CASE("a cascade: its first row apart, the loop over 2:N, and a loop backwards") {
  CHECK(sameBothWays(R"(
model Cascade
  parameter Integer N = 6;
  parameter Real tau = 0.1;
  Real x[N](each start = 0, each fixed = true);
  Real y[N];
  Real u = 1;
equation
  tau * der(x[1]) = u - x[1];
  for i in 2:N loop
    tau * der(x[i]) = x[i - 1] - x[i];
  end for;
  for i in 1:N loop
    der(y[N - i + 1]) = -(if i == 1 then x[end] else y[N - i + 2]) / tau - y[end - i + 1];
  end for;
end Cascade;
)") == 2);
}

TEST_CASE("for-equations that are not explicit in their iterators are still templates") {
  // Implicit equations, two equations in one body, an enclosing loop's
  // iterator, a step range and initial equations: the flat equations are
  // the same, and causalization sorts them as before.
  CHECK(sameBothWays(R"(
model Implicit
  parameter Integer n = 5;
  Real x[n](each start = 1, each fixed = true), y[n], z[3, n];
initial equation
  for i in 1:2:n loop
    der(x[i]) = 0;
  end for;
equation
  for i in 1:n loop
    x[i] + y[i] = 2 * x[i];
    der(x[i]) = -y[i];
  end for;
  for k in 1:3 loop
    for i in 1:n loop
      z[k, i] = k * 0 + y[i] * (if k > 1 then 2 else 1);
    end for;
  end for;
end Implicit;
)") == 5); // the inner loop once per k
}

TEST_CASE("for-equations outside the template's form fall back to unrolling") {
  // A call, an iterator used as a value, a condition that varies, a range
  // that depends on an iterator, a slice, and a record field: each is
  // unrolled, with the same flat model.
  CHECK(sameBothWays(R"(
model Fallbacks
  record R
    Real a;
  end R;
  parameter Integer n = 4;
  Real x[n], y[n], z[n], w[n, n], s[n], v[n];
  R r[n];
equation
  for i in 1:n loop
    x[i] = sin(time * i);
  end for;
  for i in 1:n loop
    y[i] = i;
  end for;
  for i in 1:n loop
    z[i] = if x[i] > 0 then x[i] else -x[i];
  end for;
  for i in 1:n, j in 1:i loop
    w[i, j] = 1;
  end for;
  for i in 1:n, j in i + 1:n loop
    w[i, j] = 2;
  end for;
  for i in 1:n loop
    s[i] = sum(w[i, :]);
  end for;
  for i in 1:n loop
    r[i].a = v[i];
  end for;
  for i in 1:n loop
    v[i] = 1;
  end for;
end Fallbacks;
)") == 1); // only the last
}

TEST_CASE("constants, evaluated and final parameters in templates are those of unrolling") {
  CHECK(sameBothWays(R"(
package P
  constant Real k[3] = {4, 5, 6};
end P;
model Constants
  constant Real c[3] = {1, 2, 3};
  parameter Real e[3] = {1, 2, 3} annotation(Evaluate = true);
  final parameter Real f[3] = {7, 8, 9};
  parameter Integer n = 3;
  Real x[n], y[n], z[n], w[n], v[n];
  input Real u[n];
equation
  for i in 1:n loop
    x[i] = c[i] * time;
  end for;
  for i in 1:n loop
    y[i] = e[i] + u[i] / f[i];
  end for;
  for i in 1:n loop
    z[i] = f[i] - P.k[i];
  end for;
  for i in 1:n loop
    w[i] = c[n - i + 1] + e[end - i + 1] + 1.5e0 + 2 - (-c[i]);
  end for;
  for i in 1:n loop
    v[i] = if i <= n / 2 then 1 elseif i == 2 or not i > 0 then 2 else 3;
  end for;
end Constants;
)") == 2); // time and P.k are unrolled; `n / 2` is Real: the last one too
}

TEST_CASE("errors in for-equations are those of unrolling") {
  // A subscript out of bounds on the last element, an undeclared name in a
  // branch the loop takes, the derivative of an Integer: the template
  // gives up or stops at the first error, and the message is the same.
  for (const char *source : {R"(
model OutOfBounds
  parameter Integer n = 3;
  Real x[n];
equation
  for i in 1:n loop
    x[i] = x[i + 1];
  end for;
end OutOfBounds;
)",
                             R"(
model Undeclared
  parameter Integer n = 3;
  Real x[n];
equation
  for i in 1:n loop
    x[i] = if i > 5 then 1 else undeclared;
  end for;
end Undeclared;
)",
                             R"(
model DerOfInteger
  parameter Integer n = 3;
  Integer m[n] = {1, 2, 3};
  Real x[n];
equation
  for i in 1:n loop
    x[i] = der(m[i]);
  end for;
end DerOfInteger;
)"}) {
    CAPTURE(source);
    Flattened a = flattenWith(source, true), b = flattenWith(source, false);
    CHECK(!a.ok);
    CHECK(!b.ok);
    CHECK(!a.messages.empty());
    // Unrolling may say it once per element; the template says it once.
    CHECK(b.messages.find(a.messages.substr(0, a.messages.find('\n'))) != std::string::npos);
  }
}

namespace {

/// The explicit-ODE array equations the template path records (with
/// templates on), each as "x[1, ..., 1] lo:hi/size... @first #count", after checking
/// that every element's scalar equation is the one of x's element k.
std::string arrayEquations(const std::string &source) {
  std::string out;
  test::SourceFixture f;
  auto model = f.flattenLast(source);
  INFO(f.messages.str());
  REQUIRE(model.has_value());
  for (const flat::ArrayEquation &a : model->arrayEquations) {
    std::string s = model->nameOf(a.state);
    for (size_t d = 0; d < a.dims.size(); ++d)
      s += " " + std::to_string(a.lo[d]) + ":" + std::to_string(a.hi[d]) + "/" +
           std::to_string(a.dims[d]);
    s += " @" + std::to_string(a.first) + " #" + std::to_string(a.count);
    REQUIRE(a.first + a.count <= model->equations.size());
    std::vector<int64_t> at = a.lo; // the box's point, row-major
    for (size_t k = 0; k < a.count; ++k) {
      size_t element = 0;
      for (size_t d = 0; d < a.dims.size(); ++d)
        element = element * static_cast<size_t>(a.dims[d]) + static_cast<size_t>(at[d] - 1);
      for (size_t d = a.dims.size(); d-- > 0;) {
        if (++at[d] <= a.hi[d])
          break;
        at[d] = a.lo[d];
      }
      std::string name =
          model->nameOf(sym::VarId{static_cast<uint32_t>(a.state.index + element)});
      std::string lhs = model->print(model->equations[a.first + k].lhs);
      INFO(lhs);
      CHECK(lhs.find("der(" + name + ")") != std::string::npos);
    }
    out += (out.empty() ? "" : "; ") + s;
  }
  return out;
}

} // namespace

TEST_CASE("explicit-ODE for-equations over a block of a state array are recorded as array equations") {
  CHECK(arrayEquations(grid3d) == "T[1,1,1] 1:3/3 1:4/4 1:2/2 @0 #24");
  // A cascade written as one loop, a der() that another equation reads, a
  // division on the left and a second array after a scalar equation.
  CHECK(arrayEquations(R"(
model Cascade
  parameter Integer N = 4;
  parameter Real tau = 0.1;
  Real x[N](each start = 0, each fixed = true);
  Real z[2, 3](each start = 1, each fixed = true);
  Real y, u = 1;
equation
  for i in 1:N loop
    tau * der(x[i]) = (if i == 1 then u else x[i - 1]) - x[i];
  end for;
  y = der(x[2]) + 1;
  for i in 1:2, j in 1:3 loop
    der(z[i, j]) / tau = -z[i, j] * x[j];
  end for;
end Cascade;
)") == "x[1] 1:4/4 @1 #4; z[1,1] 1:2/2 1:3/3 @6 #6"); // u = 1 first
}

TEST_CASE("for-equations that are not explicit ODEs over a whole state array are not recorded") {
  // A permuted or reversed map, a step range, two equations in one
  // body, der() on the right, an implicit left side, initial equations, and
  // loops inside an if-equation whose condition varies (taken out of the
  // equations and merged): their scalar equations only.
  CHECK(arrayEquations(R"(
model NotArrays
  parameter Integer n = 3;
  Real a[n](each start = 0, each fixed = true), b[n](each start = 0, each fixed = true);
  Real c[n, n](each start = 0, each fixed = true), d[n](each start = 0, each fixed = true);
  Real e[n](each start = 0, each fixed = true), g[n](each start = 0, each fixed = true);
  Real h[n](each start = 0, each fixed = true), w[n];
initial equation
  for i in 1:n loop
    der(w[i]) = 0;
  end for;
equation
  for i in 1:2:n loop
    der(a[i]) = 1;
  end for;
  der(a[2]) = 1;
  for i in 1:n loop
    der(b[n - i + 1]) = b[i];
  end for;
  for i in 1:n, j in 1:n loop
    der(c[j, i]) = c[i, j];
  end for;
  for i in 1:n loop
    der(d[i]) = 1;
    w[i] = d[i];
  end for;
  for i in 1:n loop
    der(e[i]) = der(d[i]);
  end for;
  for i in 1:n loop
    der(g[i]) + g[i] = 0;
  end for;
  if time > 1 then
    for i in 1:n loop
      der(h[i]) = 1;
    end for;
  else
    for i in 1:n loop
      der(h[i]) = 2;
    end for;
  end if;
end NotArrays;
)") == "");
  // With templates off (the reference path) nothing is recorded.
  bool saved = forEquationTemplates();
  setForEquationTemplates(false);
  CHECK(arrayEquations(grid3d) == "");
  setForEquationTemplates(saved);
}

TEST_CASE("a sub-box of a state array: CascadedFirstOrder's loop over 2:N, and a cut grid") {
  // z's first column (a literal subscript: not the identity map of a box of
  // z's rank) and its rows 1 and 4 (a range that is not a step-1 block) are
  // scalar equations only.
  CHECK(arrayEquations(R"(
model CascadedFirstOrder
  parameter Integer N = 5;
  parameter Real T = 1;
  final parameter Real tau = T / N;
  Real x[N](each start = 0, each fixed = true);
  Real u = 1;
  Real z[4, 3](each start = 1, each fixed = true);
equation
  tau * der(x[1]) = u - x[1];
  for i in 2:N loop
    tau * der(x[i]) = x[i - 1] - x[i];
  end for;
  for i in 1:4 loop
    der(z[i, 1]) = 0;
  end for;
  for i in 2:3, j in 2:3 loop
    der(z[i, j]) = z[i - 1, j - 1] - z[i, j];
  end for;
  for i in {1, 4}, j in 2:3 loop
    der(z[i, j]) = 0;
  end for;
end CascadedFirstOrder;
)") == "x[1] 2:5/5 @2 #4; z[1,1] 2:3/4 2:3/3 @10 #4");
}
