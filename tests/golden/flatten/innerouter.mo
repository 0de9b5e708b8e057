// RUN: mocc flatten %s
model InnerOuter "outer components refer to the inner one of an enclosing instance"
  model Environment
    parameter Real g = 9.81;
    Real t = time;
  end Environment;
  model User
    outer Environment env;
    Real y;
  equation
    y = env.g * env.t;
  end User;
  inner Environment env(g = 3);
  User u1, u2;
end InnerOuter;

// CHECK:STDOUT: class InnerOuter
// CHECK:STDOUT:   parameter Real env.g = 3;
// CHECK:STDOUT:   Real env.t;
// CHECK:STDOUT:   Real u1.y;
// CHECK:STDOUT:   Real u2.y;
// CHECK:STDOUT: equation
// CHECK:STDOUT:   env.t = time;
// CHECK:STDOUT:   u1.y = env.g * env.t;
// CHECK:STDOUT:   u2.y = env.g * env.t;
// CHECK:STDOUT: end InnerOuter;
