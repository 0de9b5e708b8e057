// The pattern of Modelica.Electrical.Digital's gates: y = pre(u) with u
// fixed at its start 1 while its equation gives 3, so y is 1 in the
// initialization and 3 after the first round of the event iteration at the
// start time. That iteration is not the initialization (initial() = 0
// there, MLS 3.7.3), so `change(y) and not initial()` fires at t = 0 and
// schedules tNext = 0.3, where yDelayed follows y, as Dymola's reference
// results of the Digital examples show. The when-branch enabled by
// initial() runs in the initialization only, with y = 1.
model InitialEventChange
  Integer u(start = 1, fixed = true);
  Integer y;
  Integer yDelayed(start = 1, fixed = true);
  Integer yAtInit(start = 0, fixed = true);
  Integer changes(start = 0, fixed = true);
  discrete Real tNext(start = -1, fixed = true);
equation
  u = 3;
  y = pre(u);
algorithm
  when {initial(), change(y) and not initial()} then
    if initial() then
      yAtInit := y;
    else
      changes := pre(changes) + 1;
      tNext := time + 0.3;
    end if;
  elsewhen time >= tNext then
    yDelayed := y;
  end when;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end InitialEventChange;
