// RUN: mocc flatten %s
model InlineBindings "inlined functions whose outputs are given by declaration bindings (the MSL's anyTrue), and min/max of Boolean and Integer arrays"
  function anyTrue
    input Boolean b[:];
    output Boolean result = size(b, 1) > 0 and max(b);
  algorithm
    annotation(Inline = true);
  end anyTrue;
  function total
    input Real x[:];
    output Real s = sum(x);
    annotation(Inline = true);
  end total;
  Boolean b[2] = {false, time > 0.5};
  Boolean any = anyTrue(b) "b[2], not false";
  Boolean all = min(b);
  Integer most = max({1, 3, 2});
  Integer least = min(2, 1);
  Real s = total({1, time});
end InlineBindings;

// CHECK:STDOUT: class InlineBindings
// CHECK:STDOUT:   Boolean b[1];
// CHECK:STDOUT:   Boolean b[2];
// CHECK:STDOUT:   Boolean any "b[2], not false";
// CHECK:STDOUT:   Boolean all;
// CHECK:STDOUT:   Integer most;
// CHECK:STDOUT:   Integer least;
// CHECK:STDOUT:   Real s;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   b[1] = 0;
// CHECK:STDOUT:   b[2] = time > 0.5;
// CHECK:STDOUT:   any = max(b[1], b[2]);
// CHECK:STDOUT:   all = min(b[1], b[2]);
// CHECK:STDOUT:   most = 3;
// CHECK:STDOUT:   least = 1;
// CHECK:STDOUT:   s = 1 + time;
// CHECK:STDOUT: end InlineBindings;
