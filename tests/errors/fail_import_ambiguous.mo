// RUN: mocc check %s
// A name found in two unqualified imports is ambiguous (MLS 5.3.1).
model ImportAmbiguous
  encapsulated package P
    constant Real x = 1;
  end P;
  encapsulated package Q
    constant Real x = 3;
  end Q;
  model B
    import ImportAmbiguous.P.*;
    import ImportAmbiguous.Q.*;
    Real y = x;
  end B;
  B b;
end ImportAmbiguous;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_import_ambiguous.mo:12:12: error: `x` is found in two unqualified imports
// CHECK:STDERR:     import ImportAmbiguous.Q.*;
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_import_ambiguous.mo:11:12: note: the other import
// CHECK:STDERR:     import ImportAmbiguous.P.*;
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~
