model Hybrid
  type Mode = enumeration(Off, On);
  record Pair Real a; Real b = 2*a; end Pair;
  function clip
    input Real x;
    input Real lo = 0;
    output Real y;
  algorithm
    y := if x < lo then lo else x;
    for i in 1:3 loop
      y := y + 0*i;
    end for;
  end clip;
  parameter Pair p(a = 1);
  parameter Real k[2, 2] = [1, 2; 3, 4];
  Real x(start = 1, fixed = true);
  Real y[2];
  discrete Integer count(start = 0);
  Mode mode(start = Mode.Off);
  Boolean b;
initial equation
  pre(b) = false;
equation
  der(x) = -p.b * clip(x - 0.5) + (if mode == Mode.On then 1 else 0);
  y = k * {x, 2*x};
  b = x < 0.7;
  when edge(b) then
    count = pre(count) + 1;
    mode = Mode.On;
    reinit(x, 1);
  elsewhen sample(0.5, 0.5) then
    count = pre(count);
    mode = pre(mode);
  end when;
  assert(count < 100, "too many events");
end Hybrid;
