model NotInitial "when not initial(): fires at the event after initialization, not in it (MLS 8.6)"
  Boolean close(fixed = true);
  Boolean started(start = false, fixed = true);
  Real x(start = 3, fixed = true);
equation
  when not initial() then
    x = 6;
  end when;
  when {initial()} then
    started = true;
  end when;
  when x >= 5 then
    close = true;
  elsewhen x >= 4 then
    close = false;
  end when;
end NotInitial;
