// RUN: mocc check %s
// Algorithm sections of a model that flattening refuses (MLS 11.1, 11.2.7),
// and connect equations between the wrong ends (MLS 9.1, 9.3).
model AlgorithmErrors
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  expandable connector Bus
  end Bus;
  model Part
    Real y;
  end Part;
  Part part;
  Pin p1, p2[2];
  Bus bus;
  Real a(start = 0, fixed = true), b(start = 0, fixed = true), c(start = 0, fixed = true);
  Real z;
initial algorithm
  when time > 0 then
    a := 1;
  end when;
algorithm
  z := 1;
  part.y := 1;
algorithm
  b := 1;
  when time > 0.5 then
    b := 2;
  end when;
algorithm
  when time > 0.5 then
    c := 1;
    a := 1;
  end when;
  when time > 0.7 then
    c := 2;
  end when;
equation
  connect(p1, p2);
  connect(bus, p1);
  connect(p1, nothing);
end AlgorithmErrors;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_algorithm_errors.mo:40:3: error: connect of 1 and 2 connectors
// CHECK:STDERR:   connect(p1, p2);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:41:3: error: an expandable connector can only be connected to another expandable connector or to one of its elements
// CHECK:STDERR:   connect(bus, p1);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:42:15: error: `nothing` does not name a connector of this class
// CHECK:STDERR:   connect(p1, nothing);
// CHECK:STDERR:               ^~~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:20:3: error: a when-statement is not allowed in an initial algorithm
// CHECK:STDERR:   when time > 0 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:25:3: error: `part.y` cannot be assigned in an algorithm here: only variables of the model itself (and their elements) can
// CHECK:STDERR:   part.y := 1;
// CHECK:STDERR:   ^~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:28:3: error: `b` is assigned both inside and outside when-statements of this algorithm: not supported yet
// CHECK:STDERR:   when time > 0.5 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_algorithm_errors.mo:36:3: error: when-statements of this algorithm that assign some of the same variables must assign all the same: not supported yet
// CHECK:STDERR:   when time > 0.7 then
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~
