// Runs as long as its stop time asks: the forcing keeps IDA at about 50
// steps per period, however long it runs (measured: 1e5 time units take
// 0.8 s of CPU, so the stop time 1e9 of the signal cases is hours). With
// `--interval 100` a few hundred steps lie between two output points.
model Busy
  Real x(start = 0, fixed = true);
equation
  der(x) = cos(time);
end Busy;
