within Modelica.Mechanics.MultiBody;
package Frames "Orientation objects and the transformation of vectors between frames (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.Package;

  // An Orientation R describes frame 2 relative to frame 1: R.T transforms
  // vectors from frame 1 to frame 2 (v2 = R.T*v1) and R.w is the angular
  // velocity of frame 2 relative to frame 1, resolved in frame 2, so that
  // skew(R.w) = R.T*der(transpose(R.T)).

  function orientationConstraint "Residues of the orthonormality of R.T (zero for a rotation)"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Real residue[6] "Unit length of the three columns, then orthogonality of columns 1-2, 1-3 and 2-3";
  algorithm
    residue := {R.T[:, 1] * R.T[:, 1] - 1, R.T[:, 2] * R.T[:, 2] - 1, R.T[:, 3] * R.T[:, 3] - 1,
                R.T[:, 1] * R.T[:, 2], R.T[:, 1] * R.T[:, 3], R.T[:, 2] * R.T[:, 3]};
    annotation(Inline = true);
  end orientationConstraint;

  function angularVelocity1 "Angular velocity of frame 2 relative to frame 1, resolved in frame 1"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 1";
  algorithm
    w := resolve1(R, R.w);
    annotation(Inline = true);
  end angularVelocity1;

  function angularVelocity2 "Angular velocity of frame 2 relative to frame 1, resolved in frame 2"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 2";
  algorithm
    w := R.w;
    annotation(Inline = true);
  end angularVelocity2;

  function resolve1 "Vector resolved in frame 2 -> same vector resolved in frame 1"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Real v2[3] "Vector resolved in frame 2";
    output Real v1[3] "Vector resolved in frame 1";
  algorithm
    v1 := transpose(R.T) * v2;
    annotation(derivative(noDerivative = R) = Internal.resolve1_der, InlineAfterIndexReduction = true);
  end resolve1;

  function resolve2 "Vector resolved in frame 1 -> same vector resolved in frame 2"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Real v1[3] "Vector resolved in frame 1";
    output Real v2[3] "Vector resolved in frame 2";
  algorithm
    v2 := R.T * v1;
    annotation(derivative(noDerivative = R) = Internal.resolve2_der, InlineAfterIndexReduction = true);
  end resolve2;

  function resolveRelative "Vector resolved in frame 1 -> same vector resolved in frame 2, both frames given relative to frame 0"
    extends Modelica.Icons.Function;
    input Real v1[3] "Vector resolved in frame 1";
    input Orientation R1 "Orientation of frame 1 relative to frame 0";
    input Orientation R2 "Orientation of frame 2 relative to frame 0";
    output Real v2[3] "Vector resolved in frame 2";
  algorithm
    v2 := R2.T * (transpose(R1.T) * v1);
    annotation(derivative(noDerivative = R1, noDerivative = R2) = Internal.resolveRelative_der, InlineAfterIndexReduction = true);
  end resolveRelative;

  function resolveDyade1 "Second-order tensor resolved in frame 2 -> same tensor resolved in frame 1"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Real D2[3, 3] "Tensor resolved in frame 2";
    output Real D1[3, 3] "Tensor resolved in frame 1";
  algorithm
    D1 := transpose(R.T) * D2 * R.T;
    annotation(Inline = true);
  end resolveDyade1;

  function resolveDyade2 "Second-order tensor resolved in frame 1 -> same tensor resolved in frame 2"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Real D1[3, 3] "Tensor resolved in frame 1";
    output Real D2[3, 3] "Tensor resolved in frame 2";
  algorithm
    D2 := R.T * D1 * transpose(R.T);
    annotation(Inline = true);
  end resolveDyade2;

  function nullRotation "Orientation of a frame that coincides with frame 1"
    extends Modelica.Icons.Function;
    output Orientation R "Identity matrix, no angular velocity";
  algorithm
    R := Orientation(T = identity(3), w = zeros(3));
    annotation(Inline = true);
  end nullRotation;

  function inverseRotation "Orientation of frame 1 relative to frame 2"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Orientation R_inv "Orientation of frame 1 relative to frame 2";
  algorithm
    // The angular velocity changes sign and is resolved in frame 1 instead of frame 2.
    R_inv := Orientation(T = transpose(R.T), w = -resolve1(R, R.w));
    annotation(Inline = true);
  end inverseRotation;

  function relativeRotation "Orientation of frame 2 relative to frame 1, from both relative to frame 0"
    extends Modelica.Icons.Function;
    input Orientation R1 "Orientation of frame 1 relative to frame 0";
    input Orientation R2 "Orientation of frame 2 relative to frame 0";
    output Orientation R_rel "Orientation of frame 2 relative to frame 1";
  algorithm
    // Relative angular velocity: that of frame 2 minus that of frame 1, both resolved in frame 2.
    R_rel := Orientation(T = R2.T * transpose(R1.T), w = R2.w - resolveRelative(R1.w, R1, R2));
    annotation(Inline = true);
  end relativeRotation;

  function absoluteRotation "Orientation of frame 2 relative to frame 0, from frame 1 relative to 0 and frame 2 relative to 1"
    extends Modelica.Icons.Function;
    input Orientation R1 "Orientation of frame 1 relative to frame 0";
    input Orientation R_rel "Orientation of frame 2 relative to frame 1";
    output Orientation R2 "Orientation of frame 2 relative to frame 0";
  algorithm
    // Angular velocities add once both are resolved in frame 2.
    R2 := Orientation(T = R_rel.T * R1.T, w = resolve2(R_rel, R1.w) + R_rel.w);
    annotation(Inline = true);
  end absoluteRotation;

  function planarRotation "Rotation by an angle about a fixed unit axis"
    extends Modelica.Icons.Function;
    input Real e[3](each final unit = "1") "Unit vector along the rotation axis (same in frames 1 and 2)";
    input SI.Angle angle "Angle of the rotation from frame 1 to frame 2 (right-handed about e)";
    input SI.AngularVelocity der_angle "der(angle)";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := Orientation(T = outerProduct(e, e) + cos(angle) * (identity(3) - outerProduct(e, e)) - sin(angle) * skew(e),
                     w = der_angle * e);
    annotation(Inline = true);
  end planarRotation;

  function planarRotationAngle "Angle of a rotation about e, given one vector resolved in both frames"
    extends Modelica.Icons.Function;
    input Real e[3](each final unit = "1") "Unit vector along the rotation axis";
    input Real v1[3] "A vector resolved in frame 1 (not parallel to e)";
    input Real v2[3] "The same vector resolved in frame 2";
    output SI.Angle angle "Angle of the rotation from frame 1 to frame 2, in [-pi, pi]";
  algorithm
    // See TransformationMatrices.planarRotationAngle.
    angle := atan2(-(cross(e, v1) * v2), v1 * v2 - (e * v1) * (e * v2));
    annotation(Inline = true);
  end planarRotationAngle;

  function axisRotation "Rotation by an angle about the x, y or z axis"
    extends Modelica.Icons.Function;
    input Integer axis(min = 1, max = 3) "Axis of frame 1 to rotate about (1: x, 2: y, 3: z)";
    input SI.Angle angle "Angle of the rotation from frame 1 to frame 2";
    input SI.AngularVelocity der_angle "der(angle)";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := Orientation(T = TransformationMatrices.axisRotation(axis, angle),
                     w = {if axis == 1 then der_angle else 0, if axis == 2 then der_angle else 0, if axis == 3 then der_angle else 0});
    annotation(Inline = true);
  end axisRotation;

  function axesRotations "Three successive rotations about axes of the intermediate frames"
    extends Modelica.Icons.Function;
    input Integer sequence[3](min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the three rotations";
    input SI.Angle angles[3] "Angles of the three rotations";
    input SI.AngularVelocity der_angles[3] "der(angles)";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    // T = T3*T2*T1 for the three axis rotations T1, T2, T3. The angular
    // velocity of each rotation is along its own axis; the three are summed
    // after resolving them in frame 2.
    R := Orientation(
      T = TransformationMatrices.axisRotation(sequence[3], angles[3]) * TransformationMatrices.axisRotation(sequence[2], angles[2])
          * TransformationMatrices.axisRotation(sequence[1], angles[1]),
      w = axis(sequence[3]) * der_angles[3]
          + TransformationMatrices.axisRotation(sequence[3], angles[3]) * (axis(sequence[2]) * der_angles[2])
          + TransformationMatrices.axisRotation(sequence[3], angles[3]) * (TransformationMatrices.axisRotation(sequence[2], angles[2]) * (axis(sequence[1]) * der_angles[1])));
    annotation(Inline = true);
  end axesRotations;

  function axesRotationsAngles "Angles of three successive axis rotations that give R"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Integer sequence[3](min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the three rotations";
    input SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is returned";
    output SI.Angle angles[3] "Angles with R = axesRotations(sequence, angles, ...), each in [-pi, pi]";
  algorithm
    angles := TransformationMatrices.axesRotationsAngles(R.T, sequence, guessAngle1);
  end axesRotationsAngles;

  function smallRotation "Rotation angles about x, y, z valid for a small rotation, optionally with residues"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Boolean withResidues = false "= true to append three residues that vanish for a small rotation";
    output SI.Angle phi[if withResidues then 6 else 3] "Angles about the x, y and z axes, then optionally the residues";
  algorithm
    phi := TransformationMatrices.smallRotation(R.T, withResidues);
    annotation(Inline = true);
  end smallRotation;

  function from_nxy "Fixed orientation from the directions of the x and y axes of frame 2, resolved in frame 1"
    extends Modelica.Icons.Function;
    input Real n_x[3] "Direction of the x axis of frame 2, resolved in frame 1";
    input Real n_y[3] "Direction of the y axis of frame 2, resolved in frame 1 (need not be orthogonal to n_x)";
    output Orientation R "Orientation of frame 2 relative to frame 1 (no angular velocity)";
  algorithm
    R := Orientation(T = TransformationMatrices.from_nxy(n_x, n_y), w = zeros(3));
  end from_nxy;

  function from_nxz "Fixed orientation from the directions of the x and z axes of frame 2, resolved in frame 1"
    extends Modelica.Icons.Function;
    input Real n_x[3](each final unit = "1") "Direction of the x axis of frame 2, resolved in frame 1";
    input Real n_z[3](each final unit = "1") "Direction of the z axis of frame 2, resolved in frame 1 (need not be orthogonal to n_x)";
    output Orientation R "Orientation of frame 2 relative to frame 1 (no angular velocity)";
  algorithm
    R := Orientation(T = TransformationMatrices.from_nxz(n_x, n_z), w = zeros(3));
  end from_nxz;

  function from_T "Orientation from a transformation matrix and an angular velocity"
    extends Modelica.Icons.Function;
    input Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
    input SI.AngularVelocity w[3] "Angular velocity of frame 2 relative to frame 1, resolved in frame 2 (skew(w) = T*der(transpose(T)))";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := Orientation(T = T, w = w);
    annotation(Inline = true);
  end from_T;

  function from_T2 "Orientation from a transformation matrix and its derivative"
    extends Modelica.Icons.Function;
    input Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
    input Real der_T[3, 3] "der(T)";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := Orientation(T = T, w = TransformationMatrices.angularVelocity2(T, der_T));
    annotation(Inline = true);
  end from_T2;

  function from_T_inv "Orientation from the inverse transformation matrix and the inverse angular velocity"
    extends Modelica.Icons.Function;
    input Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
    input SI.AngularVelocity w[3] "Angular velocity of frame 1 relative to frame 2, resolved in frame 1 (skew(w) = T_inv*der(transpose(T_inv)))";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    // The angular velocity of frame 2 relative to frame 1 is -w, resolved in frame 2.
    R := Orientation(T = transpose(T_inv), w = -(transpose(T_inv) * w));
    annotation(Inline = true);
  end from_T_inv;

  function from_Q "Orientation from a quaternion and an angular velocity"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input SI.AngularVelocity w[3] "Angular velocity of frame 2 relative to frame 1, resolved in frame 2";
    output Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := Orientation(T = (2 * Q[4] * Q[4] - 1) * identity(3) + 2 * (outerProduct(Q[1:3], Q[1:3]) - Q[4] * skew(Q[1:3])), w = w);
    annotation(Inline = true);
  end from_Q;

  function to_T "Transformation matrix of an orientation"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
  algorithm
    T := R.T;
    annotation(Inline = true);
  end to_T;

  function to_T_inv "Inverse transformation matrix of an orientation"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
  algorithm
    T_inv := transpose(R.T);
    annotation(Inline = true);
  end to_T_inv;

  function to_Q "Quaternion of an orientation (of the two, the one nearer to Q_guess)"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    input Quaternions.Orientation Q_guess = Quaternions.nullRotation() "Q and -Q describe the same orientation; the one with Q*Q_guess >= 0 is returned";
    output Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
  algorithm
    Q := Quaternions.from_T(R.T, Q_guess);
    annotation(Inline = true);
  end to_Q;

  function to_vector "The nine elements of R.T, column by column"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Real vec[9] "{T[1,1], T[2,1], T[3,1], T[1,2], ..., T[3,3]}";
  algorithm
    vec := {R.T[1, 1], R.T[2, 1], R.T[3, 1], R.T[1, 2], R.T[2, 2], R.T[3, 2], R.T[1, 3], R.T[2, 3], R.T[3, 3]};
    annotation(Inline = true);
  end to_vector;

  function to_exy "The x and y axes of frame 2, resolved in frame 1, as the columns of a matrix"
    extends Modelica.Icons.Function;
    input Orientation R "Orientation of frame 2 relative to frame 1";
    output Real exy[3, 2] "[e_x, e_y]";
  algorithm
    exy := [R.T[1, :], R.T[2, :]];
    annotation(Inline = true);
  end to_exy;

  function axis "Unit vector along the x, y or z axis"
    extends Modelica.Icons.Function;
    input Integer axis(min = 1, max = 3) "1: x, 2: y, 3: z";
    output Real e[3](each final unit = "1") "Unit vector";
  algorithm
    e := {if axis == 1 then 1 else 0, if axis == 2 then 1 else 0, if axis == 3 then 1 else 0};
    annotation(Inline = true);
  end axis;
end Frames;
