// RUN: mocc simulate %s -o empty_dimension_res.csv --stop-time 3
// A subscript known only at run time into an array with a dimension of size
// 0 (the MSL's Xi of a medium without independent mass fractions, under a
// branch that is not taken) translated with a division by zero: mocc ended
// by SIGFPE. It runs now, and the subscript is out of bounds when the branch
// is taken.
model EmptyDimension
  Real x[0];
  Real z[2, 0];
  Integer i = integer(1 + time);
  Real y = if time > 2 then x[i] + z[1, i] else 0;
end EmptyDimension;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: simulation failed at time t = 2: index 3 out of bounds for `x` of size 0 (at fail_subscript_empty_dimension.mo:11:29)
