// RUN: mocc check %s
model AlgorithmWhens "two when-statements of one algorithm assign `n`, the second from its value"
  Integer n(start = 0, fixed = true);
algorithm
  when time > 0.5 then
    n := 1;
  end when;
  when time > 0.7 then
    n := n + 1;
  end when;
end AlgorithmWhens;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_algorithm_whens.mo:8:3: error: `n` is assigned in two when-statements of this algorithm, and this one does not give it a value of its own: not supported yet
// CHECK:STDERR:   when time > 0.7 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~
