// RUN: mocc check %s
// An outer component and its inner one of different numbers of dimensions;
// an outer component modified from outside.
model InnerOuterDims
  model Sub
    outer Real g[2];
  end Sub;
  inner Real g = 1;
  Sub s;
  model Sub2
    outer Real h;
  end Sub2;
  inner Real h = 2;
  Sub2 s2(h = 3);
end InnerOuterDims;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_inner_outer_dims.mo:6:16: error: the outer component `g` and its inner component `g` have different numbers of dimensions (1 and 0)
// CHECK:STDERR:     outer Real g[2];
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_inner_outer_dims.mo:8:14: note: the inner declaration
// CHECK:STDERR:   inner Real g = 1;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_inner_outer_dims.mo:14:11: error: the outer component `h` cannot be modified
// CHECK:STDERR:   Sub2 s2(h = 3);
// CHECK:STDERR:           ^~~~~
