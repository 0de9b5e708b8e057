// RUN: mocc parse %s
// A file with only comments has no class to compile.

// CHECK:EXIT: 1
// CHECK:STDERR: fail_no_class.mo:8:1: error: file contains no class definition
// CHECK:STDERR:
// CHECK:STDERR: ^
