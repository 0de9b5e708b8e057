// An adaptive Simpson quadrature whose recursive calls pass their functional
// input on (MLS 12.4.2), and a quadrature of a quadrature: the integrand of
// the outer one calls the quadrature again with a function bound to its own
// argument.
model RecursiveQuadrature
  partial function Integrand
    input Real x;
    output Real y;
  end Integrand;

  function wave "sin(w x)"
    extends Integrand;
    input Real w;
  algorithm
    y := sin(w * x);
  end wave;

  function parabola "c x^2"
    extends Integrand;
    input Real c;
  algorithm
    y := c * x ^ 2;
  end parabola;

  function area "The integral of parabola(c = x) on [0, 1], that is x / 3"
    extends Integrand;
  algorithm
    y := integrate(function parabola(c = x), 0, 1, 1e-12);
  end area;

  function step "Adaptive Simpson rule on [a, b], given the rule on the whole"
    input Integrand f;
    input Real a;
    input Real b;
    input Real whole;
    input Real tolerance;
    output Real integral;
  protected
    Real m = (a + b) / 2;
    Real left;
    Real right;
  algorithm
    left := (m - a) / 6 * (f(a) + 4 * f((a + m) / 2) + f(m));
    right := (b - m) / 6 * (f(m) + 4 * f((m + b) / 2) + f(b));
    if abs(left + right - whole) <= 15 * tolerance or b - a < 1e-9 then
      integral := left + right + (left + right - whole) / 15;
    else
      integral := step(f, a, m, left, tolerance / 2) + step(f, m, b, right, tolerance / 2);
    end if;
  end step;

  function integrate
    input Integrand f;
    input Real a;
    input Real b;
    input Real tolerance;
    output Real integral;
  algorithm
    integral := step(f, a, b, (b - a) / 6 * (f(a) + 4 * f((a + b) / 2) + f(b)), tolerance);
  end integrate;

  Real I = integrate(function wave(w = 5), 0, time + 1, 1e-12);
  Real J = integrate(function area(), 0, time + 1, 1e-12);
end RecursiveQuadrature;
