within Modelica.Mechanics.MultiBody.Frames;
package TransformationMatrices "Orientations as bare 3x3 transformation matrices (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.FunctionsPackage;

  // Convention throughout: T transforms vectors from frame 1 to frame 2,
  // v2 = T*v1, so the rows of T are the axes of frame 2 resolved in frame 1.

  type Orientation "Orientation of frame 2 relative to frame 1 as transformation matrix"
    extends Internal.TransformationMatrix;

    encapsulated function equalityConstraint "Residues that vanish when T1 and T2 are the same orientation"
      import Modelica;
      import Modelica.Mechanics.MultiBody.Frames.TransformationMatrices;
      extends Modelica.Icons.Function;
      input TransformationMatrices.Orientation T1 "Orientation of frame 1 relative to frame 0";
      input TransformationMatrices.Orientation T2 "Orientation of frame 2 relative to frame 0";
      output Real residue[3] "Small rotation angles about the x, y and z axes of frame 1 that turn frame 1 into frame 2";
    algorithm
      // T_rel = T2*transpose(T1) = identity(3) - skew(phi) for a small rotation phi.
      residue := {T2[2, :] * T1[3, :], -(T2[1, :] * T1[3, :]), T2[1, :] * T1[2, :]};
      annotation(Inline = true);
    end equalityConstraint;
  end Orientation;

  type der_Orientation = Real[3, 3](each unit = "1/s") "Time derivative of an Orientation matrix";

  function orientationConstraint "Residues of the orthonormality of T (zero for a rotation matrix)"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    output Real residue[6] "Unit length of the three columns, then orthogonality of columns 1-2, 1-3 and 2-3";
  algorithm
    residue := {T[:, 1] * T[:, 1] - 1, T[:, 2] * T[:, 2] - 1, T[:, 3] * T[:, 3] - 1,
                T[:, 1] * T[:, 2], T[:, 1] * T[:, 3], T[:, 2] * T[:, 3]};
    annotation(Inline = true);
  end orientationConstraint;

  function angularVelocity1 "Angular velocity of frame 2 relative to frame 1, resolved in frame 1, from T and der(T)"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input der_Orientation der_T "der(T)";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 1";
  algorithm
    // skew(w) = der(transpose(T))*T, whose (i,j) element is der_T[:,i]*T[:,j];
    // w = {W[3,2], W[1,3], W[2,1]} with W[1,3] = -W[3,1].
    w := {der_T[:, 3] * T[:, 2], -(der_T[:, 3] * T[:, 1]), der_T[:, 2] * T[:, 1]};
    annotation(Inline = true);
  end angularVelocity1;

  function angularVelocity2 "Angular velocity of frame 2 relative to frame 1, resolved in frame 2, from T and der(T)"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input der_Orientation der_T "der(T)";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 2";
  algorithm
    // skew(w) = T*der(transpose(T)), whose (i,j) element is T[i,:]*der_T[j,:].
    w := {T[3, :] * der_T[2, :], -(T[3, :] * der_T[1, :]), T[2, :] * der_T[1, :]};
    annotation(Inline = true);
  end angularVelocity2;

  function resolve1 "Vector resolved in frame 2 -> same vector resolved in frame 1"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real v2[3] "Vector resolved in frame 2";
    output Real v1[3] "Vector resolved in frame 1";
  algorithm
    v1 := transpose(T) * v2;
    annotation(Inline = true);
  end resolve1;

  function resolve2 "Vector resolved in frame 1 -> same vector resolved in frame 2"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real v1[3] "Vector resolved in frame 1";
    output Real v2[3] "Vector resolved in frame 2";
  algorithm
    v2 := T * v1;
    annotation(Inline = true);
  end resolve2;

  function multipleResolve1 "Columns resolved in frame 2 -> the same columns resolved in frame 1"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real v2[3, :] "Vectors (columns) resolved in frame 2";
    output Real v1[3, size(v2, 2)] "Vectors (columns) resolved in frame 1";
  algorithm
    v1 := transpose(T) * v2;
    annotation(Inline = true);
  end multipleResolve1;

  function multipleResolve2 "Columns resolved in frame 1 -> the same columns resolved in frame 2"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real v1[3, :] "Vectors (columns) resolved in frame 1";
    output Real v2[3, size(v1, 2)] "Vectors (columns) resolved in frame 2";
  algorithm
    v2 := T * v1;
    annotation(Inline = true);
  end multipleResolve2;

  function resolveDyade1 "Second-order tensor resolved in frame 2 -> same tensor resolved in frame 1"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real D2[3, 3] "Tensor resolved in frame 2";
    output Real D1[3, 3] "Tensor resolved in frame 1";
  algorithm
    D1 := transpose(T) * D2 * T;
    annotation(Inline = true);
  end resolveDyade1;

  function resolveDyade2 "Second-order tensor resolved in frame 1 -> same tensor resolved in frame 2"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Real D1[3, 3] "Tensor resolved in frame 1";
    output Real D2[3, 3] "Tensor resolved in frame 2";
  algorithm
    D2 := T * D1 * transpose(T);
    annotation(Inline = true);
  end resolveDyade2;

  function nullRotation "The orientation of a frame that coincides with frame 1"
    extends Modelica.Icons.Function;
    output TransformationMatrices.Orientation T "Identity matrix";
  algorithm
    T := identity(3);
    annotation(Inline = true);
  end nullRotation;

  function inverseRotation "Orientation of frame 1 relative to frame 2"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    output TransformationMatrices.Orientation T_inv "Orientation of frame 1 relative to frame 2";
  algorithm
    T_inv := transpose(T);
    annotation(Inline = true);
  end inverseRotation;

  function relativeRotation "Orientation of frame 2 relative to frame 1, from both relative to frame 0"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T1 "Orientation of frame 1 relative to frame 0";
    input TransformationMatrices.Orientation T2 "Orientation of frame 2 relative to frame 0";
    output TransformationMatrices.Orientation T_rel "Orientation of frame 2 relative to frame 1";
  algorithm
    T_rel := T2 * transpose(T1);
    annotation(Inline = true);
  end relativeRotation;

  function absoluteRotation "Orientation of frame 2 relative to frame 0, from frame 1 relative to 0 and frame 2 relative to 1"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T1 "Orientation of frame 1 relative to frame 0";
    input TransformationMatrices.Orientation T_rel "Orientation of frame 2 relative to frame 1";
    output TransformationMatrices.Orientation T2 "Orientation of frame 2 relative to frame 0";
  algorithm
    T2 := T_rel * T1;
    annotation(Inline = true);
  end absoluteRotation;

  function planarRotation "Rotation by an angle about a fixed unit axis"
    extends Modelica.Icons.Function;
    input Real e[3](each final unit = "1") "Unit vector along the rotation axis (same in frames 1 and 2)";
    input SI.Angle angle "Angle of the rotation from frame 1 to frame 2 (right-handed about e)";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  algorithm
    // The component along e is kept; the orthogonal part turns by -angle when
    // expressed in the rotated frame.
    T := outerProduct(e, e) + cos(angle) * (identity(3) - outerProduct(e, e)) - sin(angle) * skew(e);
    annotation(Inline = true);
  end planarRotation;

  function planarRotationAngle "Angle of a rotation about e, given one vector resolved in both frames"
    extends Modelica.Icons.Function;
    input Real e[3](each final unit = "1") "Unit vector along the rotation axis";
    input Real v1[3] "A vector resolved in frame 1 (not parallel to e)";
    input Real v2[3] "The same vector resolved in frame 2";
    output SI.Angle angle "Angle of the rotation from frame 1 to frame 2, in [-pi, pi]";
  algorithm
    // From v2 = e*(e*v1) + cos(angle)*(v1 - e*(e*v1)) - sin(angle)*cross(e, v1):
    // cross(e, v1)*v2 = -|cross(e, v1)|^2*sin(angle) and
    // v1*v2 - (e*v1)*(e*v2) = |cross(e, v1)|^2*cos(angle); the common positive
    // factor does not change atan2.
    angle := atan2(-(cross(e, v1) * v2), v1 * v2 - (e * v1) * (e * v2));
    annotation(Inline = true);
  end planarRotationAngle;

  function axisRotation "Rotation by an angle about the x, y or z axis"
    extends Modelica.Icons.Function;
    input Integer axis(min = 1, max = 3) "Axis of frame 1 to rotate about (1: x, 2: y, 3: z)";
    input SI.Angle angle "Angle of the rotation from frame 1 to frame 2";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  algorithm
    T := if axis == 1 then [1, 0, 0; 0, cos(angle), sin(angle); 0, -sin(angle), cos(angle)]
         elseif axis == 2 then [cos(angle), 0, -sin(angle); 0, 1, 0; sin(angle), 0, cos(angle)]
         else [cos(angle), sin(angle), 0; -sin(angle), cos(angle), 0; 0, 0, 1];
    annotation(Inline = true);
  end axisRotation;

  function axesRotations "Three successive rotations about axes of the intermediate frames"
    extends Modelica.Icons.Function;
    input Integer sequence[3](min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the three rotations";
    input SI.Angle angles[3] = {0, 0, 0} "Angles of the three rotations";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  algorithm
    T := axisRotation(sequence[3], angles[3]) * axisRotation(sequence[2], angles[2]) * axisRotation(sequence[1], angles[1]);
    annotation(Inline = true);
  end axesRotations;

  function axesRotationsAngles "Angles of three successive axis rotations that give T"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Integer sequence[3](min = {1, 1, 1}, max = {3, 3, 3}) = {1, 2, 3} "Axes of the three rotations";
    input SI.Angle guessAngle1 = 0 "Of the two solutions, the one with angles[1] nearest to this is returned";
    output SI.Angle angles[3] "Angles with T = axesRotations(sequence, angles), each in [-pi, pi]";
  protected
    Real E[3, 3] = identity(3) "Rows are the coordinate unit vectors";
    Real e1[3] "First rotation axis (in frame 1)";
    Real e2[3] "Second rotation axis (in the intermediate frames 1a and 1b)";
    Real e3[3] "Third rotation axis (in frame 2)";
    Real e3_1[3] "Third rotation axis resolved in frame 1";
    Real A "Coefficient of cos(angles[1]) in the condition on angles[1]";
    Real B "Coefficient of sin(angles[1]) in the condition on angles[1]";
    SI.Angle candidate1 "First solution for angles[1]";
    SI.Angle candidate2 "Second solution for angles[1]";
    TransformationMatrices.Orientation T1 "Orientation of frame 1a relative to frame 1";
  algorithm
    assert(sequence[1] <> sequence[2] and sequence[2] <> sequence[3],
      "axesRotationsAngles: consecutive rotation axes must differ, but sequence = {"
      + String(sequence[1]) + ", " + String(sequence[2]) + ", " + String(sequence[3]) + "}");
    e1 := E[sequence[1], :];
    e2 := E[sequence[2], :];
    e3 := E[sequence[3], :];
    // Frame 2 arises from frame 1 by turning about e1 (-> 1a), then about e2
    // (-> 1b), then about e3 (-> 2). The third axis is common to 1b and 2, and
    // it is orthogonal to the second axis there. Resolved in frame 1, the second
    // axis is e2*cos(angles[1]) + cross(e1, e2)*sin(angles[1]) and the third is
    // row sequence[3] of T; their product must vanish:
    //   A*cos(angles[1]) + B*sin(angles[1]) = 0.
    e3_1 := T[sequence[3], :];
    A := e2 * e3_1;
    B := cross(e1, e2) * e3_1;
    if abs(A) <= 1e-12 and abs(B) <= 1e-12 then
      // Singular: every angles[1] fits, so take the guess.
      angles[1] := guessAngle1;
    else
      candidate1 := atan2(A, -B);
      candidate2 := atan2(-A, B);
      angles[1] := if abs(candidate1 - guessAngle1) <= abs(candidate2 - guessAngle1) then candidate1 else candidate2;
    end if;
    T1 := planarRotation(e1, angles[1]);
    // The third axis is e3 in frame 1b and T1*e3_1 in frame 1a; frame 1b
    // arises from 1a by the rotation about e2.
    angles[2] := planarRotationAngle(e2, T1 * e3_1, e3);
    // The second axis is e2 in frame 1b and, resolved in frame 2,
    // T*(transpose(T1)*e2); frame 2 arises from 1b by the rotation about e3.
    angles[3] := planarRotationAngle(e3, e2, T * (transpose(T1) * e2));
  end axesRotationsAngles;

  function smallRotation "Rotation angles about x, y, z valid for a small rotation, optionally with residues"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Boolean withResidues = false "= true to append three residues that vanish for a small rotation";
    output SI.Angle phi[if withResidues then 6 else 3] "Angles about the x, y and z axes, then optionally the residues";
  algorithm
    // For small angles T = identity(3) - skew(phi).
    phi := if withResidues then {T[2, 3], -T[1, 3], T[1, 2], T[1, 1] - 1, T[2, 2] - 1, T[1, 1] * T[2, 2] - T[2, 1] * T[1, 2] - 1}
           else {T[2, 3], -T[1, 3], T[1, 2]};
    annotation(Inline = true);
  end smallRotation;

  function from_nxy "Orientation from the directions of the x and y axes of frame 2, resolved in frame 1"
    extends Modelica.Icons.Function;
    input Real n_x[3] "Direction of the x axis of frame 2, resolved in frame 1";
    input Real n_y[3] "Direction of the y axis of frame 2, resolved in frame 1 (need not be orthogonal to n_x)";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  protected
    Real e_x[3](each final unit = "1") "Unit x axis";
    Real e_y[3](each final unit = "1") "Unit vector towards n_y";
    Real n_z[3](each final unit = "1") "Vector along the z axis";
    Real e_z[3](each final unit = "1") "Unit z axis";
  algorithm
    // Zero input vectors fall back to the coordinate axes.
    e_x := if sqrt(n_x * n_x) < 1e-10 then {1, 0, 0} else n_x / sqrt(n_x * n_x);
    e_y := if sqrt(n_y * n_y) < 1e-10 then {0, 1, 0} else n_y / sqrt(n_y * n_y);
    n_z := cross(e_x, e_y);
    if n_z * n_z <= 1.0e-6 then
      // n_x and n_y are (nearly) parallel: take a coordinate axis that is not
      // parallel to e_x for the plane of the x and y axes.
      n_z := cross(e_x, if abs(e_x[1]) > 1.0e-6 then {0, 1, 0} else {1, 0, 0});
    end if;
    e_z := n_z / sqrt(n_z * n_z);
    // The y axis lies in the plane of n_x and n_y, orthogonal to e_x.
    T := {e_x, cross(e_z, e_x), e_z};
  end from_nxy;

  function from_nxz "Orientation from the directions of the x and z axes of frame 2, resolved in frame 1"
    extends Modelica.Icons.Function;
    input Real n_x[3](each final unit = "1") "Direction of the x axis of frame 2, resolved in frame 1";
    input Real n_z[3](each final unit = "1") "Direction of the z axis of frame 2, resolved in frame 1 (need not be orthogonal to n_x)";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  protected
    Real e_x[3](each final unit = "1") "Unit x axis";
    Real e_z[3](each final unit = "1") "Unit vector towards n_z";
    Real n_y[3](each final unit = "1") "Vector along the y axis";
    Real e_y[3](each final unit = "1") "Unit y axis";
  algorithm
    // Zero input vectors fall back to the coordinate axes.
    e_x := if sqrt(n_x * n_x) < 1e-10 then {1, 0, 0} else n_x / sqrt(n_x * n_x);
    e_z := if sqrt(n_z * n_z) < 1e-10 then {0, 0, 1} else n_z / sqrt(n_z * n_z);
    n_y := cross(e_z, e_x);
    if n_y * n_y <= 1.0e-6 then
      // n_x and n_z are (nearly) parallel: take a coordinate axis that is not
      // parallel to e_x for the plane of the x and z axes.
      n_y := cross(if abs(e_x[1]) > 1.0e-6 then {0, 0, 1} else {1, 0, 0}, e_x);
    end if;
    e_y := n_y / sqrt(n_y * n_y);
    T := {e_x, e_y, cross(e_x, e_y)};
  end from_nxz;

  function from_T "Orientation from a transformation matrix"
    extends Modelica.Icons.Function;
    input Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
    output TransformationMatrices.Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := T;
    annotation(Inline = true);
  end from_T;

  function from_T_inv "Orientation from the inverse transformation matrix"
    extends Modelica.Icons.Function;
    input Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
    output TransformationMatrices.Orientation R "Orientation of frame 2 relative to frame 1";
  algorithm
    R := transpose(T_inv);
    annotation(Inline = true);
  end from_T_inv;

  function from_Q "Orientation from a quaternion"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
  algorithm
    T := Quaternions.to_T(Q);
    annotation(Inline = true);
  end from_Q;

  function to_T "Transformation matrix of an orientation"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation R "Orientation of frame 2 relative to frame 1";
    output Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
  algorithm
    T := R;
    annotation(Inline = true);
  end to_T;

  function to_T_inv "Inverse transformation matrix of an orientation"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation R "Orientation of frame 2 relative to frame 1";
    output Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
  algorithm
    T_inv := transpose(R);
    annotation(Inline = true);
  end to_T_inv;

  function to_Q "Quaternion of an orientation (of the two, the one nearer to Q_guess)"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    input Quaternions.Orientation Q_guess = Quaternions.nullRotation() "Q and -Q describe the same orientation; the one with Q*Q_guess >= 0 is returned";
    output Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
  algorithm
    Q := Quaternions.from_T(T, Q_guess);
    annotation(Inline = true);
  end to_Q;

  function to_vector "The nine elements of T, column by column"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    output Real vec[9] "{T[1,1], T[2,1], T[3,1], T[1,2], ..., T[3,3]}";
  algorithm
    vec := {T[1, 1], T[2, 1], T[3, 1], T[1, 2], T[2, 2], T[3, 2], T[1, 3], T[2, 3], T[3, 3]};
    annotation(Inline = true);
  end to_vector;

  function to_exy "The x and y axes of frame 2, resolved in frame 1, as the columns of a matrix"
    extends Modelica.Icons.Function;
    input TransformationMatrices.Orientation T "Orientation of frame 2 relative to frame 1";
    output Real exy[3, 2] "[e_x, e_y]";
  algorithm
    exy := [T[1, :], T[2, :]];
    annotation(Inline = true);
  end to_exy;
end TransformationMatrices;
