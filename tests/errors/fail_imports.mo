// RUN: mocc check %s
// Import clauses import public elements of packages, and two qualified
// imports do not share a name (MLS 13.2).
model Imports
  encapsulated package P
    constant Real x = 1;
  protected
    constant Real hidden = 2;
  end P;
  encapsulated package Q
    constant Real x = 3;
  end Q;
  encapsulated model M
    model Inner
      Real i = 1;
    end Inner;
  end M;
  model A
    import Imports.P.x;
    import x = Imports.Q.x;
    import Imports.P.hidden;
    import Imports.M.Inner;
    Real y = x + hidden;
  end A;
  A a;
end Imports;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_imports.mo:20:16: error: two imports introduce the name `x`
// CHECK:STDERR:     import x = Imports.Q.x;
// CHECK:STDERR:                ^~~~~~~~~~~
// CHECK:STDERR: fail_imports.mo:19:12: note: the other import
// CHECK:STDERR:     import Imports.P.x;
// CHECK:STDERR:            ^~~~~~~~~~~
// CHECK:STDERR: fail_imports.mo:21:12: error: `hidden` is a protected element of `Imports.P` and cannot be imported
// CHECK:STDERR:     import Imports.P.hidden;
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_imports.mo:22:12: error: one can only import from packages, and `Imports.M` is a model
// CHECK:STDERR:     import Imports.M.Inner;
// CHECK:STDERR:            ^~~~~~~~~~~~~~~
