// Never gets past its first call of `forever`, during initialization, after
// the result file was opened: generated code that a stop request cannot
// interrupt (only a second signal or the grace period ends it).
model Stuck
  function forever
    input Real u;
    output Real y;
  algorithm
    y := abs(u);
    while y >= 0 loop
      y := y + 1;
    end while;
  end forever;
  Real x(start = 0, fixed = true);
equation
  der(x) = forever(time);
end Stuck;
