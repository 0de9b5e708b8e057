within Modelica.Mechanics.MultiBody.Frames;
package Quaternions "Orientations as quaternions (Euler parameters) {p1, p2, p3, p0} (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.FunctionsPackage;

  // A rotation of frame 1 by the angle phi about the unit axis e gives frame 2
  // and the quaternion Q = {e*sin(phi/2), cos(phi/2)}; Q and -Q describe the
  // same orientation. Written as a scalar part p0 = Q[4] and a vector part
  // p = Q[1:3], the transformation matrix from frame 1 to frame 2 is
  //   T = (2*p0^2 - 1)*identity(3) + 2*(outerProduct(p, p) - p0*skew(p)),
  // and composing orientations is the quaternion product (see absoluteRotation).

  type Orientation "Orientation of frame 2 relative to frame 1 as quaternion {p1, p2, p3, p0}"
    extends Internal.QuaternionBase;

    encapsulated function equalityConstraint "Residues that vanish when Q1 and Q2 are the same quaternion"
      import Modelica;
      import Modelica.Mechanics.MultiBody.Frames.Quaternions;
      extends Modelica.Icons.Function;
      input Quaternions.Orientation Q1 "Quaternion of frame 1 relative to frame 0";
      input Quaternions.Orientation Q2 "Quaternion of frame 2 relative to frame 0";
      output Real residue[3] "Zero when Q1 = Q2 (the mirrored solution Q1 = -Q2 gives +-pi)";
    protected
      Quaternions.Orientation Q_rel = Quaternions.relativeRotation(Q1, Q2) "Quaternion of frame 2 relative to frame 1";
    algorithm
      // The vector part of the relative quaternion vanishes for equal
      // orientations; atan2 against its scalar part rejects Q_rel = -{0,0,0,1}.
      residue := {atan2(Q_rel[1], Q_rel[4]), atan2(Q_rel[2], Q_rel[4]), atan2(Q_rel[3], Q_rel[4])};
    end equalityConstraint;
  end Orientation;

  type der_Orientation = Real[4](each unit = "1/s") "Time derivative of a quaternion";

  function orientationConstraint "Residue of the unit length of Q"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output Real residue[1] "Q*Q - 1";
  algorithm
    residue := {Q * Q - 1};
    annotation(Inline = true);
  end orientationConstraint;

  function angularVelocity1 "Angular velocity of frame 2 relative to frame 1, resolved in frame 1, from Q and der(Q)"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input der_Orientation der_Q "der(Q)";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 1";
  algorithm
    // Vector part of 2*der(Q) (x) conj(Q) in quaternion product notation.
    w := 2 * (Q[4] * der_Q[1:3] - der_Q[4] * Q[1:3] + cross(Q[1:3], der_Q[1:3]));
    annotation(Inline = true);
  end angularVelocity1;

  function angularVelocity2 "Angular velocity of frame 2 relative to frame 1, resolved in frame 2, from Q and der(Q)"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input der_Orientation der_Q "der(Q)";
    output SI.AngularVelocity w[3] "Angular velocity resolved in frame 2";
  algorithm
    // Vector part of 2*conj(Q) (x) der(Q) in quaternion product notation.
    w := 2 * (Q[4] * der_Q[1:3] - der_Q[4] * Q[1:3] - cross(Q[1:3], der_Q[1:3]));
    annotation(Inline = true);
  end angularVelocity2;

  function resolve1 "Vector resolved in frame 2 -> same vector resolved in frame 1"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input Real v2[3] "Vector resolved in frame 2";
    output Real v1[3] "Vector resolved in frame 1";
  algorithm
    v1 := (2 * Q[4] * Q[4] - 1) * v2 + 2 * ((Q[1:3] * v2) * Q[1:3] + Q[4] * cross(Q[1:3], v2));
    annotation(Inline = true);
  end resolve1;

  function resolve2 "Vector resolved in frame 1 -> same vector resolved in frame 2"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input Real v1[3] "Vector resolved in frame 1";
    output Real v2[3] "Vector resolved in frame 2";
  algorithm
    v2 := (2 * Q[4] * Q[4] - 1) * v1 + 2 * ((Q[1:3] * v1) * Q[1:3] - Q[4] * cross(Q[1:3], v1));
    annotation(Inline = true);
  end resolve2;

  function multipleResolve1 "Columns resolved in frame 2 -> the same columns resolved in frame 1"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input Real v2[3, :] "Vectors (columns) resolved in frame 2";
    output Real v1[3, size(v2, 2)] "Vectors (columns) resolved in frame 1";
  algorithm
    v1 := to_T_inv(Q) * v2;
    annotation(Inline = true);
  end multipleResolve1;

  function multipleResolve2 "Columns resolved in frame 1 -> the same columns resolved in frame 2"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    input Real v1[3, :] "Vectors (columns) resolved in frame 1";
    output Real v2[3, size(v1, 2)] "Vectors (columns) resolved in frame 2";
  algorithm
    v2 := to_T(Q) * v1;
    annotation(Inline = true);
  end multipleResolve2;

  function nullRotation "Quaternion of a frame that coincides with frame 1"
    extends Modelica.Icons.Function;
    output Quaternions.Orientation Q "{0, 0, 0, 1}";
  algorithm
    Q := {0, 0, 0, 1};
    annotation(Inline = true);
  end nullRotation;

  function inverseRotation "Quaternion of frame 1 relative to frame 2"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output Quaternions.Orientation Q_inv "Quaternion of frame 1 relative to frame 2 (the conjugate)";
  algorithm
    Q_inv := {-Q[1], -Q[2], -Q[3], Q[4]};
    annotation(Inline = true);
  end inverseRotation;

  function relativeRotation "Quaternion of frame 2 relative to frame 1, from both relative to frame 0"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q1 "Quaternion of frame 1 relative to frame 0";
    input Quaternions.Orientation Q2 "Quaternion of frame 2 relative to frame 0";
    output Quaternions.Orientation Q_rel "Quaternion of frame 2 relative to frame 1";
  algorithm
    // conj(Q1) (x) Q2
    Q_rel := cat(1, Q1[4] * Q2[1:3] - Q2[4] * Q1[1:3] - cross(Q1[1:3], Q2[1:3]), {Q1 * Q2});
    annotation(Inline = true);
  end relativeRotation;

  function absoluteRotation "Quaternion of frame 2 relative to frame 0, from frame 1 relative to 0 and frame 2 relative to 1"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q1 "Quaternion of frame 1 relative to frame 0";
    input Quaternions.Orientation Q_rel "Quaternion of frame 2 relative to frame 1";
    output Quaternions.Orientation Q2 "Quaternion of frame 2 relative to frame 0";
  algorithm
    // Q1 (x) Q_rel
    Q2 := cat(1, Q1[4] * Q_rel[1:3] + Q_rel[4] * Q1[1:3] + cross(Q1[1:3], Q_rel[1:3]),
              {Q1[4] * Q_rel[4] - Q1[1:3] * Q_rel[1:3]});
    annotation(Inline = true);
  end absoluteRotation;

  function planarRotation "Quaternion of a rotation by an angle about a fixed unit axis"
    extends Modelica.Icons.Function;
    input Real e[3](each final unit = "1") "Unit vector along the rotation axis";
    input SI.Angle angle "Angle of the rotation from frame 1 to frame 2";
    output Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
  algorithm
    Q := cat(1, sin(angle / 2) * e, {cos(angle / 2)});
    annotation(Inline = true);
  end planarRotation;

  function smallRotation "Rotation angles about x, y, z valid for a small rotation"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output SI.Angle phi[3] "Angles about the x, y and z axes of frame 1";
  algorithm
    // sin(phi/2) = phi/2 for small angles
    phi := 2 * Q[1:3];
    annotation(Inline = true);
  end smallRotation;

  function from_T "Quaternion of a transformation matrix (of the two, the one nearer to Q_guess)"
    extends Modelica.Icons.Function;
    input Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
    input Quaternions.Orientation Q_guess = nullRotation() "Q and -Q describe the same orientation; the one with Q*Q_guess >= 0 is returned";
    output Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
  protected
    Real s[4] "4*Q[i]^2 for i = 1..4, from the diagonal of T";
    Integer k "Index of the largest of s";
    Real q "2*|Q[k]|";
  algorithm
    // The diagonal gives the squares of the components:
    //   4*p1^2 = 1 + T11 - T22 - T33, ..., 4*p0^2 = 1 + T11 + T22 + T33.
    // The off-diagonal sums and differences give the products:
    //   T23 - T32 = 4*p0*p1, T31 - T13 = 4*p0*p2, T12 - T21 = 4*p0*p3,
    //   T12 + T21 = 4*p1*p2, T31 + T13 = 4*p1*p3, T23 + T32 = 4*p2*p3.
    // Dividing by the largest component keeps the result accurate.
    s := {1 + T[1, 1] - T[2, 2] - T[3, 3], 1 - T[1, 1] + T[2, 2] - T[3, 3], 1 - T[1, 1] - T[2, 2] + T[3, 3], 1 + T[1, 1] + T[2, 2] + T[3, 3]};
    k := 4;
    for i in 1:3 loop
      if s[i] > s[k] then
        k := i;
      end if;
    end for;
    q := sqrt(s[k]);
    if k == 4 then
      Q := {T[2, 3] - T[3, 2], T[3, 1] - T[1, 3], T[1, 2] - T[2, 1], s[4]} / (2 * q);
    elseif k == 1 then
      Q := {s[1], T[1, 2] + T[2, 1], T[3, 1] + T[1, 3], T[2, 3] - T[3, 2]} / (2 * q);
    elseif k == 2 then
      Q := {T[1, 2] + T[2, 1], s[2], T[2, 3] + T[3, 2], T[3, 1] - T[1, 3]} / (2 * q);
    else
      Q := {T[3, 1] + T[1, 3], T[2, 3] + T[3, 2], s[3], T[1, 2] - T[2, 1]} / (2 * q);
    end if;
    if Q * Q_guess < 0 then
      Q := -Q;
    end if;
  end from_T;

  function from_T_inv "Quaternion of an inverse transformation matrix (of the two, the one nearer to Q_guess)"
    extends Modelica.Icons.Function;
    input Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
    input Quaternions.Orientation Q_guess = nullRotation() "Q and -Q describe the same orientation; the one with Q*Q_guess >= 0 is returned";
    output Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
  algorithm
    Q := from_T(transpose(T_inv), Q_guess);
    annotation(Inline = true);
  end from_T_inv;

  function to_T "Transformation matrix of a quaternion"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output Real T[3, 3] "Transformation matrix from frame 1 to frame 2 (v2 = T*v1)";
  algorithm
    T := (2 * Q[4] * Q[4] - 1) * identity(3) + 2 * (outerProduct(Q[1:3], Q[1:3]) - Q[4] * skew(Q[1:3]));
    annotation(Inline = true);
  end to_T;

  function to_T_inv "Inverse transformation matrix of a quaternion"
    extends Modelica.Icons.Function;
    input Quaternions.Orientation Q "Quaternion of frame 2 relative to frame 1";
    output Real T_inv[3, 3] "Transformation matrix from frame 2 to frame 1 (v1 = T_inv*v2)";
  algorithm
    T_inv := (2 * Q[4] * Q[4] - 1) * identity(3) + 2 * (outerProduct(Q[1:3], Q[1:3]) + Q[4] * skew(Q[1:3]));
    annotation(Inline = true);
  end to_T_inv;
end Quaternions;
