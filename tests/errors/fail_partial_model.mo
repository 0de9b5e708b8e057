// RUN: mocc check %s
partial model PartialModel "a partial model cannot be checked"
  Real x;
end PartialModel;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_partial_model.mo:2:15: error: `PartialModel` is partial
// CHECK:STDERR: partial model PartialModel "a partial model cannot be checked"
// CHECK:STDERR:               ^~~~~~~~~~~~
