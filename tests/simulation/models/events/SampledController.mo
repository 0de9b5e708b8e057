// A first-order plant under a proportional controller sampled every 0.1 s:
// the control signal is held between the samples.
model SampledController
  parameter Real k = 2 "controller gain";
  parameter Real r = 1 "set point";
  Real x(start = 1.5, fixed = true);
  discrete Real u(start = 0, fixed = true);
  Integer n(start = 0, fixed = true) "samples taken";
equation
  der(x) = -x + u;
  when sample(0, 0.1) then
    u = k * (r - x);
    n = pre(n) + 1;
  end when;
  annotation(experiment(StopTime = 1, Tolerance = 1e-10));
end SampledController;
