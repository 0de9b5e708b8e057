// RUN: mocc parse %s
// `end` must repeat the name of the class it closes.
package P
  model A
  end B;
end P;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_end_name.mo:5:7: error: `end B` does not match the class name `A`
// CHECK:STDERR:   end B;
// CHECK:STDERR:       ^
// CHECK:STDERR: fail_end_name.mo:4:9: note: class `A` starts here
// CHECK:STDERR:   model A
// CHECK:STDERR:         ^
