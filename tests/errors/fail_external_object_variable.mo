// RUN: mocc check %s
model ExternalObjectVariable "an external object whose constructor gets a time-varying argument, and a language mocc does not call"
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
  Handle h = Handle(integer(time));
  Real y = f(time);
end ExternalObjectVariable;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_external_object_variable.mo:20:14: error: the constructor of the external object `h` is called once, but its arguments vary with time
// CHECK:STDERR:   Handle h = Handle(integer(time));
// CHECK:STDERR:              ^~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_external_object_variable.mo:18:3: error: external functions in the language "Java" are not supported (only "C" and "FORTRAN 77")
// CHECK:STDERR:   external "Java" y = f77(x);
// CHECK:STDERR:   ^~~~~~~~~~~~~~~~~~~~~~~~~~~
