// RUN: mocc simulate %s
model Index2 "a pendulum in Cartesian coordinates: structurally singular before index reduction"
  parameter Real L = 1, g = 9.81;
  Real x(start = 1), y, vx, vy, F;
equation
  der(x) = vx;
  der(y) = vy;
  der(vx) = -F * x / L;
  der(vy) = -F * y / L - g;
  x^2 + y^2 = L^2;
end Index2;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_index2.mo:2:7: error: the model is structurally singular: 1 equation determines only 0 variables
// CHECK:STDERR: model Index2 "a pendulum in Cartesian coordinates: structurally singular before index reduction"
// CHECK:STDERR:       ^~~~~~
// CHECK:STDERR: fail_index2.mo:10:3: note: equation `x^2 + y^2 = L^2`
// CHECK:STDERR:   x^2 + y^2 = L^2;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~
// CHECK:STDERR: fail_index2.mo:2:7: error: the model is structurally singular: 3 variables appear in only 2 equations
// CHECK:STDERR: model Index2 "a pendulum in Cartesian coordinates: structurally singular before index reduction"
// CHECK:STDERR:       ^~~~~~
// CHECK:STDERR: fail_index2.mo:4:33: note: variable `F`
// CHECK:STDERR:   Real x(start = 1), y, vx, vy, F;
// CHECK:STDERR:                                 ^
// CHECK:STDERR: fail_index2.mo:4:25: note: variable `der(vx)`
// CHECK:STDERR:   Real x(start = 1), y, vx, vy, F;
// CHECK:STDERR:                         ^~
// CHECK:STDERR: fail_index2.mo:4:29: note: variable `der(vy)`
// CHECK:STDERR:   Real x(start = 1), y, vx, vy, F;
// CHECK:STDERR:                             ^~
// CHECK:STDERR: fail_index2.mo:8:3: note: equation `der(vx) = -F * x / L`
// CHECK:STDERR:   der(vx) = -F * x / L;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_index2.mo:9:3: note: equation `der(vy) = -F * y / L - g`
// CHECK:STDERR:   der(vy) = -F * y / L - g;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~
