within;
package ExtTable "models for tests/simulation/ExternalTest.cpp; the C library is tests/simulation/external/ExtTable.c"
  class Table "a table of points (an external object)"
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
  function interpolate
    input Table table;
    input Real u;
    output Real y;
  external "C" y = ExtTable_value(table, u) annotation(Library = "mocc_exttable");
  end interpolate;
  function smoothValue "ExtTable_value with its derivative, for Jacobians"
    input Table table;
    input Real u;
    output Real y;
  external "C" y = ExtTable_value(table, u) annotation(Library = "mocc_exttable");
    annotation(derivative = slope);
  end smoothValue;
  function slope
    input Table table;
    input Real u;
    input Real du;
    output Real dy;
  external "C" dy = ExtTable_slope(table, u, du) annotation(Library = "mocc_exttable");
  end slope;
  function ExtTable_scale "default mapping: arrays with their sizes, outputs by address"
    input Real x[:];
    input Integer k;
    output Real y[size(x, 1)];
    output Integer n;
  external "C" annotation(Library = "mocc_exttable");
  end ExtTable_scale;
  function count "Strings and a Boolean array"
    input String name;
    input Boolean flags[:];
    output Integer n;
  external "C" n = ExtTable_count(name, flags, size(flags, 1)) annotation(Library = "mocc_exttable");
  end count;
  function checked "calls ModelicaError for x > 0.5"
    input Real x;
    output Real y;
  external "C" y = ExtTable_checked(x) annotation(Library = "mocc_exttable");
  end checked;
  function missing
    input Real x;
    output Real y;
  external "C" y = ExtTable_noSuchFunction(x) annotation(Library = "mocc_exttable");
  end missing;
  function live "the number of tables alive"
    output Integer n;
  external "C" n = ExtTable_live() annotation(Library = "mocc_exttable");
  end live;

  impure function logValue "records x (a function without outputs)"
    input Real x;
  external "C" ExtTable_log(x) annotation(Library = "mocc_exttable");
  end logValue;
  function logCount "the number of calls of logValue so far"
    output Integer n;
  external "C" n = ExtTable_logCount() annotation(Library = "mocc_exttable");
  end logCount;
  function logged "the value of the i-th call of logValue"
    input Integer i;
    output Real x;
  external "C" x = ExtTable_logged(i) annotation(Library = "mocc_exttable");
  end logged;

  model Tables
    parameter Table ramp = Table("ramp", [0, 0; 0.5, 1; 1, 3]);
    parameter Table other = Table("other", [0, 1; 1, 1]);
    parameter Table shared = ramp;
    parameter Integer n = count("abc", {true, false, true});
    Real y = interpolate(ramp, time) "0 to 1 on [0, 0.5], then to 3";
    Real w = interpolate(shared, time) + interpolate(other, time);
    Real z[3];
    Integer m;
    Real x(start = 0, fixed = true);
  equation
    (z, m) = ExtTable_scale({time, 2 * time, 1}, 2);
    der(x) = interpolate(ramp, time);
    annotation(experiment(StopTime = 1));
  end Tables;

  model Feedback "der(x) = 1 - 2 x: the Jacobian needs the table's derivative"
    parameter Table ramp = Table("ramp", [0, 0; 0.5, 1; 1, 3]);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1 - smoothValue(ramp, x);
  end Feedback;

  model NoDerivative "the Jacobian takes the derivative by finite differences"
    parameter Table ramp = Table("ramp", [0, 0; 0.5, 1; 1, 3]);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1 - interpolate(ramp, x);
  end NoDerivative;

  model Busy "runs for hours unless a signal stops it: the forcing keeps IDA busy"
    parameter Table ramp = Table("ramp", [0, 0; 0.5, 1; 1, 3]);
    Real x(start = 0, fixed = true);
  equation
    der(x) = cos(time) * interpolate(ramp, 0.5);
    annotation(experiment(StopTime = 1e9, Interval = 100));
  end Busy;

  model Failing
    Real y = checked(time);
  end Failing;

  model Logger "logValue called where it runs: each call once"
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    when sample(0.1, 0.25) then
      logValue(time);
    end when;
    when initial() then
      logValue(-2);
    end when;
  algorithm
    when x > 0.5 then
      if x > 0.6 then
        logValue(200);
      else
        logValue(100);
      end if;
    end when;
    when terminal() then
      logValue(1000);
    end when;
  initial algorithm
    logValue(-1);
  end Logger;

  model ImpureOutsideWhen "an impure function may not run at every output point"
    Real x = time;
  algorithm
    logValue(x);
  end ImpureOutsideWhen;

  model Missing
    Real y = missing(time);
  end Missing;
end ExtTable;
