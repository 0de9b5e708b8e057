// RUN: mocc check %s
// An outer component has no modification, and its inner component is of
// the same type and dimensions, not partial (MLS 5.4).
model InnerOuter
  partial record R
    Integer i;
  end R;
  model A
    outer parameter Real p = 2;
    outer Integer k;
    outer Real v[6];
    outer R r;
  end A;
  inner parameter Real p = 1;
  inner Real k = 1;
  inner Real v[10] = fill(1, 10);
  inner R r = R(1);
  A a;
end InnerOuter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_inner_outer.mo:17:11: error: `r` is an instance of the partial class `InnerOuter.R`
// CHECK:STDERR:   inner R r = R(1);
// CHECK:STDERR:           ^
// CHECK:STDERR: fail_inner_outer.mo:9:28: error: the outer component `p` cannot have a modification
// CHECK:STDERR:     outer parameter Real p = 2;
// CHECK:STDERR:                            ^~~
// CHECK:STDERR: fail_inner_outer.mo:10:19: error: the outer component `k` and its inner component `k` are of different types (`Integer` and `Real`)
// CHECK:STDERR:     outer Integer k;
// CHECK:STDERR:                   ^
// CHECK:STDERR: fail_inner_outer.mo:15:14: note: the inner declaration
// CHECK:STDERR:   inner Real k = 1;
// CHECK:STDERR:              ^
// CHECK:STDERR: fail_inner_outer.mo:11:16: error: the outer component `v` and its inner component `v` have different sizes in dimension 1 (6 and 10)
// CHECK:STDERR:     outer Real v[6];
// CHECK:STDERR:                ^
// CHECK:STDERR: fail_inner_outer.mo:16:14: note: the inner declaration
// CHECK:STDERR:   inner Real v[10] = fill(1, 10);
// CHECK:STDERR:              ^
