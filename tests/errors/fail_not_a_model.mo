// RUN: mocc check %s
package NotAModel "a package is not a model that can be checked"
  constant Real c = 1;
end NotAModel;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_not_a_model.mo:2:9: error: `NotAModel` is a package, not a model that can be simulated or checked
// CHECK:STDERR: package NotAModel "a package is not a model that can be checked"
// CHECK:STDERR:         ^~~~~~~~~
