// RUN: mocc check %s
// A modifier of an array of components applies elementwise (MLS 3.6 section
// 7.2.5): the binding's leading dimension must be the array's size. Each of
// these took the first two elements and dropped the third silently; each is
// said once, not once per element.
model ComponentArrayBindingSize
  model Part
    Real y;
    Real z[2];
  equation
    der(y) = -y;
  end Part;
  Part parts[2](y = {1, 2, 3});
  Part more[2](z = {{1, 2}, {3, 4}, {5, 6}});
  Part starts[2](y(start = {1, 2, 3}));
end ComponentArrayBindingSize;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_component_array_binding_size.mo:13:21: error: the binding of `parts[1].y` has shape [3], but the array of components it applies to elementwise has size 2
// CHECK:STDERR:   Part parts[2](y = {1, 2, 3});
// CHECK:STDERR:                     ^~~~~~~~~
// CHECK:STDERR: fail_component_array_binding_size.mo:14:20: error: the binding of `more[1].z` has shape [3, 2], but the array of components it applies to elementwise has size 2
// CHECK:STDERR:   Part more[2](z = {{1, 2}, {3, 4}, {5, 6}});
// CHECK:STDERR:                    ^~~~~~~~~~~~~~~~~~~~~~~~
// CHECK:STDERR: fail_component_array_binding_size.mo:15:28: error: the binding of `starts[1].y` has shape [3], but the array of components it applies to elementwise has size 2
// CHECK:STDERR:   Part starts[2](y(start = {1, 2, 3}));
// CHECK:STDERR:                            ^~~~~~~~~
