// RUN: mocc flatten %s
model Break "extends with `break`: an inherited element and connection removed (MLS 7.4)"
  connector C
    Real e;
  end C;
  model Base
    C a, b;
    Real unwanted = 1;
  equation
    connect(a, b);
  end Base;
  extends Base(break unwanted, break connect(a, b));
equation
  a.e = 1;
  b.e = 2;
end Break;

// CHECK:STDOUT: class Break
// CHECK:STDOUT:   Real a.e;
// CHECK:STDOUT:   Real b.e;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a.e = 1;
// CHECK:STDOUT:   b.e = 2;
// CHECK:STDOUT: end Break;
