// RUN: mocc check %s -m PackageConstantShape.M
// A package constant's binding must have its declared shape: a 2 x 2
// matrix for a 2 x 2 x 2 array was taken as it was, and a subscript of
// the third dimension then failed, or read the wrong element.
package PackageConstantShape
  package T
    constant Real t[2, 2, 2] = [1, 2; 3, 4];
  end T;
  model M
    Real y = T.t[1, 2, 1] * time;
  end M;
end PackageConstantShape;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_package_constant_shape.mo:7:32: error: the binding of `t` has shape [2, 2] but the variable has shape [2, 2, 2]
// CHECK:STDERR:     constant Real t[2, 2, 2] = [1, 2; 3, 4];
// CHECK:STDERR:                                ^~~~~~~~~~~~
