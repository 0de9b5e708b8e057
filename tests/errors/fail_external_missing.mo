// RUN: mocc simulate %s -o -
model ExternalMissing "a C function that neither the process nor a library defines"
  function f
    input Real x;
    output Real y;
  external "C" y = mocc_test_no_such_function(x) annotation(Library = "mocc_test_no_such_library");
  end f;
  Real y = f(time);
end ExternalMissing;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_missing.mo:6:3: error: the C function `mocc_test_no_such_function` of the external function `ExternalMissing.f` was not found in the process or in the libraries `mocc_test_no_such_library` (not found: libmocc_test_no_such_library.so/.a in ./Resources/Library ./Resources/Library/linux64; no build description names it and no C file is in ./Resources/Source; the system has no libmocc_test_no_such_library.so)
// CHECK:STDERR:   external "C" y = mocc_test_no_such_function(x) annotation(Library = "mocc_test_no_such_library");
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
