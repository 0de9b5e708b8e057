// RUN: mocc check %s
// The type of `a` is looked up inside `b`, whose type is looked up inside
// `a`: the declaration of `a` reaches `a` itself.
model DeclarationCycle
  b.T a;
  a.T b;
end DeclarationCycle;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_declaration_cycle.mo:5:7: error: the declaration of `a` refers to `a` itself
// CHECK:STDERR:   b.T a;
// CHECK:STDERR:       ^
// CHECK:STDERR: fail_declaration_cycle.mo:5:3: error: use of undeclared class `b.T`
// CHECK:STDERR:   b.T a;
// CHECK:STDERR:   ^~~
