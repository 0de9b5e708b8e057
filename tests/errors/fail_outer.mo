// RUN: mocc flatten %s
model Outer "an outer component with no inner, whose class cannot be instantiated by default"
  partial model Environment
    Real g;
  end Environment;
  model User
    outer Environment env;
    Real y = env.g;
  end User;
  User u;
end Outer;

// CHECK:EXIT: 1
// CHECK:STDERR: fail_outer.mo:7:23: error: no `inner` declaration for the outer component `env` (and its class is partial)
// CHECK:STDERR:     outer Environment env;
// CHECK:STDERR:                       ^~~
