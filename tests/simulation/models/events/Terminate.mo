// terminate() ends the run successfully where x = exp(-t) reaches 0.25.
model Terminate
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  when x < 0.25 then
    terminate("x reached 0.25");
  end when;
  annotation(experiment(StopTime = 5, Tolerance = 1e-10));
end Terminate;
