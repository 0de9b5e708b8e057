// RUN: mocc check %s
// Composite names look inside packages (or classes that only hold classes
// and constants), or at encapsulated classes, never inside partial classes
// (MLS 5.3.2); functions are found through scalar components.
model NameLookup
  partial package P
    constant Real x = 1;
  end P;
  model A
    Real y = 2;
    model B
      Real z = 3;
    end B;
    function f
      input Real u;
      output Real v = u;
    algorithm
    end f;
  end A;
  A a[2];
  Real r = P.x;
  A.B ab;
  Real s = a.f(1);
end NameLookup;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_name_lookup.mo:22:3: error: `B` is looked up inside the model `NameLookup.A`, which is not a package; only its encapsulated classes can be
// CHECK:STDERR:   A.B ab;
// CHECK:STDERR:   ^~~
// CHECK:STDERR: fail_name_lookup.mo:21:14: error: `x` is looked up inside the partial class `NameLookup.P`; a name cannot be looked up inside a partial class
// CHECK:STDERR:   Real r = P.x;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_name_lookup.mo:23:12: error: the function `f` cannot be looked up through `a`, an array of components
// CHECK:STDERR:   Real s = a.f(1);
// CHECK:STDERR:            ^
