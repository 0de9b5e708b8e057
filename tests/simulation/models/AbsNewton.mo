// An unknown that starts at 0 inside abs(), solved by Newton's method: the
// shape of the MSL's Fluid.Dissipation correlations (Re = abs(m_flow) * c
// given Re). The tangent of abs at 0 is +1 (its right derivative), so
// Newton's matrix is not singular there; in a function body as well.
model AbsNewton
  function reynolds
    input Real m;
    input Real c;
    output Real Re;
  algorithm
    Re := abs(m) * c;
  end reynolds;
  Real m(start = 0) "abs(m) * 4 = 2 t: m = t / 2";
  Real n(start = 0) "reynolds(n, 3) = 3 t: n = t";
equation
  abs(m) * 4 = 2 * time;
  reynolds(n, 3) = 3 * time;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end AbsNewton;
