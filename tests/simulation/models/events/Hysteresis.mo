// A thermostat: heat until 22 degrees, cool down to 18, heat again.
model Hysteresis
  Real T(start = 20, fixed = true);
  Boolean heating(start = true, fixed = true);
  Integer switches(start = 0, fixed = true);
equation
  der(T) = if heating then 2 else -1;
  when T > 22 then
    heating = false;
  elsewhen T < 18 then
    heating = true;
  end when;
  when change(heating) then
    switches = pre(switches) + 1;
  end when;
  annotation(experiment(StopTime = 20));
end Hysteresis;
