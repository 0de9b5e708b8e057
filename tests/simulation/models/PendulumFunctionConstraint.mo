model PendulumFunctionConstraint "the Cartesian pendulum whose rod length is computed by a function that is not inlined: index reduction differentiates the call twice"
  function distance "compiled, not inlined: a loop over the coordinates"
    input Real p[:];
    output Real d;
  protected
    Real s = 0;
  algorithm
    for i in 1:size(p, 1) loop
      s := s + p[i]^2;
    end for;
    d := sqrt(s);
  end distance;
  parameter Real L = 0.5;
  parameter Real g = 9.81;
  parameter Real phi0 = 0.5235987755982988 "30 degrees";
  Real x(start = L * sin(phi0), fixed = true, stateSelect = StateSelect.prefer);
  Real y(start = -L * cos(phi0));
  Real vx(start = 0, fixed = true, stateSelect = StateSelect.prefer);
  Real vy;
  Real F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x;
  der(vy) = -F * y - g;
  distance({x, y}) = L;
  annotation(experiment(StopTime = 3, Tolerance = 1e-8));
end PendulumFunctionConstraint;
