// A quaternion found from a rotation it must give, as a MultiBody joint's
// initial orientation is: the residue of each row pair is an atan2 (zero
// where the two rotations agree), and the quaternion starts at the
// identity. There the Jacobian is singular (the first and third residues
// have equal rows): Newton's direction is useless, its line search stops,
// and the homotopy's path turns back.
model QuaternionFromOrientation
  parameter Real a = 0.7853981633974483 "the three angles of the rotation";
  parameter Real c = cos(a), s = sin(a);
  parameter Real Rz[3, 3] = {{c, s, 0}, {-s, c, 0}, {0, 0, 1}};
  parameter Real Ry[3, 3] = {{c, 0, -s}, {0, 1, 0}, {s, 0, c}};
  parameter Real Rx[3, 3] = {{1, 0, 0}, {0, c, s}, {0, -s, c}};
  parameter Real R[3, 3] = Rz * Ry * Rx "the rotation to reach";
  Real Q[4](start = {0, 0, 0, 1});
  Real T[3, 3] "the rotation of Q";
  Real n[3];
equation
  T = [2 * (Q[1] * Q[1] + Q[4] * Q[4]) - 1, 2 * (Q[1] * Q[2] + Q[3] * Q[4]), 2 * (Q[1] * Q[3] - Q[2] * Q[4]);
       2 * (Q[2] * Q[1] - Q[3] * Q[4]), 2 * (Q[2] * Q[2] + Q[4] * Q[4]) - 1, 2 * (Q[2] * Q[3] + Q[1] * Q[4]);
       2 * (Q[3] * Q[1] + Q[2] * Q[4]), 2 * (Q[3] * Q[2] - Q[1] * Q[4]), 2 * (Q[3] * Q[3] + Q[4] * Q[4]) - 1];
  n = cross(R[1, :], R[2, :]);
  0 = atan2(n * T[2, :], R[1, :] * T[1, :]);
  0 = atan2(-n * T[1, :], R[2, :] * T[2, :]);
  0 = atan2(R[2, :] * T[1, :], R[3, :] * T[3, :]);
  0 = Q * Q - 1;
end QuaternionFromOrientation;
