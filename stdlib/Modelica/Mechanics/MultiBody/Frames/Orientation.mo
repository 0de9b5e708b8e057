within Modelica.Mechanics.MultiBody.Frames;
record Orientation "Orientation of frame 2 relative to frame 1: transformation matrix and angular velocity"
  extends Modelica.Icons.Record;
  Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
  SI.AngularVelocity w[3] "Angular velocity of frame 2 relative to frame 1, resolved in frame 2";

  encapsulated function equalityConstraint "Residues that vanish when R1 and R2 describe the same orientation"
    import Modelica;
    import Modelica.Mechanics.MultiBody.Frames;
    extends Modelica.Icons.Function;
    input Frames.Orientation R1 "Orientation of frame 1 relative to frame 0";
    input Frames.Orientation R2 "Orientation of frame 2 relative to frame 0";
    output Real residue[3] "Rotation angles about the x, y and z axes of frame 1 that turn frame 1 into frame 2 (zero when equal)";
  algorithm
    // With T_rel = R2.T*transpose(R1.T), so T_rel[i,j] = R2.T[i,:]*R1.T[j,:],
    // a small rotation gives T_rel = identity(3) - skew(phi). Each angle is
    // taken with atan2 against a diagonal element, so that a rotation by pi
    // (where the off-diagonal elements vanish too) is not mistaken for equality.
    residue := {
      atan2(R2.T[2, :] * R1.T[3, :], R2.T[1, :] * R1.T[1, :]),
      atan2(-(R2.T[1, :] * R1.T[3, :]), R2.T[2, :] * R1.T[2, :]),
      atan2(R2.T[1, :] * R1.T[2, :], R2.T[3, :] * R1.T[3, :])};
    annotation(Inline = true);
  end equalityConstraint;
end Orientation;
