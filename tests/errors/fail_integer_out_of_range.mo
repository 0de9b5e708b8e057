// RUN: mocc simulate %s -o integer_range_res.csv
// integer() of a value known only at run time that is outside the range of
// Integer stops the run (exit code 3), as a NaN does: the result held 1e300
// in an Integer column with exit code 0. No result file is left behind.
model IntegerOutOfRange
  Real x = 1e300 * time;
  Integer i = integer(x);
end IntegerOutOfRange;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: simulation failed at time t = 0.002: the Integer `i` is 2e+297, outside the range of Integer (-2147483648 to 2147483647)
