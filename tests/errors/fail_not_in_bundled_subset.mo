// RUN: mocc check %s
// Classes of the MSL that mocc's bundled subset lacks: the error says so
// and where to get them (unless a class of that package has a close name).
model NotInBundledSubset
  Modelica.Electrical.Analog.Basic.Resistor resistor;
  Real d = Modelica.Math.Matrices.det({{1, 0}, {0, 1}});
end NotInBundledSubset;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_not_in_bundled_subset.mo:5:3: error: `Modelica.Electrical.Analog.Basic.Resistor` is not in mocc's bundled subset of the MSL; set MODELICAPATH to a copy of the MSL 4.1.0
// CHECK:STDERR:   Modelica.Electrical.Analog.Basic.Resistor resistor;
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_not_in_bundled_subset.mo:6:12: error: `Modelica.Math.Matrices.det` is not in mocc's bundled subset of the MSL; set MODELICAPATH to a copy of the MSL 4.1.0
// CHECK:STDERR:   Real d = Modelica.Math.Matrices.det({{1, 0}, {0, 1}});
// CHECK:STDERR:            ^~~~~~~~~~~~~~~~~~~~~~~~~~
