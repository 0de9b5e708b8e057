// RUN: mocc flatten %s
// A non-replaceable element redeclared with its own type, to give its
// dimensions (MLS 7.3.4); its binding is kept (modifiers merge).
model RedeclareSameType
  model A
    Real x[:, :] = ones(size(x, 1), size(x, 2));
  end A;
  A a(redeclare Real x[2, 2]);
end RedeclareSameType;

// CHECK:STDOUT: class RedeclareSameType
// CHECK:STDOUT:   Real a.x[1,1];
// CHECK:STDOUT:   Real a.x[1,2];
// CHECK:STDOUT:   Real a.x[2,1];
// CHECK:STDOUT:   Real a.x[2,2];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a.x[1,1] = 1;
// CHECK:STDOUT:   a.x[1,2] = 1;
// CHECK:STDOUT:   a.x[2,1] = 1;
// CHECK:STDOUT:   a.x[2,2] = 1;
// CHECK:STDOUT: end RedeclareSameType;
