// RUN: mocc check %s
// An overconstrained connection graph without a root (MLS 9.4),
// cardinality of an array of connectors, and an array of external objects
// as a function's input (MLS 12.9.7).
model FlattenConnections
  type Orientation
    extends Real;
    function equalityConstraint
      input Orientation a;
      input Orientation b;
      output Real r[0];
    algorithm
    end equalityConstraint;
  end Orientation;
  connector C
    Orientation o;
    Real v;
    flow Real i;
  end C;
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  class EO
    extends ExternalObject;
    function constructor
      output EO eo;
    external "C" eo = eoNew();
    end constructor;
    function destructor
      input EO eo;
    external "C" eoFree(eo);
    end destructor;
  end EO;
  function useEOs
    input EO eos[2];
    output Real y = 1;
  end useEOs;
  parameter EO e1 = EO(), e2 = EO();
  C c1, c2;
  Pin pins[2];
  Integer n = cardinality(pins);
  Real z = useEOs({e1, e2});
equation
  connect(c1, c2);
end FlattenConnections;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flatten_connections.mo:16:17: error: the overconstrained connection graph that contains `c2.o` has no root (MLS 9.4)
// CHECK:STDERR:     Orientation o;
// CHECK:STDERR:                 ^
// CHECK:STDERR: fail_flatten_connections.mo:42:15: error: `cardinality` needs a single component
// CHECK:STDERR:   Integer n = cardinality(pins);
// CHECK:STDERR:               ^~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_flatten_connections.mo:36:14: error: the external object `eos` of class `FlattenConnections.EO` can only be a scalar input, a protected variable, or the output of its constructor
// CHECK:STDERR:     input EO eos[2];
// CHECK:STDERR:              ^~~
