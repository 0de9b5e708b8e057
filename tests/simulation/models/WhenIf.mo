// An if-equation with conditions that vary, inside a when-equation: each
// variable a branch assigns is assigned when the clause fires, from the
// branch whose condition holds; a branch that does not assign it keeps its
// value (MLS 8.3.5).
model WhenIf
  discrete Real a(start = 0, fixed = true);
  discrete Real b(start = -1, fixed = true);
  discrete Integer ticks(start = 0, fixed = true);
equation
  when sample(0.25, 0.25) then
    ticks = pre(ticks) + 1;
    if time < 0.6 then
      a = 10 * time;
      b = 1;
    elseif time < 0.8 then
      b = 2; // a keeps its value
    else
      b = a; // an equation: the new value of a
      a = -time;
    end if;
  end when;
  annotation(experiment(StopTime = 1.1, Interval = 0.05));
end WhenIf;
