// The derivatives of a variable that an if-equation gives (as in
// Modelica.Blocks.Sources.KinematicPTP2): index reduction must differentiate
// the row of s, and never match a Real to the Boolean row of fast, whose
// derivative is 0 = 0. s = t^2 (fast) or 2t - 1 ... as the branches say.
model BooleanRowDerivative
  parameter Real a = 2;
  Real c;
  Real k;
  Real te;
  Boolean fast;
  Real s;
  Real sd;
  Real sdd;
equation
  c = abs(a);
  if c <= 1e-10 then
    k = 0;
    te = 0;
    fast = false;
    s = 0;
  else
    k = c/2;
    te = 1/k;
    fast = te >= k;
    if fast and time < te then
      s = k*time^2;
    else
      s = k*te^2 + 2*k*te*(time - te);
    end if;
  end if;
  sd = der(s);
  sdd = der(sd);
  annotation(experiment(StopTime = 2, Tolerance = 1e-8));
end BooleanRowDerivative;
