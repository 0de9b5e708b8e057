// A body hangs from two fixed anchors through three springs that meet at a
// massless junction: the junction's position follows from its force
// balance, a nonlinear system at initialization and at every step. Each
// spring's direction is its relative position divided by its guarded length
// (as MultiBody's line forces compute it); only the first spring's relative
// position has a start value. Initialization must iterate on that one, not
// on the lengths, which start at 0 where the direction is not defined.
model SpringJunction
  function guarded "max(length, small), without events"
    input Real length;
    input Real small;
    output Real s;
  algorithm
    s := if length > small then length else small;
    annotation(Inline = true);
  end guarded;
  model Spring
    parameter Real c = 100, s0 = 0.2;
    Real ax, ay "frame_a";
    Real bx, by "frame_b";
    Real rx, ry "frame_b - frame_a";
    Real length, s, ex, ey, f "tension";
  equation
    rx = bx - ax;
    ry = by - ay;
    length = sqrt(rx^2 + ry^2);
    s = guarded(length, 1e-10);
    ex = rx / s;
    ey = ry / s;
    f = c * (s - s0);
  end Spring;
  parameter Real m = 1, g = 9.81;
  Spring s1(rx(start = 0.6), ry(start = -0.6));
  Spring s2;
  Spring s3(c = 50, s0 = 0.5);
  Real jx, jy "junction";
  Real x(start = 0.2, fixed = true), y(start = -1.0, fixed = true) "body";
  Real vx(start = 0, fixed = true), vy(start = 0, fixed = true);
equation
  s1.ax = -1; s1.ay = 0; s1.bx = jx; s1.by = jy;
  s2.ax = 1; s2.ay = 0; s2.bx = jx; s2.by = jy;
  s3.ax = jx; s3.ay = jy; s3.bx = x; s3.by = y;
  // the junction: the three spring forces balance
  0 = -s1.f * s1.ex - s2.f * s2.ex + s3.f * s3.ex;
  0 = -s1.f * s1.ey - s2.f * s2.ey + s3.f * s3.ey;
  der(x) = vx;
  der(y) = vy;
  m * der(vx) = -s3.f * s3.ex;
  m * der(vy) = -s3.f * s3.ey - m * g;
  annotation(experiment(StopTime = 2));
end SpringJunction;
