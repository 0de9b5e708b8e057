// RUN: mocc flatten %s
model AlgorithmWhens "two when-statements of one algorithm assign `on`: one when-clause, the later statement's branch first (it wins when both fire)"
  Boolean on(start = false, fixed = true);
  Boolean set = time > 0.5;
  Boolean reset = time > 0.7;
algorithm
  when reset then
    on := false;
  end when;
  when set then
    on := true;
  end when;
end AlgorithmWhens;

// CHECK:STDOUT: class AlgorithmWhens
// CHECK:STDOUT:   Boolean on(start = 0, fixed = true);
// CHECK:STDOUT:   Boolean set;
// CHECK:STDOUT:   Boolean reset;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   set = time > 0.5;
// CHECK:STDOUT:   reset = time > 0.7;
// CHECK:STDOUT:   when set then
// CHECK:STDOUT:     on = 1;
// CHECK:STDOUT:   elsewhen reset then
// CHECK:STDOUT:     on = 0;
// CHECK:STDOUT:   end when;
// CHECK:STDOUT: end AlgorithmWhens;
