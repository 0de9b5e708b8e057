// RUN: mocc check %s
model ExternalObjectVariable "an external object declared discrete, and a Fortran function"
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
  external "FORTRAN 77" y = f77(x);
  end f;
  discrete Handle h = Handle(3);
  Real y = f(time);
end ExternalObjectVariable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_object_variable.mo:20:19: error: the external object `h` must be a parameter or a constant
// CHECK:STDERR:   discrete Handle h = Handle(3);
// CHECK:STDERR:                   ^
// CHECK:STDERR: fail_external_object_variable.mo:18:3: error: external functions in the language "FORTRAN 77" are not supported (only "C")
// CHECK:STDERR:   external "FORTRAN 77" y = f77(x);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
