within Modelica.Mechanics.MultiBody.Frames;
package Internal "Helpers of the Frames package (mocc's own implementation of the MSL interface)"
  extends Modelica.Icons.InternalPackage;

  type TransformationMatrix = Real[3, 3] "A 3x3 transformation matrix";

  type QuaternionBase = Real[4](each unit = "1") "Quaternion {p1, p2, p3, p0}";

  function maxWithoutEvent "Larger of two numbers, without an event, differentiable"
    extends Modelica.Icons.Function;
    input Real u1 "First number";
    input Real u2 "Second number";
    output Real y "max(u1, u2)";
  algorithm
    y := if u1 > u2 then u1 else u2;
    annotation(LateInline = true, derivative = maxWithoutEvent_d);
  end maxWithoutEvent;

  function maxWithoutEvent_d "First derivative of maxWithoutEvent"
    extends Modelica.Icons.Function;
    input Real u1 "First number";
    input Real u2 "Second number";
    input Real u1_d "Derivative of u1";
    input Real u2_d "Derivative of u2";
    output Real y_d "Derivative of max(u1, u2)";
  algorithm
    y_d := if u1 > u2 then u1_d else u2_d;
    annotation(LateInline = true, derivative(order = 2) = maxWithoutEvent_dd);
  end maxWithoutEvent_d;

  function maxWithoutEvent_dd "Second derivative of maxWithoutEvent"
    extends Modelica.Icons.Function;
    input Real u1 "First number";
    input Real u2 "Second number";
    input Real u1_d "Derivative of u1";
    input Real u2_d "Derivative of u2";
    input Real u1_dd "Second derivative of u1";
    input Real u2_dd "Second derivative of u2";
    output Real y_dd "Second derivative of max(u1, u2)";
  algorithm
    y_dd := if u1 > u2 then u1_dd else u2_dd;
    annotation(LateInline = true);
  end maxWithoutEvent_dd;

  function resolve1_der "Time derivative of Frames.resolve1(R, v2)"
    import Modelica.Mechanics.MultiBody.Frames;
    extends Modelica.Icons.Function;
    input Frames.Orientation R "Orientation of frame 2 relative to frame 1";
    input Real v2[3] "Vector resolved in frame 2";
    input Real v2_der[3] "der(v2)";
    output Real v1_der[3] "Time derivative of the vector resolved in frame 1";
  algorithm
    // d/dt(transpose(T)*v2) = transpose(T)*(der(v2) + cross(w, v2)), since der(transpose(T)) = transpose(T)*skew(w)
    v1_der := transpose(R.T) * (v2_der + cross(R.w, v2));
    annotation(Inline = true);
  end resolve1_der;

  function resolve2_der "Time derivative of Frames.resolve2(R, v1)"
    import Modelica.Mechanics.MultiBody.Frames;
    extends Modelica.Icons.Function;
    input Frames.Orientation R "Orientation of frame 2 relative to frame 1";
    input Real v1[3] "Vector resolved in frame 1";
    input Real v1_der[3] "der(v1)";
    output Real v2_der[3] "Time derivative of the vector resolved in frame 2";
  algorithm
    // d/dt(T*v1) = T*der(v1) - cross(w, T*v1), since der(T) = -skew(w)*T
    v2_der := R.T * v1_der - cross(R.w, R.T * v1);
    annotation(Inline = true);
  end resolve2_der;

  function resolveRelative_der "Time derivative of Frames.resolveRelative(v1, R1, R2)"
    import Modelica.Mechanics.MultiBody.Frames;
    extends Modelica.Icons.Function;
    input Real v1[3] "Vector resolved in frame 1";
    input Frames.Orientation R1 "Orientation of frame 1 relative to frame 0";
    input Frames.Orientation R2 "Orientation of frame 2 relative to frame 0";
    input Real v1_der[3] "der(v1)";
    output Real v2_der[3] "Time derivative of the vector resolved in frame 2";
  algorithm
    // v2 = T2*transpose(T1)*v1; differentiating both factors as in resolve1_der
    // and resolve2_der gives T2*transpose(T1)*(der(v1) + w1 x v1) - w2 x v2.
    v2_der := R2.T * (transpose(R1.T) * (v1_der + cross(R1.w, v1))) - cross(R2.w, R2.T * (transpose(R1.T) * v1));
    annotation(Inline = true);
  end resolveRelative_der;
end Internal;
