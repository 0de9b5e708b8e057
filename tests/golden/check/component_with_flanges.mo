// RUN: mocc check %s
// A model with connectors of its own is a component: balanced, it passes
// the check, and that it cannot be simulated alone (its unconnected flows
// are zero, which fixes f twice and leaves the positions free) is a warning.
connector Flange
  Real s;
  flow Real f;
end Flange;

model Compliant
  Flange flange_a;
  Flange flange_b;
  Real s_rel;
  Real f;
equation
  s_rel = flange_b.s - flange_a.s;
  flange_b.f = f;
  flange_a.f = -f;
  f = 100*s_rel;
end Compliant;

// CHECK:STDOUT: Class Compliant has 6 equation(s) and 6 variable(s).
// CHECK:STDERR: component_with_flanges.mo:10:7: warning: the model is structurally singular: 4 equations determine only 3 variables
// CHECK:STDERR: model Compliant
// CHECK:STDERR:       ^~~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:17:3: note: equation `flange_b.f = f`
// CHECK:STDERR:   flange_b.f = f;
// CHECK:STDERR:   ^~~~~~~~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:18:3: note: equation `flange_a.f = -f`
// CHECK:STDERR:   flange_a.f = -f;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:11:10: note: equation `flange_a.f = 0`
// CHECK:STDERR:   Flange flange_a;
// CHECK:STDERR:          ^~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:12:10: note: equation `flange_b.f = 0`
// CHECK:STDERR:   Flange flange_b;
// CHECK:STDERR:          ^~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:7:13: note: variable `flange_a.f`
// CHECK:STDERR:   flow Real f;
// CHECK:STDERR:             ^
// CHECK:STDERR: component_with_flanges.mo:7:13: note: variable `flange_b.f`
// CHECK:STDERR:   flow Real f;
// CHECK:STDERR:             ^
// CHECK:STDERR: component_with_flanges.mo:14:8: note: variable `f`
// CHECK:STDERR:   Real f;
// CHECK:STDERR:        ^
// CHECK:STDERR: component_with_flanges.mo:10:7: warning: the model is structurally singular: 2 variables appear in only 1 equation
// CHECK:STDERR: model Compliant
// CHECK:STDERR:       ^~~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:6:8: note: variable `flange_a.s`
// CHECK:STDERR:   Real s;
// CHECK:STDERR:        ^
// CHECK:STDERR: component_with_flanges.mo:6:8: note: variable `flange_b.s`
// CHECK:STDERR:   Real s;
// CHECK:STDERR:        ^
// CHECK:STDERR: component_with_flanges.mo:16:3: note: equation `s_rel = flange_b.s - flange_a.s`
// CHECK:STDERR:   s_rel = flange_b.s - flange_a.s;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: component_with_flanges.mo:10:7: note: `Compliant` has connectors of its own: as a component it is balanced, but it cannot be simulated on its own
// CHECK:STDERR: model Compliant
// CHECK:STDERR:       ^~~~~~~~~
