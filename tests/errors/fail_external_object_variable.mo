// RUN: mocc check %s
model ExternalObjectVariable "an external object that is not a parameter, and a Fortran function"
  class Handle
    extends ExternalObject;
    function constructor
      input Integer n;
      output Handle h;
    external "C" h = handle_open(n);
    end constructor;
    function destructor
      input Handle h;
    external "C" handle_close(h);
    end destructor;
  end Handle;
  function f
    input Real x;
    output Real y;
  external "Java" y = f77(x);
  end f;
  Handle h = Handle(3);
  Real y = f(time);
end ExternalObjectVariable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_object_variable.mo:20:10: error: the external object `h` must be a parameter or a constant
// CHECK:STDERR:   Handle h = Handle(3);
// CHECK:STDERR:          ^
// CHECK:STDERR: fail_external_object_variable.mo:18:3: error: external functions in the language "Java" are not supported (only "C" and "FORTRAN 77")
// CHECK:STDERR:   external "Java" y = f77(x);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~
