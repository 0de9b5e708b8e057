// RUN: mocc check %s
// A for-equation whose body would run more often than a model can have
// variables is an error before its first run: with N = 64000 the 3-D grid
// of the benchmark (its T[N, N, N] refused as too large) unrolled its
// N^3 runs for hours. An error in one run of the body ends the unrolling.
// An array constructor or reduction with iterators is limited the same way
// (sum(i * j for i in 1:N, j in 1:N) ran for minutes and gigabytes).
model ForEquationTooLarge
  parameter Integer N = 64000;
  Real x[3];
  Real y[3];
  Real z = sum(i * j for i in 1:N, j in 1:N);
equation
  for i in 1:N, j in 1:N loop
    der(x[1]) = i * j;
  end for;
  for i in 1:3, j in 1:1000000 loop
    y[i + j] = 0;
  end for;
  x[2] = 0;
  x[3] = 0;
end ForEquationTooLarge;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_for_equation_too_large.mo:12:12: error: the iterators give 4.096e+09 elements, more than the 100000000 that translation supports
// CHECK:STDERR:   Real z = sum(i * j for i in 1:N, j in 1:N);
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_for_equation_too_large.mo:14:3: error: the for-equation runs its body 4.096e+09 times, more than the 100000000 that translation supports
// CHECK:STDERR:   for i in 1:N, j in 1:N loop
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_for_equation_too_large.mo:18:7: error: subscript 4 is out of bounds for `y` (dimension 1 has size 3)
// CHECK:STDERR:     y[i + j] = 0;
// CHECK:STDERR:       ^~~~~
