// Sliding mode: at x = 0 the sign of der(x) flips at every event and the
// events come ever faster (Zeno-like chattering).
model Chattering
  Real x(start = 1, fixed = true);
equation
  der(x) = if x > 0 then -1 else 1;
  annotation(experiment(StopTime = 2));
end Chattering;
