// RUN: mocc flatten %s
// A chain of `redeclare model extends` in the packages a medium extends: each
// keeps the class it extends, seen as an element of the package that uses it
// (its constant n is the package's; MLS 7.3.1, 5.3.1).
package PM
  constant Integer n = 1;
  replaceable partial model BaseProperties
    parameter Boolean pref = false;
    Real v[n];
  end BaseProperties;
end PM;
package PS
  extends PM;
  redeclare replaceable partial model extends BaseProperties(final pref = true)
  end BaseProperties;
end PS;
package PS2
  extends PS;
  redeclare model extends BaseProperties
    Real w = if pref then 1 else 2;
  equation
    v = fill(w, n);
  end BaseProperties;
end PS2;
package W
  extends PS2(n = 2);
end W;
model M
  replaceable package Medium = PM;
  Medium.BaseProperties b;
end M;
model M2
  extends M(redeclare package Medium = W);
end M2;

// CHECK:STDOUT: class M2
// CHECK:STDOUT:   parameter Boolean b.pref = true;
// CHECK:STDOUT:   Real b.v[1];
// CHECK:STDOUT:   Real b.v[2];
// CHECK:STDOUT:   Real b.w;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   b.w = 1;
// CHECK:STDOUT:   b.v[1] = b.w;
// CHECK:STDOUT:   b.v[2] = b.w;
// CHECK:STDOUT: end M2;
