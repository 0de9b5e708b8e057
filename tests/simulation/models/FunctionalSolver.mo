// Functional arguments (MLS 12.4.2) to functions that cannot be inlined
// (their while-loops need compiling): each call is specialized on the
// function passed, and the inputs a partial application binds are hidden
// inputs of the specialization, evaluated at the call.
model FunctionalSolver
  partial function Residual
    input Real u;
    output Real y;
  end Residual;

  function bisect "A root of f in [a, b], f(a) and f(b) of opposite signs"
    input Residual f;
    input Real a;
    input Real b;
    input Real tolerance = 1e-12;
    output Real u;
  protected
    Real lo = a;
    Real hi = b;
    Real flo;
    Real m;
    Real fm;
  algorithm
    flo := f(lo);
    while hi - lo > tolerance loop
      m := (lo + hi) / 2;
      fm := f(m);
      if flo * fm <= 0 then
        hi := m;
      else
        lo := m;
        flo := fm;
      end if;
    end while;
    u := (lo + hi) / 2;
  end bisect;

  function cubic "u^3 + p*u - q"
    extends Residual;
    input Real p;
    input Real q;
  algorithm
    y := u ^ 3 + p * u - q;
  end cubic;

  function square "u^2 - c"
    extends Residual;
    input Real c;
  algorithm
    y := u * u - c;
  end square;

  record Coefficients
    Real a;
    Real b;
  end Coefficients;

  function quadratic "c.a*u^2 - c.b: a record bound by the partial application"
    extends Residual;
    input Coefficients c;
  algorithm
    y := c.a * u * u - c.b;
  end quadratic;

  function offset "g(u) - k"
    extends Residual;
    input Residual g;
    input Real k;
  algorithm
    y := g(u) - k;
  end offset;

  function solveFor "The u in [a, b] where g(u) = k: passes g on to bisect,
    partially applied again"
    input Residual g;
    input Real k;
    input Real a;
    input Real b;
    output Real u;
  protected
    Integer tries = 0;
  algorithm
    u := a;
    while tries < 1 loop
      u := bisect(function offset(g = g, k = k), a, b);
      tries := tries + 1;
    end while;
  end solveFor;

  Real x = bisect(function cubic(p = 1, q = 2 + time), 0, 10) "x^3 + x = 2 + t";
  Real y = bisect(function square(c = 1 + time), 0, 10) "sqrt(1 + t)";
  Real z = bisect(function square(c = 4 + time), 0, 10) "sqrt(4 + t), the same specialization";
  Real q = bisect(function quadratic(c = Coefficients(2, 8 + time)), 0, 10) "sqrt((8 + t)/2)";
  Real n = solveFor(function square(c = time), 3, 0, 10) "sqrt(3 + t)";
  Real m = solveFor(function cubic(p = 2, q = 1), time, -10, 10) "u^3 + 2u - 1 = t";
end FunctionalSolver;
