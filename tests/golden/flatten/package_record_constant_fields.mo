// RUN: mocc flatten %s
// A record constant of a package given by modifications of its fields may
// use its own other fields (`R_s = K / H.MM`): a field is read on its own,
// not through the whole record being built. A field of an array of record
// constants is the array of that field of each element (MLS 10.6.1).
package PackageRecordConstantFieldsLib
  record Data
    String name;
    Real MM;
    Real a[2];
    Real R_s;
  end Data;
  constant Real K = 8.0;
  constant Data H(name = "H", MM = 2.0, a = {1, 2}, R_s = K / H.MM);
  constant Data O(name = "O", MM = 16.0, a = {3, 4}, R_s = K / O.MM);
  constant Data both[2] = {H, O};
  partial package Base
    constant Data data;
    function gasConstant
      input Real x;
      output Real r;
    algorithm
      r := x * data.R_s;
    end gasConstant;
  end Base;
  package Gas
    extends Base(data = H);
  end Gas;
end PackageRecordConstantFieldsLib;

model PackageRecordConstantFields
  package Medium = PackageRecordConstantFieldsLib.Gas;
  Real r = Medium.gasConstant(time);
  Real mm[2] = PackageRecordConstantFieldsLib.both.MM;
  Real a2[2] = PackageRecordConstantFieldsLib.both.a[2];
  Real rs = PackageRecordConstantFieldsLib.O.R_s;
end PackageRecordConstantFields;

// CHECK:STDOUT: function PackageRecordConstantFieldsLib.Gas.gasConstant "mocc_f0_PackageRecordConstantFieldsLib_Gas_gasConstant"
// CHECK:STDOUT:   input Real x;
// CHECK:STDOUT:   output Real r;
// CHECK:STDOUT: algorithm
// CHECK:STDOUT:   r := x * 4;
// CHECK:STDOUT: end PackageRecordConstantFieldsLib.Gas.gasConstant;
// CHECK:STDOUT:
// CHECK:STDOUT: class PackageRecordConstantFields
// CHECK:STDOUT:   Real r;
// CHECK:STDOUT:   Real mm[1];
// CHECK:STDOUT:   Real mm[2];
// CHECK:STDOUT:   Real a2[1];
// CHECK:STDOUT:   Real a2[2];
// CHECK:STDOUT:   Real rs;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   r = PackageRecordConstantFieldsLib.Gas.gasConstant(time);
// CHECK:STDOUT:   mm[1] = 2;
// CHECK:STDOUT:   mm[2] = 16;
// CHECK:STDOUT:   a2[1] = 2;
// CHECK:STDOUT:   a2[2] = 4;
// CHECK:STDOUT:   rs = 0.5;
// CHECK:STDOUT: end PackageRecordConstantFields;
