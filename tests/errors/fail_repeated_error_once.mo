// RUN: mocc check %s
// An error in a class that the model instantiates three times is printed
// once (it was printed for each instance), and the run still fails.
model RepeatedErrorOnce
  model Part
    Real x;
  equation
    x = undefinedName;
  end Part;
  Part a, b, c;
end RepeatedErrorOnce;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_repeated_error_once.mo:8:9: error: use of undeclared identifier `undefinedName`
// CHECK:STDERR:     x = undefinedName;
// CHECK:STDERR:         ^~~~~~~~~~~~~
