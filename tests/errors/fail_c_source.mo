// RUN: mocc simulate %s --lib libraries/BrokenCLib -o c_source_res.csv
model CSource "the C source of a library does not compile: the C file and line, then the function"
  Real y = BrokenCLib.f(time);
end CSource;

// CHECK:EXIT: 1
// CHECK:STDERR: libraries/BrokenCLib/Resources/C-Sources/broken.c:4:14: error: use of undeclared identifier 'z'
// CHECK:STDERR:   return y + z;
// CHECK:STDERR:              ^
// CHECK:STDERR: libraries/BrokenCLib/package.mo:6:3: note: the C source `libraries/BrokenCLib/Resources/C-Sources/broken.c` of the library `BrokenCLib` (listed in libraries/BrokenCLib/Resources/BuildProjects/gcc/Makefile) does not compile
// CHECK:STDERR:   external "C" y = broken_f(x) annotation(Library = "BrokenCLib");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
