// RUN: mocc flatten %s
model UnknownClass
  Reel x;
  Modelica.Units.SI.Lenght y;
end UnknownClass;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_unknown_class.mo:3:3: error: use of undeclared class `Reel`
// CHECK:STDERR:   Reel x;
// CHECK:STDERR:   ^~~~
// CHECK:STDERR: fail_unknown_class.mo:4:3: error: class `Modelica.Units.SI` has no class named `Lenght`; did you mean `Length`?
// CHECK:STDERR:   Modelica.Units.SI.Lenght y;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~
