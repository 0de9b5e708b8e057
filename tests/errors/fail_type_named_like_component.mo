// RUN: mocc check %s -m TypeNamedLikeComponent.M
// A component may not have the name of its type: `x x` looks the type name
// up among the class's elements first and finds the component itself. An
// error, not an endless lookup.
package TypeNamedLikeComponent
  type x = Real;
  model M
    x x = 1.0;
  end M;
end TypeNamedLikeComponent;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_type_named_like_component.mo:8:5: error: the type name `x` of component `x` refers to the component itself (a component may not have the name of its type)
// CHECK:STDERR:     x x = 1.0;
// CHECK:STDERR:     ^
