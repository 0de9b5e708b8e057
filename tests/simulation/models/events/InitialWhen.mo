// initial() in a when-condition, an initial equation for a discrete
// variable, edge() and a time event.
model InitialWhen
  discrete Real a;
  discrete Real b(start = 3, fixed = true);
  Boolean late;
  Integer rises(start = 0, fixed = true);
  Real x(start = 0, fixed = true);
initial equation
  pre(a) = 5;
equation
  late = time >= 0.5;
  when initial() then
    b = 2 * pre(a);
  end when;
  when edge(late) then
    rises = pre(rises) + 1;
  end when;
  when late then
    a = pre(a) + 1;
  end when;
  der(x) = if late then b else a;
  annotation(experiment(StopTime = 1));
end InitialWhen;
