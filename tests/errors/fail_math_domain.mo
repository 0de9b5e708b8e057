// RUN: mocc check %s
// Constant arguments outside the domain of a mathematical function
// (MLS 3.7.3), and Boolean arguments of numeric functions.
model MathDomain
  Real r1 = sqrt(-25);
  Real r2 = acos(2);
  Real r3 = log(0);
  Boolean b = true;
  Real r4 = abs(b);
end MathDomain;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_math_domain.mo:5:13: error: the argument of `sqrt` is -25, outside its domain: it must not be negative
// CHECK:STDERR:   Real r1 = sqrt(-25);
// CHECK:STDERR:             ^~~~~~~~~
// CHECK:STDERR: fail_math_domain.mo:6:13: error: the argument of `acos` is 2, outside its domain: it must be in [-1, 1]
// CHECK:STDERR:   Real r2 = acos(2);
// CHECK:STDERR:             ^~~~~~~
// CHECK:STDERR: fail_math_domain.mo:7:13: error: the argument of `log` is 0, outside its domain: it must be positive
// CHECK:STDERR:   Real r3 = log(0);
// CHECK:STDERR:             ^~~~~~
// CHECK:STDERR: fail_math_domain.mo:9:13: error: `abs` needs Real or Integer arguments, not `Boolean`
// CHECK:STDERR:   Real r4 = abs(b);
// CHECK:STDERR:             ^~~~~~
