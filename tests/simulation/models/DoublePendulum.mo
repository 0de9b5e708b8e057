model DoublePendulum "two point masses on rigid rods in Cartesian coordinates: two coupled distance constraints"
  parameter Real L1 = 1, L2 = 0.8 "rod lengths";
  parameter Real m1 = 1, m2 = 0.5 "masses";
  parameter Real g = 9.81;
  parameter Real theta1 = 1.2 "initial angle of rod 1 from the downward vertical";
  parameter Real theta2 = 2.0 "initial angle of rod 2 from the downward vertical";
  Real x1, y1(start = -L1 * cos(theta1)), x2, y2(start = -L1 * cos(theta1) - L2 * cos(theta2));
  Real vx1, vy1, vx2, vy2;
  Real F1 "tension of rod 1 per unit length";
  Real F2 "tension of rod 2 per unit length";
initial equation
  x1 = L1 * sin(theta1);
  x2 = x1 + L2 * sin(theta2);
  vx1 = 0;
  vx2 = 0;
equation
  der(x1) = vx1;
  der(y1) = vy1;
  der(x2) = vx2;
  der(y2) = vy2;
  m1 * der(vx1) = -F1 * x1 + F2 * (x2 - x1);
  m1 * der(vy1) = -F1 * y1 + F2 * (y2 - y1) - m1 * g;
  m2 * der(vx2) = -F2 * (x2 - x1);
  m2 * der(vy2) = -F2 * (y2 - y1) - m2 * g;
  x1^2 + y1^2 = L1^2;
  (x2 - x1)^2 + (y2 - y1)^2 = L2^2;
  annotation(experiment(StopTime = 5, Tolerance = 1e-9));
end DoublePendulum;
