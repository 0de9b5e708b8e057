// RUN: mocc flatten %s
model Modifier
  model Part
    parameter Real k = 1;
  end Part;
  Part p(kk = 2);
  Real x(startt = 1);
end Modifier;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_modifier.mo:6:10: error: modifier `kk` does not name an element of `Modifier.Part`
// CHECK:STDERR:   Part p(kk = 2);
// CHECK:STDERR:          ^~~~~~
// CHECK:STDERR: fail_modifier.mo:7:10: error: `startt` is not an attribute of `Real`
// CHECK:STDERR:   Real x(startt = 1);
// CHECK:STDERR:          ^~~~~~~~~~
