// RUN: mocc flatten %s
model Enumerations "enumeration types, literals, arrays indexed by enumerations, loops over them"
  type Axis = enumeration(x "first", y, z);
  parameter Axis main = Axis.y;
  parameter StateSelect s = StateSelect.prefer;
  Real r[Axis];
  Boolean isMain[Axis];
equation
  for a in Axis loop
    r[a] = Integer(a) * 10;
    isMain[a] = a == main;
  end for;
end Enumerations;

// CHECK:STDOUT: class Enumerations
// CHECK:STDOUT:   parameter Enumerations.Axis main = Enumerations.Axis.y;
// CHECK:STDOUT:   parameter StateSelect s = StateSelect.prefer;
// CHECK:STDOUT:   Real r[1];
// CHECK:STDOUT:   Real r[2];
// CHECK:STDOUT:   Real r[3];
// CHECK:STDOUT:   Boolean isMain[1];
// CHECK:STDOUT:   Boolean isMain[2];
// CHECK:STDOUT:   Boolean isMain[3];
// CHECK:STDOUT: equation
// CHECK:STDOUT:   r[1] = 10;
// CHECK:STDOUT:   isMain[1] = 1 == main;
// CHECK:STDOUT:   r[2] = 20;
// CHECK:STDOUT:   isMain[2] = 2 == main;
// CHECK:STDOUT:   r[3] = 30;
// CHECK:STDOUT:   isMain[3] = 3 == main;
// CHECK:STDOUT: end Enumerations;
