within;
model FreeParameter "e, bound to the free n, is first computed from n's start value, not from zeros"
  function unit
    input Real v[3];
    output Real e[3];
  algorithm
    assert(v * v > 0, "v must not be zero");
    e := v / sqrt(v * v);
  end unit;
  parameter Real n[3](each fixed = false, start = {0, 0, 1});
  parameter Real e[3] = unit(n);
  Real x(start = 0, fixed = true);
initial equation
  n = {0, 2, 0};
equation
  der(x) = e[2];
end FreeParameter;
