// RUN: mocc check %s
// An element-wise operator on Strings, bindings of another type or external
// object class, der of an external function's result (MLS 3.7.4.2), and
// loadResource of a number (the connect of stream connectors beside them is
// valid, MLS 15).
model FlattenTypes
  record R
    Real x;
  end R;
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
  class EO2
    extends ExternalObject;
    function constructor
      output EO2 eo;
    external "C" eo = eoNew2();
    end constructor;
    function destructor
      input EO2 eo;
    external "C" eoFree2(eo);
    end destructor;
  end EO2;
  connector FP
    Real p;
    flow Real m;
    stream Real h;
  end FP;
  function ef
    input Real u;
    output Real y;
  external "C" y = sin(u);
  end ef;
  String s2[1] = {"a"} .* {"b"};
  Boolean bb2 = R(x = 1);
  parameter EO a = EO();
  parameter EO2 b = a;
  FP f1, f2;
  Real dd = der(ef(time));
  String res = ModelicaServices.ExternalReferences.loadResource(1);
equation
  connect(f1, f2);
end FlattenTypes;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flatten_types.mo:42:18: error: operator `.*` needs numeric operands
// CHECK:STDERR:   String s2[1] = {"a"} .* {"b"};
// CHECK:STDERR:                  ^~~~~~~~~~~~~~
// CHECK:STDERR: fail_flatten_types.mo:43:17: error: the binding of `bb2` is a record `FlattenTypes.R` but the variable is of type `Boolean`
// CHECK:STDERR:   Boolean bb2 = R(x = 1);
// CHECK:STDERR:                 ^~~~~~~~
// CHECK:STDERR: fail_flatten_types.mo:45:21: error: type mismatch: `b` is an external object of class `FlattenTypes.EO2` but its binding is one of class `FlattenTypes.EO`
// CHECK:STDERR:   parameter EO2 b = a;
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_flatten_types.mo:47:13: error: cannot differentiate this expression with respect to time
// CHECK:STDERR:   Real dd = der(ef(time));
// CHECK:STDERR:             ^~~~~~~~~~~~~
// CHECK:STDERR: fail_flatten_types.mo:48:16: error: `loadResource` needs a String
// CHECK:STDERR:   String res = ModelicaServices.ExternalReferences.loadResource(1);
// CHECK:STDERR:                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
