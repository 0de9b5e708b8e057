// RUN: mocc check %s
// An attribute that must be a parameter expression, a binding that an
// array of components cannot split (MLS 7.2.5), and an external object
// class without a constructor (MLS 12.9.7).
model FlattenComponents
  model Part
    Real y;
  end Part;
  class NoConstructor
    extends ExternalObject;
    function destructor
      input NoConstructor eo;
    external "C" eoFree(eo);
    end destructor;
  end NoConstructor;
  Real q(fixed = time > 0);
  Part parts[2](y = 1);
  parameter NoConstructor nc = NoConstructor();
end FlattenComponents;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_flatten_components.mo:16:18: error: attribute `fixed` must be a parameter expression
// CHECK:STDERR:   Real q(fixed = time > 0);
// CHECK:STDERR:                  ^~~~~~~~
// CHECK:STDERR: fail_flatten_components.mo:17:21: error: the binding of `parts[1].y` has shape scalar, which the array of components cannot split (use `each`?)
// CHECK:STDERR:   Part parts[2](y = 1);
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_flatten_components.mo:17:21: error: the binding of `parts[2].y` has shape scalar, which the array of components cannot split (use `each`?)
// CHECK:STDERR:   Part parts[2](y = 1);
// CHECK:STDERR:                     ^
// CHECK:STDERR: fail_flatten_components.mo:18:32: error: the external object class `FlattenComponents.NoConstructor` has no `constructor`
// CHECK:STDERR:   parameter NoConstructor nc = NoConstructor();
// CHECK:STDERR:                                ^~~~~~~~~~~~~
