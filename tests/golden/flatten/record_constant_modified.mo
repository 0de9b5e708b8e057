// RUN: mocc flatten %s
// A record constant given by modifications of its fields (no binding) is the
// record of its fields' values (the MSL's SingleGasesData).
record Data
  String name;
  Real MM;
  Real a[2] = {1, 2};
end Data;
package Gases
  constant Data N2(name = "N2", MM = 0.028);
  constant Data CO2(name = "CO2", MM = 0.044, a = {3, 4});
  constant Data[2] both = {N2, CO2};
end Gases;
model M
  Real m = Gases.N2.MM + Gases.both[2].MM * time;
  Real a = Gases.CO2.a[2] + Gases.N2.a[1];
end M;

// CHECK:STDOUT: class M
// CHECK:STDOUT:   Real m;
// CHECK:STDOUT:   Real a;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   m = 0.028 + 0.044 * time;
// CHECK:STDOUT:   a = 5;
// CHECK:STDOUT: end M;
