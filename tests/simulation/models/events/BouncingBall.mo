// A ball dropped from 1 m that loses a fifth of its speed at every bounce:
// a zero crossing of a state, reinit() and a counter in a when-equation.
model BouncingBall
  parameter Real e = 0.8 "coefficient of restitution";
  parameter Real g = 9.81;
  Real h(start = 1, fixed = true) "height";
  Real v(start = 0, fixed = true) "velocity";
  Integer bounces(start = 0, fixed = true);
equation
  der(h) = v;
  der(v) = -g;
  when h < 0 then
    reinit(v, -e * pre(v));
    bounces = pre(bounces) + 1;
  end when;
  annotation(experiment(StopTime = 3));
end BouncingBall;
