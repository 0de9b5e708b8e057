// RUN: mocc flatten --emit=index-reduced %s
model AliasStates "two differentiated variables that are aliases (a block's output into Der): one is kept with its derivative, no index reduction"
  Real x(start = 1, fixed = true) "integrated";
  Real u "the input of a differentiating block";
  Real y "its output";
equation
  der(x) = -x;
  u = -x;
  y = der(u);
end AliasStates;

// CHECK:STDOUT: class AliasStates
// CHECK:STDOUT:   Real x(start = 1, fixed = true) "integrated";
// CHECK:STDOUT:   Real u "the input of a differentiating block";
// CHECK:STDOUT:   Real y "its output";
// CHECK:STDOUT:   // index reduction: 2 alias variable(s) removed, 0 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   u = -x
// CHECK:STDOUT:   //   der(u) = -der(x)
// CHECK:STDOUT:   // states: x
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): none
// CHECK:STDOUT: equation
// CHECK:STDOUT:   der(x) = -x;
// CHECK:STDOUT:   y = -der(x);
// CHECK:STDOUT: end AliasStates;
