// RUN: mocc flatten %s
model Functions "functions: inlined (Inline = true) or compiled per argument shape; several outputs; loops"
  function scale "inlined"
    input Real v[:];
    input Real k = 2;
    output Real w[size(v, 1)];
  algorithm
    w := k * v;
    annotation(Inline = true);
  end scale;
  function norm "compiled: a loop over the elements"
    input Real v[:];
    output Real r = 0;
  algorithm
    for i in 1:size(v, 1) loop
      r := r + v[i]^2;
    end for;
    r := sqrt(r);
  end norm;
  function polar "two outputs"
    input Real x;
    input Real y;
    output Real r;
    output Real phi;
  algorithm
    r := sqrt(x^2 + y^2);
    phi := atan2(y, x);
  end polar;
  Real a[2] = scale({time, 1});
  Real n = norm(a) + norm({1, 2, 3});
  Real r, phi;
equation
  (r, phi) = polar(a[1], a[2]);
end Functions;

// CHECK:STDOUT: function Functions.norm "mocc_f0_Functions_norm"
// CHECK:STDOUT:   input Real v[2];
// CHECK:STDOUT:   output Real r;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   r := 0;
// CHECK:STDOUT:   r := r + v[1]^2;
// CHECK:STDOUT:   r := r + v[2]^2;
// CHECK:STDOUT:   r := sqrt(r);
// CHECK:STDOUT: end Functions.norm;
// CHECK:STDOUT:
// CHECK:STDOUT: function Functions.norm "mocc_f1_Functions_norm"
// CHECK:STDOUT:   input Real v[3];
// CHECK:STDOUT:   output Real r;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   r := 0;
// CHECK:STDOUT:   r := r + v[1]^2;
// CHECK:STDOUT:   r := r + v[2]^2;
// CHECK:STDOUT:   r := r + v[3]^2;
// CHECK:STDOUT:   r := sqrt(r);
// CHECK:STDOUT: end Functions.norm;
// CHECK:STDOUT:
// CHECK:STDOUT: function Functions.polar "mocc_f2_Functions_polar"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   input Real y;
// CHECK:STDOUT:   output Real r;
// CHECK:STDOUT:   output Real phi;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   r := sqrt(x^2 + y^2);
// CHECK:STDOUT:   phi := atan2(y, x);
// CHECK:STDOUT: end Functions.polar;
// CHECK:STDOUT:
// CHECK:STDOUT: class Functions
// CHECK:STDOUT:   Real a[1];
// CHECK:STDOUT:   Real a[2];
// CHECK:STDOUT:   Real n;
// CHECK:STDOUT:   Real r;
// CHECK:STDOUT:   Real phi;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   a[1] = 2 * time;
// CHECK:STDOUT:   a[2] = 2;
// CHECK:STDOUT:   n = Functions.norm(a[1], a[2]) + Functions.norm(1, 2, 3);
// CHECK:STDOUT:   r = Functions.polar(a[1], a[2]);
// CHECK:STDOUT:   phi = (Functions.polar(a[1], a[2]))[2];
// CHECK:STDOUT: end Functions;
