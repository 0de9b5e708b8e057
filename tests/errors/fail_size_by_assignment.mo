// RUN: mocc check %s
// Arrays of functions declared with `:` take their sizes from their first
// assignment as a whole only when nothing else needs them (MLS 12.4.5): a
// later assignment of other sizes, a read before it, and an assignment to
// elements first are not supported yet, one function each.
model SizeByAssignment
  function resized
    input Real u;
    output Real y;
  protected
    Real X[:];
  algorithm
    X := {u, u};
    X := {u, u, u};
    y := X[1];
  end resized;
  function readFirst
    input Real u;
    output Real y;
  protected
    Real X[:];
  algorithm
    y := size(X, 1);
    X := {u};
  end readFirst;
  function elementsFirst
    input Real u;
    output Real y;
  protected
    Real X[:];
  algorithm
    X[1] := u;
    X := {u};
    y := X[1];
  end elementsFirst;
  Real a = resized(time);
  Real b = readFirst(time);
  Real c = elementsFirst(time);
end SizeByAssignment;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_size_by_assignment.mo:14:5: error: `X` has `:` and gets its size from an assignment while the function runs (MLS 12.4.5): that is not supported yet (every array of a compiled function has a size known while translating)
// CHECK:STDERR:     X := {u, u, u};
// CHECK:STDERR:     ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_size_by_assignment.mo:23:15: error: `X` has `:` and gets its size from an assignment while the function runs (MLS 12.4.5): that is not supported yet (every array of a compiled function has a size known while translating)
// CHECK:STDERR:     y := size(X, 1);
// CHECK:STDERR:               ^
// CHECK:STDERR: fail_size_by_assignment.mo:32:5: error: `X` has `:` and gets its size from an assignment while the function runs (MLS 12.4.5): that is not supported yet (every array of a compiled function has a size known while translating)
// CHECK:STDERR:     X[1] := u;
// CHECK:STDERR:     ^~~~~~~~~
