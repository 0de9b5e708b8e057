// Exudyn's mini example with the constraint switched off: the point mass
// falls freely from (1, 0, 0). Its whole initial state is given, since the
// constraint no longer determines x.
model DistanceFreeFall
  extends Mocc.MultiBody.Examples.Pendulum(
    rod(activeConnector = false),
    mass(r_0(fixed = {true, true, true}), v_0(fixed = {true, true, true})));
end DistanceFreeFall;
