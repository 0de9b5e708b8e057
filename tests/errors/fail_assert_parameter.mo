// RUN: mocc check %s
// An assert whose condition depends on parameters only is decided during
// translation; a violation points at the modification that set the value.
model AssertParameter
  model Rod
    parameter Real distance = 1;
  equation
    assert(distance > 0, "the distance must be positive");
  end Rod;
  Rod ok;
  Rod bad(distance = -1);
end AssertParameter;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_assert_parameter.mo:11:22: error: `bad.distance = -1` violates the assertion `distance > 0`: the distance must be positive
// CHECK:STDERR:   Rod bad(distance = -1);
// CHECK:STDERR:                      ^~
// CHECK:STDERR: fail_assert_parameter.mo:8:5: note: asserted here
// CHECK:STDERR:     assert(distance > 0, "the distance must be positive");
// CHECK:STDERR:     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
