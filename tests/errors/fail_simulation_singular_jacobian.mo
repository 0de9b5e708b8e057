// RUN: mocc simulate %s
// A junction of three mass-less ports at zero flow whose third enthalpy
// flow is a product, not a semiLinear (so no MLS 3.7.4.5 rule applies): its
// enthalpy hj has no equation that determines it there (every term of the
// energy balance is zero), and IDA's Jacobian is singular. A note names the
// unknown whose column has no pivot.
model SingularJacobian
  parameter Real sa = 1, sb = 2, sc = 3;
  Real m1, m2, H1, H2, H3, hj;
  Real x(start = 0, fixed = true);
equation
  m1 = if time < 0.5 then 0 else time - 0.5;
  m2 = 2 * m1;
  H1 = semiLinear(m1, hj, sa);
  H2 = semiLinear(m2, hj, sb);
  H3 = (-m1 - m2) * hj;
  H1 + H2 + H3 = 0;
  der(x) = hj;
end SingularJacobian;

// CHECK:EXIT: 3
// CHECK:STDERR: mocc: error: simulation failed at time t = 0: the Jacobian of the equations is singular (the states chosen cannot be integrated here)
// CHECK:STDERR: note: the Jacobian has no pivot in the column of `hj`: it depends on the columns factored before it (the equations do not determine this unknown, or one of those, here)
