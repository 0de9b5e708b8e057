// RUN: mocc flatten %s
model External "external objects (MLS 12.9.7) and external C functions: default mapping and explicit calls"
  class Table "an external object: a table of points"
    extends ExternalObject;
    function constructor
      input String name;
      input Real points[:, 2];
      output Table table;
    external "C" table = ExtTable_create(name, points, size(points, 1))
      annotation(Library = "mocc_exttable");
    end constructor;
    function destructor
      input Table table;
    external "C" ExtTable_destroy(table) annotation(Library = "mocc_exttable");
    end destructor;
  end Table;
  function interpolate "explicit call with an external object"
    input Table table;
    input Real u;
    output Real y;
  external "C" y = ExtTable_value(table, u) annotation(Library = "mocc_exttable");
  end interpolate;
  function ExtTable_scale "default mapping: arrays with their sizes, outputs by address"
    input Real x[:];
    input Integer k;
    output Real y[size(x, 1)];
    output Integer n;
  external "C" annotation(Library = {"mocc_exttable", "m"});
  end ExtTable_scale;
  function hypot "default mapping: a scalar output is the result"
    input Real a;
    input Real b;
    output Real c;
  external "C";
  end hypot;
  parameter String name = "ramp";
  parameter Table table = Table(name, [0, 0; 1, 2]);
  parameter Table same = table "shares the object of `table`";
  Real y = interpolate(table, time);
  Real z[2];
  Integer n;
  Real h = hypot(time, 1);
equation
  (z, n) = ExtTable_scale({time, 2 * time}, 3);
end External;

// CHECK:STDOUT: function External.Table.destructor "mocc_f0_External_Table_destructor"
// CHECK:STDOUT:   input ExternalObject table;
// CHECK:STDOUT: external "C" ExtTable_destroy(table) annotation(Library = {"mocc_exttable"});
// CHECK:STDOUT: end External.Table.destructor;
// CHECK:STDOUT:
// CHECK:STDOUT: function External.Table.constructor "mocc_f1_External_Table_constructor"
// CHECK:STDOUT:   input Real points[2, 2];
// CHECK:STDOUT:   output ExternalObject table;
// CHECK:STDOUT: external "C" table = ExtTable_create("ramp", points, 2) annotation(Library = {"mocc_exttable"});
// CHECK:STDOUT: end External.Table.constructor;
// CHECK:STDOUT:
// CHECK:STDOUT: function External.interpolate "mocc_f2_External_interpolate"
// CHECK:STDOUT:   input ExternalObject table;
// CHECK:STDOUT:   input Real u;
// CHECK:STDOUT:   output Real y;
// CHECK:STDOUT: external "C" y = ExtTable_value(table, u) annotation(Library = {"mocc_exttable"});
// CHECK:STDOUT: end External.interpolate;
// CHECK:STDOUT:
// CHECK:STDOUT: function External.hypot "mocc_f3_External_hypot"
// CHECK:STDOUT:   input Real a;
// CHECK:STDOUT:   input Real b;
// CHECK:STDOUT:   output Real c;
// CHECK:STDOUT: external "C" c = hypot(a, b);
// CHECK:STDOUT: end External.hypot;
// CHECK:STDOUT:
// CHECK:STDOUT: function External.ExtTable_scale "mocc_f4_External_ExtTable_scale"
// CHECK:STDOUT:   input Real x[2];
// CHECK:STDOUT:   input Integer k;
// CHECK:STDOUT:   output Real y[2];
// CHECK:STDOUT:   output Integer n;
// CHECK:STDOUT: external "C" ExtTable_scale(x, 2, k, y, 2, n) annotation(Library = {"mocc_exttable", "m"});
// CHECK:STDOUT: end External.ExtTable_scale;
// CHECK:STDOUT:
// CHECK:STDOUT: class External
// CHECK:STDOUT:   parameter String name = "ramp";
// CHECK:STDOUT:   parameter External.Table table = External.Table.constructor(0, 0, 1, 2);
// CHECK:STDOUT:   parameter External.Table same = table "shares the object of `table`";
// CHECK:STDOUT:   Real y;
// CHECK:STDOUT:   Real z[1];
// CHECK:STDOUT:   Real z[2];
// CHECK:STDOUT:   Integer n;
// CHECK:STDOUT:   Real h;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   y = External.interpolate(table, time);
// CHECK:STDOUT:   h = External.hypot(time, 1);
// CHECK:STDOUT:   z[1] = External.ExtTable_scale(time, 2 * time, 3);
// CHECK:STDOUT:   z[2] = (External.ExtTable_scale(time, 2 * time, 3))[2];
// CHECK:STDOUT:   n = (External.ExtTable_scale(time, 2 * time, 3))[3];
// CHECK:STDOUT: end External;
