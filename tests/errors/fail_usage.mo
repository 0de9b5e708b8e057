// RUN: mocc simulate %s --stop-time abc
model Usage
  Real x = 1;
end Usage;

// CHECK:EXIT: 2
// CHECK:STDERR: mocc: error: `--stop-time`: `abc` is not a number
// CHECK:STDERR: (run `mocc --help` for usage)
