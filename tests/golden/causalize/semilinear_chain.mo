// RUN: mocc flatten --emit=index-reduced %s
model SemiLinearChain "MLS 3.7.4.5 rule 1: a mass-less two-port between a source and a sink, its
  heat Q = 0 given before its energy balance (so that the balance is an alias). The chain
  sa -> h -> h_c -> sb becomes h = if m >= 0 then sa else sb, h_c = h and one semiLinear of the
  ends. A three-way junction (j) is no chain: its energy balance gets hj = the mean of the other
  slopes where all three flows are zero."
  parameter Real sa = 2, sb = 3, sj = 4;
  Real m, mb, H_a, H_b, Q, H_c, h_c;
  Real h(start = 1);
  Real j1, j2, Hj1, Hj2, Hj3, hj;
equation
  Q = 0;
  H_a + H_b + Q = 0;
  m = time - 0.5;
  m + mb = 0;
  H_a = semiLinear(m, sa, h);
  H_b = semiLinear(mb, h_c, h);
  H_c = -H_b;
  H_c = semiLinear(-mb, h_c, sb);
  j1 = time;
  j2 = 2 * time;
  Hj1 = semiLinear(j1, sa, hj);
  Hj2 = semiLinear(j2, sj, hj);
  Hj3 = semiLinear(-j1 - j2, sb, hj);
  Hj1 + Hj2 + Hj3 = 0;
end SemiLinearChain;

// CHECK:STDOUT: class SemiLinearChain
// CHECK:STDOUT:   parameter Real sa = 2;
// CHECK:STDOUT:   parameter Real sb = 3;
// CHECK:STDOUT:   parameter Real sj = 4;
// CHECK:STDOUT:   Real m;
// CHECK:STDOUT:   Real mb;
// CHECK:STDOUT:   Real H_a;
// CHECK:STDOUT:   Real H_b;
// CHECK:STDOUT:   Real Q;
// CHECK:STDOUT:   Real H_c;
// CHECK:STDOUT:   Real h_c;
// CHECK:STDOUT:   Real h(start = 1);
// CHECK:STDOUT:   Real j1;
// CHECK:STDOUT:   Real j2;
// CHECK:STDOUT:   Real Hj1;
// CHECK:STDOUT:   Real Hj2;
// CHECK:STDOUT:   Real Hj3;
// CHECK:STDOUT:   Real hj;
// CHECK:STDOUT:   // index reduction: 4 alias variable(s) removed, 0 equation(s) differentiated
// CHECK:STDOUT:   // alias variables (not in the reduced system; computed from the others):
// CHECK:STDOUT:   //   Q = 0
// CHECK:STDOUT:   //   H_b = -H_a
// CHECK:STDOUT:   //   mb = -m
// CHECK:STDOUT:   //   H_c = H_a
// CHECK:STDOUT:   // states: none
// CHECK:STDOUT:   // dummy derivatives (algebraic variables): none
// CHECK:STDOUT: equation
// CHECK:STDOUT:   m = time - 0.5;
// CHECK:STDOUT:   h = if m >= 0 then sa else sb;
// CHECK:STDOUT:   h_c = h;
// CHECK:STDOUT:   H_a = smooth(0, if m >= 0 then sa * m else sb * m);
// CHECK:STDOUT:   j1 = time;
// CHECK:STDOUT:   j2 = 2 * time;
// CHECK:STDOUT:   Hj1 = smooth(0, if j1 >= 0 then sa * j1 else hj * j1);
// CHECK:STDOUT:   Hj2 = smooth(0, if j2 >= 0 then sj * j2 else hj * j2);
// CHECK:STDOUT:   Hj3 = smooth(0, if -j1 - j2 >= 0 then sb * (-j1 - j2) else hj * (-j1 - j2));
// CHECK:STDOUT:   Hj1 + Hj2 + Hj3 + (if noEvent(j1 == 0 and j2 == 0 and -j1 - j2 == 0) then hj - (sa + sj + sb) / 3 else 0) = 0;
// CHECK:STDOUT: end SemiLinearChain;
