model HeldNextEvent "a time relation with a discrete operand that ends at DBL_MAX (the MSL's CombiTimeTable after its last event), and assert(false) in a branch taken at run time (the MSL's RealFFT at terminal())"
  discrete Real next(start = 0.5, fixed = true);
  Integer n(start = 0, fixed = true);
algorithm
  when time >= pre(next) then
    n := pre(n) + 1;
    next := if n < 2 then pre(next) + 0.5 else 1.7976931348623157e308;
  end when;
  when terminal() then
    if n < 2 then
      assert(false, "too few events: " + String(n));
    end if;
  end when;
  annotation(experiment(StopTime = 2));
end HeldNextEvent;
